import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/types.js';
import { liveSessionIds, unreadCountsFor } from './notify.repo.js';
import { NOTIFY_CHANGED, notifyBus, type NotifyChanged } from './notify.service.js';

/**
 * The live badge (GET notify/stream, Server-Sent Events): pushes {unread_total} to each connected
 * person whenever their count changes.
 *
 * How a change is noticed, in one process and across several:
 * - every `pollMs` (1 s) one grouped COUNT over the notifications of the people connected to this
 *   process — the fallback that works when another process wrote the row (N processes behind a load
 *   balancer, the ops CLI, a job worker);
 * - at once when this process wrote it: notifyUsers / notify/read signal the in-process bus, which
 *   triggers the same query right away.
 * Either way the value pushed is read from the table, so it is always the true count.
 * Every `heartbeatMs` (25 s) a comment line keeps proxies from closing the idle connection; every
 * `sessionCheckMs` (30 s) connections whose session was revoked (logout) or expired are closed.
 */

export interface StreamConnection {
  tenantId: number | null;
  userId: number;
  sessionId: number;
  /** Writes raw SSE text. */
  write(chunk: string): void;
  end(): void;
}

interface Tracked {
  conn: StreamConnection;
  last: number | null;
}

export interface HubOptions {
  pollMs?: number;
  heartbeatMs?: number;
  sessionCheckMs?: number;
  clock?: Clock;
}

export function sseEvent(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

export class NotifyStreamHub {
  private readonly tracked = new Set<Tracked>();
  private timers: NodeJS.Timeout[] = [];
  private refreshing: Promise<void> | null = null;
  private again = false;
  private readonly pollMs: number;
  private readonly heartbeatMs: number;
  private readonly sessionCheckMs: number;
  private readonly clock: Clock;
  private readonly onChanged = (e: NotifyChanged) => {
    for (const t of this.tracked) {
      if (t.conn.tenantId === e.tenantId && e.userIds.includes(t.conn.userId)) {
        this.poke();
        return;
      }
    }
  };

  constructor(
    private readonly db: Db,
    opts: HubOptions = {},
    private readonly log?: { error(obj: unknown, msg: string): void },
  ) {
    this.pollMs = opts.pollMs ?? 1000;
    this.heartbeatMs = opts.heartbeatMs ?? 25_000;
    this.sessionCheckMs = opts.sessionCheckMs ?? 30_000;
    this.clock = opts.clock ?? Date.now;
  }

  /** How many streams are open in this process. */
  get size(): number {
    return this.tracked.size;
  }

  /** Starts pushing to a connection: its current count is sent at once. Answers the function that stops it. */
  add(conn: StreamConnection): () => void {
    const t: Tracked = { conn, last: null };
    this.tracked.add(t);
    if (this.tracked.size === 1) this.start();
    this.poke();
    return () => this.remove(t);
  }

  /** Ends every stream (the app is closing). */
  closeAll() {
    for (const t of [...this.tracked]) {
      this.remove(t);
      t.conn.end();
    }
  }

  /** Re-reads the counts now (coalesced: one query runs at a time, one more follows if asked meanwhile). */
  poke() {
    if (this.refreshing) {
      this.again = true;
      return;
    }
    this.refreshing = this.refresh()
      .catch((err) => this.log?.error({ err }, 'notify stream refresh failed'))
      .finally(() => {
        this.refreshing = null;
        if (this.again && this.tracked.size > 0) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Resolves once the refresh in flight (if any) is done: for tests. */
  async settled() {
    while (this.refreshing) await this.refreshing;
  }

  private remove(t: Tracked) {
    if (!this.tracked.delete(t)) return;
    if (this.tracked.size === 0) this.stop();
  }

  private start() {
    notifyBus.on(NOTIFY_CHANGED, this.onChanged);
    const every = (ms: number, fn: () => void) => {
      const timer = setInterval(fn, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.pollMs, () => this.poke());
    every(this.heartbeatMs, () => {
      for (const t of [...this.tracked]) this.write(t, ': heartbeat\n\n');
    });
    every(this.sessionCheckMs, () => {
      this.checkSessions().catch((err) => this.log?.error({ err }, 'notify stream session check failed'));
    });
  }

  private stop() {
    notifyBus.off(NOTIFY_CHANGED, this.onChanged);
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  private write(t: Tracked, chunk: string) {
    // A closed socket is removed by its close event; until then a write is simply lost.
    if (this.tracked.has(t)) t.conn.write(chunk);
  }

  private async refresh() {
    const list = [...this.tracked];
    if (list.length === 0) return;
    const people = list
      .filter((t) => t.conn.tenantId !== null)
      .map((t) => ({ tenantId: t.conn.tenantId as number, userId: t.conn.userId }));
    const counts = await unreadCountsFor(this.db, people);
    for (const t of list) {
      const n = t.conn.tenantId === null ? 0 : (counts.get(`${t.conn.tenantId}:${t.conn.userId}`) ?? 0);
      if (n === t.last) continue;
      t.last = n;
      this.write(t, sseEvent({ unread_total: n }));
    }
  }

  private async checkSessions() {
    // Session 0 is the development fake user: it has no row to check.
    const list = [...this.tracked].filter((t) => t.conn.sessionId !== 0);
    const live = await liveSessionIds(this.db, [...new Set(list.map((t) => t.conn.sessionId))], this.clock());
    for (const t of list) {
      if (live.has(t.conn.sessionId)) continue;
      this.remove(t);
      t.conn.end();
    }
  }
}
