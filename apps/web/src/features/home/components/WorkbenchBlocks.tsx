import {
  AuditOutlined,
  BellOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  CrownOutlined,
  FileDoneOutlined,
  RightOutlined,
  SyncOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Card, Empty, Progress, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  EMPTY_TEXT,
  formatDateTime,
  formatMoney,
  isNoticeHiddenForUi,
  isVersionExpired,
  TaskStatus,
} from '@feikong/contracts';
import type { Workbench, WorkbenchTask } from '@/api/home';
import type { Notification } from '@/api/notifications';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { TODO_LIST_PATH, useTodoCount } from '@/platform/todoCount';
import { useAccess } from '@/components/Access';
import { useSession } from '@/stores/session';
import {
  NotificationItem,
  NOTICE_ROUTES,
  notificationTarget,
  pageQuery,
  useMarkRead,
  useUnreadCount,
} from '@/features/notify';
import {
  expiryDateOfSeconds,
  purchasePath,
  RIGHTS_PERM,
  RIGHTS_ROUTES,
  tenantProductsQuery,
} from '@/features/rights';
import { balancePercent, isLowBalance } from '../rules';

function useHasPath() {
  const { tree } = useContext(RouterMenusContext);
  return (p: string) => hasMenuPath(tree, p);
}

interface Tile {
  key: string;
  label: string;
  value: number;
  icon: ReactNode;
  tone: 'blue' | 'orange' | 'green' | 'red' | 'purple';
  to?: string;
}

/** 待办与动态: the counts the workbench answers, each leading to its page when the user has it. */
export function PendingTiles({ data }: { data: Workbench }) {
  const navigate = useNavigate();
  const hasPath = useHasPath();
  const unread = useUnreadCount();
  const hasTodo = hasPath(TODO_LIST_PATH);
  const todo = useTodoCount(hasTodo);
  const tiles: Tile[] = [
    ...(hasTodo
      ? [
          {
            key: 'todo',
            label: '我的待办',
            value: todo,
            icon: <AuditOutlined />,
            tone: 'orange' as const,
            to: TODO_LIST_PATH,
          },
        ]
      : []),
    {
      key: 'unread',
      label: '未读消息',
      value: unread,
      icon: <BellOutlined />,
      tone: 'blue',
      to: hasPath(NOTICE_ROUTES.list) ? `${NOTICE_ROUTES.list}?status=unread` : undefined,
    },
  ];
  const downloads = hasPath(NOTICE_ROUTES.downloadCenter) ? NOTICE_ROUTES.downloadCenter : undefined;
  if (data.tasks) {
    tiles.push(
      {
        key: 'running',
        label: '进行中任务',
        value: data.tasks.running,
        icon: <SyncOutlined />,
        tone: 'purple',
        to: downloads,
      },
      {
        key: 'done',
        label: '近7天完成任务',
        value: data.tasks.succeeded,
        icon: <CheckCircleOutlined />,
        tone: 'green',
        to: downloads,
      },
      {
        key: 'failed',
        label: '近7天失败任务',
        value: data.tasks.failed,
        icon: <CloseCircleOutlined />,
        tone: 'red',
        to: downloads,
      },
    );
  }
  if (data.pending_orders) {
    const orders = hasPath(RIGHTS_ROUTES.tenantOrder) ? RIGHTS_ROUTES.tenantOrder : undefined;
    tiles.push(
      {
        key: 'toPay',
        label: '待支付订单',
        value: data.pending_orders.pending_payment,
        icon: <WalletOutlined />,
        tone: 'orange',
        to: orders && `${orders}?status=1`,
      },
      {
        key: 'toConfirm',
        label: '待确认订单',
        value: data.pending_orders.awaiting_confirmation,
        icon: <ClockCircleOutlined />,
        tone: 'blue',
        to: orders && `${orders}?status=2`,
      },
    );
  }
  return (
    <Card title="待办与动态" className="fk-home-card" data-testid="home-pending">
      <div
        className="fk-home-tiles"
        style={{
          gridTemplateColumns: `repeat(${tiles.length <= 4 ? tiles.length : Math.ceil(tiles.length / 2)}, minmax(0, 1fr))`,
        }}
      >
        {tiles.map((t) => (
          <button
            type="button"
            key={t.key}
            className={`fk-home-tile fk-home-tone-${t.tone}`}
            disabled={!t.to}
            onClick={() => t.to && navigate(t.to)}
            data-testid={`tile-${t.key}`}
          >
            <span className="fk-home-tile-icon">{t.icon}</span>
            <span className="fk-home-tile-text">
              <span className="fk-home-tile-value">{t.value}</span>
              <span className="fk-home-tile-label">{t.label}</span>
            </span>
          </button>
        ))}
      </div>
    </Card>
  );
}

