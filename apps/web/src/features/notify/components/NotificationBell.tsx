import { BellOutlined } from '@ant-design/icons';
import { Badge, Popover } from 'antd';
import { useContext, useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTIFY_BADGE_MAX } from '@feikong/contracts';
import type { Notification } from '@/api/notifications';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { isPersonalAccount, useSession } from '@/stores/session';
import { useNotifyStream, useUnreadCount } from '../hooks/notify';
import { badgeText, NOTICE_ROUTES, notificationTarget } from '../rules';
import { NotificationPanel } from './NotificationPanel';

/**
 * The header's bell (spec §2.4, §2.5): a badge of unread notifications (99+ above 99) kept live by
 * the notify stream, and on hover the notification popover. A personal account (no organisation)
 * has no notifications, so it sees no bell.
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const { tree } = useContext(RouterMenusContext);
  const personal = useSession((s) => isPersonalAccount(s));
  const [open, setOpen] = useState(false);
  const count = useUnreadCount();
  useNotifyStream();

  if (personal) return null;

  const hasPath = (p: string) => hasMenuPath(tree, p);
  const openItem = (n: Notification) => {
    const to = notificationTarget(n, hasPath);
    setOpen(false);
    if (to) navigate(to);
  };

  return (
    <Popover
      trigger="hover"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      mouseLeaveDelay={0.2}
      classNames={{ root: 'fk-nt-popover' }}
      content={
        <NotificationPanel
          onOpen={openItem}
          onViewAll={
            hasPath(NOTICE_ROUTES.list)
              ? () => {
                  setOpen(false);
                  navigate(NOTICE_ROUTES.list);
                }
              : undefined
          }
        />
      }
    >
      <button
        type="button"
        className="fk-action fk-nt-bell"
        aria-label={count > 0 ? `消息通知，${badgeText(count)} 条未读` : '消息通知'}
        data-testid="notify-bell"
        onClick={() => setOpen(true)}
      >
        <Badge
          count={count}
          overflowCount={NOTIFY_BADGE_MAX}
          size="small"
          offset={[2, -2]}
          data-testid="notify-badge"
        >
          <BellOutlined />
        </Badge>
      </button>
    </Popover>
  );
}
