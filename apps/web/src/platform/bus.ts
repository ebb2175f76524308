/** A tiny typed event bus for app-wide events that are not server state (logout, sign-in). */
export interface LogoutEvent {
  /** expired: a session code from the server; user: the user chose to; child: an embedded app asked. */
  reason: 'expired' | 'user' | 'child';
  /** The envelope status that caused it (98002005 / 98002006), when there is one. */
  code?: number;
}

/**
 * A screen has just signed the user in and the menus are loading; `path` is where it goes next. The shell
 * answers by warming that screen's chunks and data (app/signInPreload.ts) — a screen cannot call it
 * directly: the preload imports the screens.
 */
export interface SignedInEvent {
  path: string;
}

/**
 * The live badge saw the unread count rise: a notice arrived (often an approval step), so counts that
 * follow approval steps (我的待办) refetch (platform/todoCount.ts).
 */
export interface NotifiedEvent {
  unreadTotal: number;
}

export interface BusEvents {
  logout: LogoutEvent;
  signedIn: SignedInEvent;
  notified: NotifiedEvent;
}

type Handler<T> = (payload: T) => void;

export function createBus<E extends object>() {
  const handlers = new Map<keyof E, Set<Handler<never>>>();
  return {
    on<K extends keyof E>(name: K, handler: Handler<E[K]>): () => void {
      const set = handlers.get(name) ?? new Set();
      set.add(handler as Handler<never>);
      handlers.set(name, set);
      return () => void set.delete(handler as Handler<never>);
    },
    emit<K extends keyof E>(name: K, payload: E[K]): void {
      // Copy first: a handler may unsubscribe while we iterate.
      for (const h of [...(handlers.get(name) ?? [])]) (h as Handler<E[K]>)(payload);
    },
  };
}

export const bus = createBus<BusEvents>();
