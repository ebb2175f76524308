import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signRequest } from './secret.js';

/**
 * A mock of a tenant's external budget system (the API of remote.ts), on node:http at an ephemeral port:
 * checks the app key and the signature, serves budget tables, takes events by Idempotency-Key and can be
 * told to fail (500s), to hang, or to answer a duplicate. Not a test file itself.
 */
export interface MockEvent {
  key: string;
  body: any;
}
export async function startBudgetMock(opts: { appKey: string; secret: string }) {
  const state = {
    /** Every event POST that reached the mock (duplicates included). */
    posts: [] as MockEvent[],
    /** Events the mock took, once per Idempotency-Key. */
    accepted: new Map<string, any>(),
    /** The next n event POSTs answer 500. */
    failNext: 0,
    /** Requests wait this long before answering (the timeout test). */
    hangMs: 0,
    /** How a second delivery of a known key is answered: 409, or 200 {duplicate: true}. */
    duplicateAs: 409 as 409 | 200,
    tables: new Map<string, unknown>(),
    /** Table fetches answer 500. */
    tablesDown: false,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const reply = (status: number, data: unknown) => {
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(data));
        };
        if (state.hangMs > 0) setTimeout(send, state.hangMs);
        else send();
      };
      // A reply larger than any cap (the response-size test), before the signature check.
      if (req.url === '/big') return reply(200, { filler: 'x'.repeat(10_000) });
      const ts = Number(req.headers['x-feikong-timestamp']);
      const sig = signRequest(opts.secret, ts, req.method ?? '', req.url ?? '', body);
      if (req.headers['x-feikong-app-key'] !== opts.appKey || req.headers['x-feikong-signature'] !== sig)
        return reply(401, { ok: false, msg: 'bad signature' });
      const url = new URL(req.url ?? '/', 'http://mock');
      if (req.method === 'POST' && url.pathname === '/auth') return reply(200, { ok: true });
      const m = /^\/budgets\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        if (state.tablesDown) return reply(500, { ok: false });
        const t = state.tables.get(decodeURIComponent(m[1]!));
        return t ? reply(200, t) : reply(404, { ok: false });
      }
      if (req.method === 'POST' && url.pathname === '/events') {
        const key = String(req.headers['idempotency-key'] ?? '');
        state.posts.push({ key, body: JSON.parse(body) });
        if (state.failNext > 0) {
          state.failNext--;
          return reply(500, { ok: false });
        }
        if (state.accepted.has(key))
          return state.duplicateAs === 409
            ? reply(409, { duplicate: true })
            : reply(200, { duplicate: true });
        state.accepted.set(key, JSON.parse(body));
        return reply(200, { ok: true });
      }
      reply(404, { ok: false });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
