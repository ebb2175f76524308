/** What the notification centre offers the rest of the server: sending and listing notifications. */
export { registerNotifyRoutes } from './notify.routes.js';
export {
  listNotifications,
  NotifyAction,
  notifyEach,
  notifyUsers,
  withTaskNotifications,
  type NotifyMessage,
} from './notify.service.js';