/** 最新消息: the newest five notifications, live (the stream refreshes them). */
export function LatestNotices() {
  const navigate = useNavigate();
  const hasPath = useHasPath();
  const token = useSession((s) => s.token);
  const list = useQuery({ ...pageQuery(token, { page_num: 1, page_size: 5 }), enabled: !!token });
  const { one } = useMarkRead();
  const open = (n: Notification) => {
    if (n.status === 0) one.mutate(n.id);
    const to = notificationTarget(n, hasPath);
    if (to) navigate(to, { state: { notice: n } });
  };
  const items = list.data?.items ?? [];
  return (
    <Card
      title="最新消息"
      className="fk-home-card fk-home-notices"
      data-testid="home-notices"
      extra={
        hasPath(NOTICE_ROUTES.list) ? (
          <Button type="link" size="small" onClick={() => navigate(NOTICE_ROUTES.list)}>
            查看全部 <RightOutlined />
          </Button>
        ) : undefined
      }
    >
      {list.isPending ? null : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />
      ) : (
        <ul className="fk-nt-list">
          {items.map((n) => (
            <NotificationItem key={n.id} item={n} onOpen={open} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** 产品版本: the tenant's version and how long it runs; 续费 for those who may buy. */
export function VersionCard({ version }: { version: NonNullable<Workbench['version']> }) {
  const navigate = useNavigate();
  const { can } = useAccess();
  const hasPath = useHasPath();
  const expired = isVersionExpired(version.status);
  const days = version.days_left ?? 0;
  const soon = !expired && days <= 30;
  const canRenew = can([RIGHTS_PERM.buy]) && hasPath(RIGHTS_ROUTES.productVersion);
  return (
    <Card className="fk-home-card fk-home-version" data-testid="home-version">
      <div className="fk-home-version-head">
        <span className="fk-home-version-icon">
          <CrownOutlined />
        </span>
        <div>
          <div className="fk-home-version-name">
            {version.product_version_name}
            {Number(version.is_test_version) ? <Tag color="purple">试用</Tag> : null}
          </div>
          <div className="fk-home-muted">有效期至 {expiryDateOfSeconds(version.expired_date)}</div>
        </div>
      </div>
      <div className="fk-home-version-days">
        {expired ? (
          <Tag color="error">已过期</Tag>
        ) : (
          <span>
            剩余 <b className={soon ? 'fk-home-warn' : undefined}>{days}</b> 天
          </span>
        )}
        {canRenew && (
          <Button
            type={expired || soon ? 'primary' : 'default'}
            size="small"
            onClick={() => navigate(purchasePath())}
          >
            {expired ? '立即续费' : '续费 / 升级'}
          </Button>
        )}
      </div>
    </Card>
  );
}

/**
 * 余量提醒 (spec home: balance warning): the tenant's add-on balances, when the server has any; none →
 * not shown. Hidden for the welfare interfaces like the add-on notices (spec §6).
 */
export function BalanceCard() {
  const navigate = useNavigate();
  const hasPath = useHasPath();
  const { can } = useAccess();
  const uiType = useSession((s) => s.ui_type);
  const held = useQuery(tenantProductsQuery);
  const items = held.data?.items ?? [];
  if (items.length === 0 || isNoticeHiddenForUi(1, uiType)) return null;
  const canBuy = can([RIGHTS_PERM.buy]) && hasPath(RIGHTS_ROUTES.productVersion);
  return (
    <Card
      title="增值服务余量"
      className="fk-home-card"
      data-testid="home-balance"
      extra={
        canBuy ? (
          <Button type="link" size="small" onClick={() => navigate(purchasePath('product'))}>
            购买 <RightOutlined />
          </Button>
        ) : undefined
      }
    >
      {items.map((p) => {
        const low = isLowBalance(p.remaining_amount, p.total_amount);
        return (
          <div className="fk-home-balance" key={p.product_id}>
            <div className="fk-home-balance-head">
              <span>{p.product_name}</span>
              {low && <Tag color="warning">余量不足</Tag>}
            </div>
            <Progress
              percent={balancePercent(p.remaining_amount, p.total_amount)}
              status={low ? 'exception' : 'normal'}
              showInfo={false}
              size="small"
            />
            <div className="fk-home-muted">
              剩余 {p.remaining_amount} / {p.total_amount} {p.unit}
            </div>
          </div>
        );
      })}
    </Card>
  );
}

const SPEND_PATH = '/bill/spendAnalysis';
const yuan = (fen: number) => `¥${formatMoney(fen)}`;

/**
 * 本月费用: the money of the caller's own documents this month (approved and still approving) and, for a
 * finance manager (单据分析 holders), the organisation's month, opening 费用分析. Not for the welfare interfaces.
 */
export function SpendCard({ spend }: { spend: NonNullable<Workbench['spend']> }) {
  const navigate = useNavigate();
  const hasPath = useHasPath();
  const { mine, tenant, month } = spend;
  const [y, m] = month.split('-');
  return (
    <Card
      title={`本月费用（${Number(y)}年${Number(m)}月）`}
      className="fk-home-card"
      data-testid="home-spend"
      extra={
        tenant && hasPath(SPEND_PATH) ? (
          <Button type="link" size="small" onClick={() => navigate(SPEND_PATH)}>
            费用分析 <RightOutlined />
          </Button>
        ) : undefined
      }
    >
      <div className="fk-home-spend" data-testid="home-spend-mine">
        <div className="fk-home-muted">我的报销</div>
        <div className="fk-home-spend-row">
          <span>已通过</span>
          <strong>{yuan(mine.approved)}</strong>
        </div>
        <div className="fk-home-spend-row">
          <span>审批中</span>
          <strong>{yuan(mine.approving)}</strong>
        </div>
      </div>
      {tenant && (
        <div className="fk-home-spend" data-testid="home-spend-tenant">
          <div className="fk-home-muted">全公司（{tenant.documents} 张单据）</div>
          <div className="fk-home-spend-row">
            <span>已通过</span>
            <strong>{yuan(tenant.approved)}</strong>
          </div>
          <div className="fk-home-spend-row">
            <span>其中已付款</span>
            <strong>{yuan(tenant.paid)}</strong>
          </div>
          <div className="fk-home-spend-row">
            <span>审批中</span>
            <strong>{yuan(tenant.approving)}</strong>
          </div>
        </div>
      )}
    </Card>
  );
}

const TASK_TAG: Record<number, { color: string; text: string }> = {
  [TaskStatus.running]: { color: 'processing', text: '进行中' },
  [TaskStatus.success]: { color: 'success', text: '成功' },
  [TaskStatus.failure]: { color: 'error', text: '失败' },
};

/** 近期任务: the caller's import / export tasks of the last 7 days (none → not shown). */
export function RecentTasks({ tasks }: { tasks: WorkbenchTask[] }) {
  const navigate = useNavigate();
  const hasPath = useHasPath();
  if (tasks.length === 0) return null;
  return (
    <Card
      title="近期任务"
      className="fk-home-card"
      data-testid="home-tasks"
      extra={
        hasPath(NOTICE_ROUTES.downloadCenter) ? (
          <Button type="link" size="small" onClick={() => navigate(NOTICE_ROUTES.downloadCenter)}>
            下载中心 <RightOutlined />
          </Button>
        ) : undefined
      }
    >
      <ul className="fk-home-tasks">
        {tasks.map((t) => {
          const tag = TASK_TAG[t.status] ?? TASK_TAG[TaskStatus.running];
          return (
            <li key={t.id}>
              <FileDoneOutlined className="fk-home-muted" />
              <span className="fk-home-task-name" title={t.file_name ?? undefined}>
                {t.operating_type_name}
              </span>
              <Tag color={tag.color}>{tag.text}</Tag>
              <span className="fk-home-muted">{formatDateTime(t.created_at, 'MM-DD HH:mm')}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
