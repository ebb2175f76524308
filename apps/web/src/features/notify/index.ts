// What the notification centre offers the shell (the bell) and home (the notice list and detail).
// Its styles come with it: home's notice screens use the same classes.
import './notify.css';

export { NotificationBell } from './components/NotificationBell';
export { NotificationItem } from './components/NotificationItem';
export { notifyKeys, pageQuery, unreadQuery, useMarkRead, useUnreadCount } from './hooks/notify';
export { NOTICE_ROUTES, noticeDetailPath, notificationTarget, NotifyAction, parseExtParams } from './rules';
