import {
  CHANNEL_BODY_LIMIT,
  ChannelOrderBody,
  ChannelRefundBody,
  OrderStatusLabel,
  type ChannelOrderReply,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import { placeOrder, refundOrder, type IntakeChannel, type OrderDoors } from './intake.service.js';
import { OrderCode, orderErrors } from './orders.errors.js';
import * as repo from './orders.repo.js';

/**
 * The operator's replay of a channel's orders (issue 21; `npm run ops -- replay-orders`): each line of a
 * JSON-lines file is one body the channel sends (an order, or a refund when it has a refundId), put through
 * the same intake functions as the signed requests — nothing is signed, the operator runs in process.
 * Idempotent on the channel's order and refund ids: a second replay of the same file changes nothing.
 */

export const REPLAY_LIMITS = {
  /** The largest file read. */
  fileBytes: 10 * 1024 * 1024,
  /** The most lines (blank lines included) read. */
  lines: 20_000,
  /** One line is one request body: the intake's own limit. */
  lineBytes: CHANNEL_BODY_LIMIT,
} as const;

export interface ReplayChannel extends IntakeChannel {
  code: string;
  name: string;
}

/**
 * The enabled channel with this code; `tenantId` is needed when several organisations use the code.
 */
export async function replayChannel(db: Db, code: string, tenantId?: number): Promise<ReplayChannel> {
  let q = db
    .selectFrom('spend_channels')
    .select(['id', 'tenant_id', 'code', 'name', 'source', 'enabled'])
    .where('code', '=', code);
  if (tenantId !== undefined) q = q.where('tenant_id', '=', tenantId);
  const rows = await q.orderBy('id').limit(2).execute();
  if (rows.length === 0) throw orderErrors.channelNotFound();
  if (rows.length > 1)
    throw new AppError(
      OrderCode.channelNotFound,
      `多个组织使用渠道编码「${code}」，请用 --tenant 指定组织ID`,
      409,
    );
  const r = rows[0]!;
  // A stopped channel's orders are refused at the intake; the replay refuses them too.
  if (Number(r.enabled) !== 1)
    throw new AppError(OrderCode.channelDisabled, `渠道「${r.name}」已停用，启用后再重放`, 403);
  return {
    id: Number(r.id),
    tenantId: Number(r.tenant_id),
    source: Number(r.source),
    code: r.code,
    name: r.name,
  };
}

/** What one line came to: 成功 / 拒绝 (by a rule or by the intake) / 重复 (already there) / 错误 (a bad line). */
export interface ReplayOutcome {
  kind: 'ok' | 'refused' | 'repeat' | 'bad';
  /** The channel's order id (and refund id), when the line named them. */
  ref: string;
  /** The Chinese sentence printed after the verdict. */
  text: string;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

function invalid(schema: z.ZodObject, error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => {
      const key = i.path[0];
      const label = typeof key === 'string' ? (schema.shape[key]?.description ?? key) : '';
      return label ? `${label}：${i.message}` : i.message;
    })
    .join('；');
}

function orderText(r: ChannelOrderReply): string {
  const status = OrderStatusLabel[r.status];
  if (r.status === 'refused')
    return `${status}：${r.voices.find((v) => v.effect === 'refuse')?.message ?? ''}`;
  const split =
    r.employeePays > 0
      ? `企业支付 ${yuan(r.companyPays)}，个人支付 ${yuan(r.employeePays)}`
      : `企业支付 ${yuan(r.companyPays)}`;
  return `${status}，${split}`;
}

/**
 * One line of the file through the intake. Never throws for what the line says (bad JSON, bad fields, an
 * unknown staff member, a refund too large): that is its outcome. Database failures do throw.
 */
export async function replayLine(
  db: Db,
  doors: OrderDoors,
  channel: IntakeChannel,
  line: string,
  now: number,
): Promise<ReplayOutcome> {
  if (Buffer.byteLength(line) > REPLAY_LIMITS.lineBytes)
    return { kind: 'bad', ref: '', text: `单行超过 ${REPLAY_LIMITS.lineBytes / 1024} KB` };
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { kind: 'bad', ref: '', text: '不是有效的 JSON' };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { kind: 'bad', ref: '', text: '每行应为一个 JSON 对象' };
  const isRefund = 'refundId' in raw;
  const schema = isRefund ? ChannelRefundBody : ChannelOrderBody;
  const parsed = schema.safeParse(raw);
  const named = raw as { orderId?: unknown; refundId?: unknown };
  const ref = [named.orderId, named.refundId].filter((v) => typeof v === 'string').join(' / ');
  if (!parsed.success) return { kind: 'bad', ref, text: invalid(schema, parsed.error) };
  try {
    if (isRefund) {
      const body = parsed.data as z.output<typeof ChannelRefundBody>;
      const seen = await repo.findRefund(db, channel.tenantId, channel.id, body.refundId);
      const r = await refundOrder(db, doors, channel, body, now);
      const text = `${OrderStatusLabel[r.status]}，退款 ${yuan(r.amount)}（企业退回 ${yuan(r.quotaBack + r.orgBack)}，个人退回 ${yuan(r.employeeBack)}）`;
      return { kind: seen ? 'repeat' : 'ok', ref, text };
    }
    const body = parsed.data as z.output<typeof ChannelOrderBody>;
    const seen = await repo.findOrder(db, channel.tenantId, channel.id, body.orderId);
    const r = await placeOrder(db, doors, channel, body, now);
    return { kind: seen ? 'repeat' : r.status === 'refused' ? 'refused' : 'ok', ref, text: orderText(r) };
  } catch (err) {
    if (err instanceof AppError) return { kind: 'refused', ref, text: err.msg };
    throw err;
  }
}
