import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '@feikong/contracts';
import { findNotification, type Notification } from '@/api/notifications';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { useSession } from '@/stores/session';
import { notifyKeys, useMarkRead, NOTICE_ROUTES, NotifyAction, parseExtParams } from '@/features/notify';

/**
 * 通知详情 (/home/noticeDetail?id=…): the whole notification, marked read on opening, with a button to
 * what it is about when the user has that page (download centre, 订单记录).
 */
export default function NoticeDetailPage() {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { notice?: Notification } | null };
  const navigate = useNavigate();
  const { tree } = useContext(RouterMenusContext);
  const token = useSession((s) => s.token);
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const passed = state?.notice?.id === id ? state.notice : undefined;
  const notice = useQuery({
    queryKey: notifyKeys.item(token, id),
    queryFn: ({ signal }) => findNotification(id, signal),
    enabled: valid && !!token,
    initialData: passed,
    staleTime: passed ? 30_000 : 0,
  });
  const { one } = useMarkRead();
  const marked = useRef<number | null>(null);
  const n = notice.data;

  useEffect(() => {
    if (n && n.status === 0 && marked.current !== n.id) {
      marked.current = n.id;
      one.mutate(n.id);
    }
  }, [n, one]);

  const back = () => navigate(hasMenuPath(tree, NOTICE_ROUTES.list) ? NOTICE_ROUTES.list : '/');

  if (!valid || notice.isError || (notice.isSuccess && !n)) {
    return (
      <Card>
        <Result
          status="404"
          title="通知不存在"
          subTitle="该通知可能已被删除，或不属于当前账号。"
          extra={
            <Button type="primary" onClick={back}>
              返回消息列表
            </Button>
          }
        />
      </Card>
    );
  }
  if (!n) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  const ext = parseExtParams(n.ext_params);
  const action =
    n.action_code === NotifyAction.taskFinished && hasMenuPath(tree, NOTICE_ROUTES.downloadCenter)
      ? { text: '前往下载中心', to: NOTICE_ROUTES.downloadCenter }
      : n.action_code === NotifyAction.order &&
          ext.order_id !== undefined &&
          hasMenuPath(tree, NOTICE_ROUTES.tenantOrder)
        ? { text: '查看订单', to: `${NOTICE_ROUTES.tenantOrder}?order_id=${ext.order_id}` }
        : null;

  return (
    <Card data-testid="notice-detail">
      <div className="fk-nt-detail">
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back} style={{ paddingLeft: 0 }}>
          返回消息列表
        </Button>
        <h2 className="fk-nt-detail-title">{n.title}</h2>
        <div className="fk-nt-detail-meta">
          <Tag color="blue">{n.msg_name}</Tag>
          <span>{formatDateTime(n.time)}</span>
        </div>
        <div className="fk-nt-detail-content">{n.content}</div>
        {action && (
          <Space>
            <Button type="primary" onClick={() => navigate(action.to)}>
              {action.text}
            </Button>
          </Space>
        )}
      </div>
    </Card>
  );
}
