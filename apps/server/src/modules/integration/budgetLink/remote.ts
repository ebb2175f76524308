import { z } from 'zod';
import { BUDGET_DIMENSIONS } from '@feikong/contracts';
import type { Clock } from '../../../platform/types.js';
import { jsonOf, outbound, OutboundError, type OutboundReply } from './outbound.js';
import { openSecret, signRequest } from './secret.js';

/**
 * The external budget system's API as we call it (decision 0056; the tenant's system implements it, a test
 * runs a mock of it). Every request is signed: headers X-Feikong-App-Key, X-Feikong-Timestamp (ms) and
 * X-Feikong-Signature = hex HMAC-SHA256(secret, `ts\nMETHOD\npath\nbody`).
 *   POST {base}/auth                 → 200 {ok: true}; 401/403 when the key or signature is wrong   (测试, 连接)
 *   GET  {base}/budgets/{code}       → 200 {code, nodes: [{key, parent, dimension, value, label, amounts}]} (拉取)
 *   POST {base}/events               → 2xx (delivered), 409 or {duplicate: true} (already had it: delivered)
 *                                       with header Idempotency-Key = the event's key                  (推送)
 */
export interface LinkLimits {
  timeoutMs: number;
  allowPrivate: boolean;
}
export interface LinkContext {
  signingSecret: string;
  limits: LinkLimits;
  clock: Clock;
}
export interface RemoteOf {
  base_url: string;
  app_key: string;
  secret_enc: string;
}

/** Replies of 测试 are small; a budget table may be large (5,000 nodes × 12 periods). */
const SMALL = 64 * 1024;
const TABLE = 4 * 1024 * 1024;

function urlOf(base: string, path: string) {
  return new URL(base.replace(/\/+$/, '') + path);
}

async function call(
  ctx: LinkContext,
  r: RemoteOf,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; maxBytes?: number } = {},
): Promise<OutboundReply> {
  const url = urlOf(r.base_url, path);
  const body = opts.body === undefined ? '' : JSON.stringify(opts.body);
  const ts = ctx.clock();
  const secret = openSecret(ctx.signingSecret, r.secret_enc);
  return outbound(
    url,
    {
      method,
      headers: {
        ...opts.headers,
        'x-feikong-app-key': r.app_key,
        'x-feikong-timestamp': String(ts),
        'x-feikong-signature': signRequest(secret, ts, method, url.pathname + url.search, body),
      },
      ...(opts.body === undefined ? {} : { body }),
    },
    { ...ctx.limits, maxBytes: opts.maxBytes ?? SMALL },
  );
}

/** 测试 / 连接: ok, or the reason in Chinese. */
export async function probe(ctx: LinkContext, r: RemoteOf): Promise<{ ok: boolean; msg: string }> {
  try {
    const res = await call(ctx, r, 'POST', '/auth', { body: { app_key: r.app_key } });
    if (res.status === 401 || res.status === 403)
      return { ok: false, msg: 'AppKey或密钥错误，外部系统拒绝认证' };
    if (res.status < 200 || res.status > 299) return { ok: false, msg: `外部系统返回 HTTP ${res.status}` };
    const j = jsonOf(res.body) as { ok?: unknown } | null;
    if (j?.ok !== true) return { ok: false, msg: '外部系统的应答不是预期的格式' };
    return { ok: true, msg: '连接成功' };
  } catch (err) {
    if (err instanceof OutboundError) return { ok: false, msg: err.reason };
    throw err;
  }
}

const PulledTable = z.object({
  nodes: z
    .array(
      z.object({
        key: z.string().min(1).max(40),
        parent: z.string().max(40).nullable().default(null),
        dimension: z.enum(BUDGET_DIMENSIONS),
        value: z.string().max(64).default(''),
        label: z.string().max(100).default(''),
        amounts: z.record(z.string().max(8), z.number().int().min(0).max(100_000_000_000)).default({}),
      }),
    )
    .min(1)
    .max(5000),
});
export type PulledTable = z.infer<typeof PulledTable>;

/** 拉取: the external budget table, or the reason it could not be had. */
export async function fetchTable(
  ctx: LinkContext,
  r: RemoteOf,
  code: string,
): Promise<{ ok: true; table: PulledTable } | { ok: false; msg: string }> {
  let res: OutboundReply;
  try {
    res = await call(ctx, r, 'GET', `/budgets/${encodeURIComponent(code)}`, { maxBytes: TABLE });
  } catch (err) {
    if (err instanceof OutboundError) return { ok: false, msg: err.reason };
    throw err;
  }
  if (res.status === 404) return { ok: false, msg: `外部系统没有预算「${code}」` };
  if (res.status === 401 || res.status === 403)
    return { ok: false, msg: 'AppKey或密钥错误，外部系统拒绝认证' };
  if (res.status < 200 || res.status > 299) return { ok: false, msg: `外部系统返回 HTTP ${res.status}` };
  const parsed = PulledTable.safeParse(jsonOf(res.body));
  if (!parsed.success) return { ok: false, msg: '外部预算表的格式不正确' };
  return { ok: true, table: parsed.data };
}

/** 推送: delivered (maybe as a duplicate the remote already had), or the reason to retry. */
export async function postEvent(
  ctx: LinkContext,
  r: RemoteOf,
  key: string,
  payload: unknown,
): Promise<{ delivered: true; duplicate: boolean } | { delivered: false; error: string }> {
  let res: OutboundReply;
  try {
    res = await call(ctx, r, 'POST', '/events', { body: payload, headers: { 'idempotency-key': key } });
  } catch (err) {
    if (err instanceof OutboundError) return { delivered: false, error: err.reason };
    throw err;
  }
  if (res.status === 409) return { delivered: true, duplicate: true };
  if (res.status >= 200 && res.status <= 299) {
    const j = jsonOf(res.body) as { duplicate?: unknown } | null;
    return { delivered: true, duplicate: j?.duplicate === true };
  }
  if (res.status === 401 || res.status === 403)
    return { delivered: false, error: 'AppKey或密钥错误，外部系统拒绝认证' };
  return { delivered: false, error: `外部系统返回 HTTP ${res.status}` };
}
