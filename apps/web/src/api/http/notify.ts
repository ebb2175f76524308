import { message, Modal } from 'antd';
import { MSG_ERROR_DIALOG_TITLE } from './constants';

/** How the request layer talks to the user. Swappable so the app can use antd's context-aware App. */
export interface Notifier {
  error(msg: string): void;
  warning(msg: string): void;
  /** A confirm dialog titled 错误提示 (spec §8) for calls that ask for errorMode 'dialog'. */
  dialog(msg: string): void;
}

/** Fallback when no provider is mounted: antd's static API. Same-text toasts collapse into one. */
export const antdStaticNotifier: Notifier = {
  error: (msg) => void message.error({ content: msg, key: msg }),
  warning: (msg) => void message.warning({ content: msg, key: msg }),
  dialog: (msg) =>
    void Modal.confirm({ title: MSG_ERROR_DIALOG_TITLE, content: msg, okText: '确定', cancelText: '取消' }),
};

let current: Notifier = antdStaticNotifier;

/** Installs a notifier (null restores the antd static one). */
export function setNotifier(next: Notifier | null): void {
  current = next ?? antdStaticNotifier;
}

export const notify: Notifier = {
  error: (msg) => current.error(msg),
  warning: (msg) => current.warning(msg),
  dialog: (msg) => current.dialog(msg),
};
