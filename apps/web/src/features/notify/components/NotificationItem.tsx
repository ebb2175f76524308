import { formatDateTime } from '@feikong/contracts';
import type { Notification } from '@/api/notifications';

/** One notification row: unread dot, category, title, two lines of content, time. */
export function NotificationItem({
  item,
  onOpen,
}: {
  item: Notification;
  onOpen: (n: Notification) => void;
}) {
  const unread = item.status === 0;
  return (
    <li>
      <button
        type="button"
        className={`fk-nt-item${unread ? ' fk-nt-item-unread' : ''}`}
        onClick={() => onOpen(item)}
        data-testid="notify-item"
      >
        <span className="fk-nt-dot" aria-hidden />
        <span className="fk-nt-body">
          <span className="fk-nt-head">
            <span className="fk-nt-title">{item.title}</span>
            <span className="fk-nt-time">{formatDateTime(item.time, 'MM-DD HH:mm')}</span>
          </span>
          <span className="fk-nt-content">{item.content}</span>
          <span className="fk-nt-cat">{item.msg_name}</span>
        </span>
      </button>
    </li>
  );
}
