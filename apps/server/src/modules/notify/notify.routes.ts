import type { FastifyRequest } from 'fastify';
import {
  envelopeOf,
  NotifyListQuery,
  NotifyPage,
  NotifyReadBody,
  NotifyReadReply,
  NotifyStreamQuery,
} from '@feikong/contracts';
import { signedInCaller } from '../../platform/auth.js';
import { PUBLIC, SIGNED_IN, type Caller } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { sessionErrors } from '../../platform/http.js';
import { resolveToken } from '../../platform/sessions.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { listNotifications, readNotifications } from './notify.service.js';
import { NotifyStreamHub } from './notify.stream.js';

const P = '/notify-center/api/v1';
const tags = ['notify'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Open live-badge streams of this app (notify/stream). */
    notifyStreams: NotifyStreamHub;
  }
}

/** Notification centre (spec §7.6) and its live badge. */
export function registerNotifyRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;
  const hub = new NotifyStreamHub(db, { clock }, app.log);
  app.decorate('notifyStreams', hub);
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => hub.closeAll());

  app.get(
    `${P}/notify/list`,
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: '我的通知（分页，含未读总数 unread_total）',
        querystring: NotifyListQuery,
        response: { 200: envelopeOf(NotifyPage) },
      },
    },
    async (req) => ok(await listNotifications(db, signedInCaller(req), req.query)),
  );

  app.post(
    `${P}/notify/read`,
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: '标记已读：{id} 一条，或 {hasAll: true} 全部',
        body: NotifyReadBody,
        response: { 200: envelopeOf(NotifyReadReply) },
      },
    },
    async (req) => {
      const body = req.body;
      const result = await readNotifications(db, signedInCaller(req), body, clock());
      return ok(result, body.hasAll ? '已全部标记为已读！' : undefined);
    },
  );

  /*
   * Live unread badge as Server-Sent Events. The browser's EventSource cannot send headers, so this one
   * route also takes the session token as the query parameter `token` (a header token works too). The
   * platform auth hook only reads the header, so the route is declared PUBLIC to the hook and checks the
   * session itself before anything is streamed: no valid session → the usual 401 envelope. No other
   * route accepts a token in the URL, because URLs end up in logs, history and Referer headers; here the
   * route's log level is raised to warn so the request line (with the token) is not logged.
   */
  app.get(
    `${P}/notify/stream`,
    {
      config: { permission: PUBLIC, rawReply: true },
      logLevel: 'warn',
      schema: {
        tags,
        summary: '未读数实时推送（SSE，data: {unread_total}）',
        querystring: NotifyStreamQuery,
      },
    },
    async (req, reply) => {
      const caller = await streamCaller(req, req.query.token);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': String(req.id),
      });
      res.write('retry: 3000\n\n');
      const stop = hub.add({
        tenantId: caller.tenantId,
        userId: caller.userId,
        sessionId: caller.sessionId,
        write: (chunk) => {
          if (!res.writableEnded && !res.destroyed) res.write(chunk);
        },
        end: () => {
          if (!res.writableEnded) res.end();
        },
      });
      res.on('close', stop);
      return reply;
    },
  );

  async function streamCaller(req: FastifyRequest, token: string | undefined): Promise<Caller> {
    if (req.caller) return req.caller; // a valid X-Session-Token header (resolved by the auth hook)
    if (!token) throw sessionErrors.missingToken();
    const found = await resolveToken(db, token, clock());
    if (found.state === 'ok') return found.caller;
    throw found.state === 'expired' ? sessionErrors.expired() : sessionErrors.unknownToken();
  }
}
