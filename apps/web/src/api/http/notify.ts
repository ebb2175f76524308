import { message, Modal } from 'antd';
import { MSG_ERROR_DIALOG_TITLE } from './constants';

/** How the request layer talks to the user. Swappable so the app can use antd's context-aware App. */
export interface Notifier {
  error(msg: string): void;
  /** `seconds`: how long it stays (antd's default 3 when absent). */
  warning(msg: string, seconds?: number): void;
  /** A confirm dialog titled 错误提示 (spec §8) for calls that ask for errorMode 'dialog'. */
  dialog(msg: string): void;
}

/** Fallback when no provider is mounted: antd's static API. Same-text toasts collapse into one. */
export const antdStaticNotifier: Notifier = {
  error: (msg) => void message.error({ content: msg, key: msg }),
  warning: (msg, seconds) => void message.warning({ content: msg, key: msg, duration: seconds }),
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
  warning: (msg, seconds) => current.warning(msg, seconds),
  dialog: (msg) => current.dialog(msg),
};
