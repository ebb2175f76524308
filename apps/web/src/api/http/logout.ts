import { bus, type LogoutEvent } from '../../platform/bus';
import { MSG_SESSION_EXPIRED, SESSION_EXPIRED_SECONDS } from './constants';
import { notify } from './notify';

/**
 * Where logout events go. Embedded in a micro-frontend container, the container owns the session:
 * it passes a `logout` function in its props and we forward to it. Standalone, the local bus.
 */
export type LogoutChannel = (event: LogoutEvent) => void;

let channel: LogoutChannel | null = null;

export function setLogoutChannel(fn: LogoutChannel | null): void {
  channel = fn;
}

// Several calls fail together when a session expires; warn and log out once per expired token.
let lastLoggedOutToken: string | undefined | null = null;

/** Sends a logout event; `token` is the token the failing call used (dedupes concurrent failures). */
export function emitLogout(event: LogoutEvent, token?: string): void {
  if (event.reason === 'expired') {
    if (lastLoggedOutToken === token) return;
    lastLoggedOutToken = token;
  }
  if (channel) {
    channel(event);
    return;
  }
  // Longer than a toast's 3 s: it is read on the login page the user was just sent to, after the jump.
  if (event.reason === 'expired') notify.warning(MSG_SESSION_EXPIRED, SESSION_EXPIRED_SECONDS);
  bus.emit('logout', event);
}

/** Test hook: forget which token was already logged out. */
export function resetLogoutLatch(): void {
  lastLoggedOutToken = null;
}
