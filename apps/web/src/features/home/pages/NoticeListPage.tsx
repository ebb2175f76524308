import { CheckOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Pagination, Segmented, Skeleton } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { EMPTY_TEXT, MARK_ALL_READ, NotifyListQuery } from '@feikong/contracts';
import type { Notification } from '@/api/notifications';
import { ListSearch, SNAKE_PAGE, useListParams } from '@/components/ListPage';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { useSession } from '@/stores/session';
import {
  NotificationItem,
  pageQuery,
  useMarkRead,
  useUnreadCount,
  noticeDetailPath,
  NotifyAction,
  notificationTarget,
} from '@/features/notify';

/**
 * 消息通知 (/home/noticeList): every notification of the user, filtered by 全部 / 未读 / 已读 and a
 * keyword, 10 a page; filters and page live in the URL (useListParams of the list frame; a feed of
 * items rather than a table of columns). A click opens the notice detail (or, for tasks, the download
 * centre).
 */
export default function NoticeListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { tree } = useContext(RouterMenusContext);
  const token = useSession((s) => s.token);
  const u = useListParams(NotifyListQuery, SNAKE_PAGE);
  const filter = u.query.status === 'unread' || u.query.status === 'read' ? u.query.status : 'all';
  const unread = useUnreadCount();
  const { one, all } = useMarkRead();
  const q = { ...u.query, status: filter === 'all' ? undefined : filter };
  const list = useQuery({ ...pageQuery(token, q), placeholderData: keepPreviousData });

  const open = (n: Notification) => {
    if (n.status === 0) one.mutate(n.id);
    // Orders and tasks go where they belong; everything else to its detail page.
    const special = n.action_code === NotifyAction.taskFinished || n.action_code === NotifyAction.order;
    const to = special ? notificationTarget(n, (p) => hasMenuPath(tree, p)) : noticeDetailPath(n.id);
    if (to) navigate(to, { state: { notice: n } });
  };

  const items = list.data?.items ?? [];
  return (
    <Card
      className="fk-nt-page"
      title="消息通知"
      data-testid="notice-list"
      extra={
        <Button
          icon={<CheckOutlined />}
          disabled={unread === 0}
          loading={all.isPending}
          onClick={() => all.mutate(undefined, { onSuccess: () => void message.success(MARK_ALL_READ) })}
        >
          全部标记为已读
        </Button>
      }
    >
      <div className="fk-toolbar">
        <Segmented
          value={filter}
          onChange={(v) => u.set({ status: v === 'all' ? undefined : String(v) })}
          options={[
            { label: '全部', value: 'all' },
            { label: unread > 0 ? `未读 ${unread > 99 ? '99+' : unread}` : '未读', value: 'unread' },
            { label: '已读', value: 'read' },
          ]}
        />
        <ListSearch
          debounce
          value={u.query.keyword}
          placeholder="请输入关键字"
          style={{ width: 260 }}
          onSearch={(v) => u.set({ keyword: v })}
          aria-label="搜索通知"
        />
      </div>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} style={{ padding: '48px 0' }} />
      ) : (
        <ul className="fk-nt-list">
          {items.map((n) => (
            <NotificationItem key={n.id} item={n} onOpen={open} />
          ))}
        </ul>
      )}
      {(list.data?.page.total ?? 0) > u.pageSize && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={u.pageNum}
          pageSize={u.pageSize}
          total={list.data?.page.total ?? 0}
          showSizeChanger={false}
          showTotal={(t) => `共 ${t} 条`}
          onChange={(p) => u.setPage(p, u.pageSize)}
        />
      )}
    </Card>
  );
}
