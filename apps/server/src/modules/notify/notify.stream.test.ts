import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED, SESSION_MISSING } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { makePersonal, makeStaff, makeTenant } from '../../../test/factories.js';
import { waitFor } from '../../../test/poll.js';
import { resolveToken, revokeSession } from '../../platform/sessions.js';
import { NotifyAction, notifyUsers, type NotifyMessage } from './notify.service.js';
import { NotifyStreamHub, type StreamConnection } from './notify.stream.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

const STREAM = '/notify-center/api/v1/notify/stream';
const msg = (title: string): NotifyMessage => ({
  msg_name: '系统通知',
  title,
  content: '',
  action_code: NotifyAction.system,
});

/** Opens the stream with node's fetch and collects its `data:` events and comment lines. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: any[] = [];
  const comments: string[] = [];
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += decoder.decode(value, { stream: true });
        for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data));
          else comments.push(block);
        }
      }
    })().catch(() => {});
  }
  /** Waits (at most `ms`) for an event equal to `expected` after the first `after` events. */
  const next = (expected: unknown, after: number, ms = 2000) =>
    waitFor(() => events.slice(after).some((e) => JSON.stringify(e) === JSON.stringify(expected)), {
      timeoutMs: ms,
      intervalMs: 10,
      what: `SSE ${JSON.stringify(expected)}`,
    });
  return { res, events, comments, next, close: () => controller.abort() };
}

describe('GET notify/stream (Server-Sent Events)', () => {
  it('pushes the new unread_total within 2 s: written here, written by another process, and on read', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const colleague = await makeStaff(t.db, tenantId);
    await notifyUsers(t.db, tenantId, [s.userId], msg('一'));
    await notifyUsers(t.db, tenantId, [s.userId], msg('二'));

    const stream = await openStream(`${base}${STREAM}?token=${encodeURIComponent(s.token)}`);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await stream.next({ unread_total: 2 }, 0);

      // Through notifyUsers in this process (the in-process signal).
      let seen = stream.events.length;
      let started = Date.now();
      await notifyUsers(t.db, tenantId, [s.userId], msg('三'));
      await stream.next({ unread_total: 3 }, seen);
      expect(Date.now() - started).toBeLessThan(2000);

      // A row written by another process (no signal here): the poll finds it.
      seen = stream.events.length;
      started = Date.now();
      await t.db
        .insertInto('notifications')
        .values({
          tenant_id: tenantId,
          user_id: s.userId,
          msg_name: '系统通知',
          title: '另一进程写入',
          content: '',
          action_code: 101,
          ext_params: '{}',
          read_at: null,
          created_at: Date.now(),
        })
        .execute();
      await stream.next({ unread_total: 4 }, seen);
      expect(Date.now() - started).toBeLessThan(2000);

      // A colleague's notification changes nothing for this person.
      seen = stream.events.length;
      await notifyUsers(t.db, tenantId, [colleague.userId], msg('同事的'));
      await new Promise((r) => setTimeout(r, 1300));
      expect(stream.events.length).toBe(seen);

      // Reading lowers the badge.
      const read = await t.app.inject({
        method: 'POST',
        url: '/notify-center/api/v1/notify/read',
        headers: { 'x-session-token': s.token },
        payload: { hasAll: true },
      });
      expect(read.statusCode).toBe(200);
      await stream.next({ unread_total: 0 }, seen);
    } finally {
      stream.close();
    }
  });

  it('accepts the session header too; a personal account gets 0', async () => {
    const p = await makePersonal(t.db);
    const stream = await openStream(`${base}${STREAM}`, { 'x-session-token': p.token });
    try {
      expect(stream.res.status).toBe(200);
      await stream.next({ unread_total: 0 }, 0);
    } finally {
      stream.close();
    }
  });

  it('refuses a missing, unknown or expired token with the session codes, streaming nothing', async () => {
    const none = await fetch(`${base}${STREAM}`);
    expect(none.status).toBe(401);
    expect((await none.json()) as any).toMatchObject({
      status: SESSION_MISSING,
      msg: '您还未登录，请先登录',
    });
    const unknown = await fetch(`${base}${STREAM}?token=not-a-token`);
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as any).status).toBe(SESSION_MISSING);

    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const found = await resolveToken(t.db, s.token);
    if (found.state !== 'ok') throw new Error('session expected');
    await revokeSession(t.db, found.caller.sessionId, 'logout');
    const revoked = await fetch(`${base}${STREAM}?token=${encodeURIComponent(s.token)}`);
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as any).status).toBe(SESSION_EXPIRED);
  });

  it('forgets a connection when the client goes away', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const before = t.app.notifyStreams.size;
    const stream = await openStream(`${base}${STREAM}?token=${encodeURIComponent(s.token)}`);
    await stream.next({ unread_total: 0 }, 0);
    expect(t.app.notifyStreams.size).toBe(before + 1);
    stream.close();
    await waitFor(() => t.app.notifyStreams.size === before, { timeoutMs: 2000, what: '连接清理' });
  });
});

