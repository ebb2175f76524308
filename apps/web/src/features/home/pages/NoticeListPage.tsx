import { CheckOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Input, Pagination, Segmented, Skeleton } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EMPTY_TEXT, MARK_ALL_READ, PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@feikong/contracts';
import type { Notification, NotifyStatus } from '@/api/notifications';
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
import { useDebouncedValue } from '@/components/useDebouncedValue';

type Filter = 'all' | NotifyStatus;
const filterOf = (v: string | null): Filter => (v === 'unread' || v === 'read' ? v : 'all');

/**
 * 消息通知 (/home/noticeList): every notification of the user, filtered by 全部 / 未读 / 已读 and a
 * keyword, 10 a page; filters and page live in the URL. A click opens the notice detail (or, for tasks,
 * the download centre).
 */
export default function NoticeListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { tree } = useContext(RouterMenusContext);
  const token = useSession((s) => s.token);
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('status'));
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const [input, setInput] = useState(params.get('keyword') ?? '');
  const keyword = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const unread = useUnreadCount();
  const { one, all } = useMarkRead();

  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(patch)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );

  const urlKeyword = params.get('keyword') ?? '';
  useEffect(() => {
    if (keyword !== urlKeyword) set({ keyword: keyword || undefined, page: undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced keyword settles
  }, [keyword]);

  const q = {
    page_num: pageNum,
    page_size: PAGE_SIZE.notifications,
    keyword: urlKeyword || undefined,
    status: filter === 'all' ? undefined : filter,
  };
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
          onChange={(v) => set({ status: v === 'all' ? undefined : String(v), page: undefined })}
          options={[
            { label: '全部', value: 'all' },
            { label: unread > 0 ? `未读 ${unread > 99 ? '99+' : unread}` : '未读', value: 'unread' },
            { label: '已读', value: 'read' },
          ]}
        />
        <Input
          allowClear
          prefix={<SearchOutlined className="fk-nt-muted" />}
          placeholder="请输入关键字"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          style={{ width: 260 }}
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
      {(list.data?.page.total ?? 0) > PAGE_SIZE.notifications && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={pageNum}
          pageSize={PAGE_SIZE.notifications}
          total={list.data?.page.total ?? 0}
          showSizeChanger={false}
          showTotal={(t) => `共 ${t} 条`}
          onChange={(p) => set({ page: p === 1 ? undefined : String(p) })}
        />
      )}
    </Card>
  );
}
