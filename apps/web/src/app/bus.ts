/** A tiny typed event bus for app-wide events that are not server state (today: logout). */
export interface LogoutEvent {
  /** expired: a session code from the server; user: the user chose to; child: an embedded app asked. */
  reason: 'expired' | 'user' | 'child';
  /** The envelope status that caused it (98002005 / 98002006), when there is one. */
  code?: number;
}

export interface BusEvents {
  logout: LogoutEvent;
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