describe('closing the server', () => {
  it('ends open streams so the server closes promptly', async () => {
    const app = await buildApp({ config: t.config, db: t.db, dialect: t.dialect });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${STREAM}`;
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const stream = await openStream(`${url}?token=${encodeURIComponent(s.token)}`);
    await stream.next({ unread_total: 0 }, 0);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(app.notifyStreams.size).toBe(0);
    stream.close();
  });
});

describe('NotifyStreamHub', () => {
  function fakeConnection(c: { tenantId: number | null; userId: number; sessionId: number }) {
    const written: string[] = [];
    let ended = false;
    const conn: StreamConnection = {
      ...c,
      write: (chunk) => void written.push(chunk),
      end: () => void (ended = true),
    };
    return { conn, written, ended: () => ended };
  }

  it('sends heartbeats and ends the stream of a session that was revoked (logout)', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const found = await resolveToken(t.db, s.token);
    if (found.state !== 'ok') throw new Error('session expected');
    const hub = new NotifyStreamHub(t.db, { pollMs: 50, heartbeatMs: 40, sessionCheckMs: 60 });
    const fake = fakeConnection({ tenantId, userId: s.userId, sessionId: found.caller.sessionId });
    const stop = hub.add(fake.conn);
    try {
      await waitFor(() => fake.written.includes('data: {"unread_total":0}\n\n'), { timeoutMs: 2000 });
      await waitFor(() => fake.written.filter((w) => w === ': heartbeat\n\n').length >= 2, {
        timeoutMs: 2000,
      });
      expect(fake.ended()).toBe(false);
      await revokeSession(t.db, found.caller.sessionId, 'logout');
      await waitFor(() => fake.ended(), { timeoutMs: 2000, what: '会话注销后断开' });
      expect(hub.size).toBe(0);
    } finally {
      stop();
      hub.closeAll();
    }
  });

  it('answers each person their own count, with one query for all connections', async () => {
    const a = await makeTenant(t.db);
    const b = await makeTenant(t.db);
    const sa = await makeStaff(t.db, a.tenantId);
    const sb = await makeStaff(t.db, b.tenantId);
    await notifyUsers(t.db, a.tenantId, [sa.userId], msg('甲'));
    await notifyUsers(t.db, b.tenantId, [sb.userId], msg('乙一'));
    await notifyUsers(t.db, b.tenantId, [sb.userId], msg('乙二'));
    // The same person id in the other tenant must not count there.
    await notifyUsers(t.db, b.tenantId, [sa.userId], msg('甲在乙'));
    const hub = new NotifyStreamHub(t.db, { pollMs: 5000 });
    const fa = fakeConnection({ tenantId: a.tenantId, userId: sa.userId, sessionId: 0 });
    const fb = fakeConnection({ tenantId: b.tenantId, userId: sb.userId, sessionId: 0 });
    hub.add(fa.conn);
    hub.add(fb.conn);
    try {
      await hub.settled();
      await waitFor(() => fa.written.length > 0 && fb.written.length > 0, { timeoutMs: 2000 });
      expect(fa.written).toEqual(['data: {"unread_total":1}\n\n']);
      expect(fb.written).toEqual(['data: {"unread_total":2}\n\n']);
    } finally {
      hub.closeAll();
    }
    expect(fa.ended() && fb.ended()).toBe(true);
    expect(hub.size).toBe(0);
  });
});
