import { createHash } from 'node:crypto';
import type { Db } from '../../../platform/db/database.js';
import { budgetNodesByIds, type BudgetLedgerListener, type LedgerAppended } from '../../budget/index.js';
import { postEvent, type LinkContext } from './remote.js';

/**
 * 推送 (decision 0056): the budget ledger's listener writes one outbox row per (budget, document line, round,
 * kind) of a linked budget — in the document step's transaction, so a rolled-back step pushes nothing — and
 * the sender delivers them: POST {base}/events with Idempotency-Key and the signature, backoff on failure.
 */

/** Attempts before an event is 推送失败 (the screen's 重试 starts it again). */
export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 3600_000;
/** How long a sender holds a claimed event; past it another sender may take it (a crashed one). */
export const LEASE_MS = 120_000;

/** Wait after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 h. */
export function backoffMs(attempts: number) {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** The event's idempotency key: the same ledger move always gives the same key. */
export function eventKey(
  tenantId: number,
  r: Pick<LedgerAppended, 'budget_id' | 'source_type' | 'source_id' | 'source_line' | 'round' | 'kind'>,
) {
  return createHash('sha256')
    .update(
      `${tenantId}|${r.budget_id}|${r.source_type}|${r.source_id}|${r.source_line}|${r.round}|${r.kind}`,
    )
    .digest('hex');
}

export const ledgerToOutbox: BudgetLedgerListener = async (trx, rows) => {
  const tenantId = rows[0]!.tenant_id;
  const budgetIds = [...new Set(rows.map((r) => r.budget_id))];
  const links = await trx
    .selectFrom('budget_links as l')
    .innerJoin('budget_interfaces as i', 'i.id', 'l.interface_id')
    .select(['l.id', 'l.interface_id', 'l.budget_id', 'l.external_code'])
    .where('l.tenant_id', '=', tenantId)
    .where('i.tenant_id', '=', tenantId)
    .where('i.deleted_at', 'is', null)
    .where('l.budget_id', 'in', budgetIds)
    .execute();
  if (links.length === 0) return;
  const linkOf = new Map(links.map((l) => [Number(l.budget_id), l]));
  const mine = rows.filter((r) => linkOf.has(r.budget_id));
  const nodes = await budgetNodesByIds(trx, tenantId, [...new Set(mine.map((r) => r.node_id))]);
  const nodeOf = new Map(nodes.map((n) => [Number(n.id), n]));
  const groups = new Map<string, LedgerAppended[]>();
  for (const r of mine) {
    const k = eventKey(tenantId, r);
    (groups.get(k) ?? groups.set(k, []).get(k)!).push(r);
  }
  const now = Math.max(...mine.map((r) => r.created_at));
  const values = [...groups].map(([key, g]) => {
    const first = g[0]!;
    const link = linkOf.get(first.budget_id)!;
    // The line's most specific node: one no other node of the move hangs under.
    const parents = new Set(g.map((r) => Number(nodeOf.get(r.node_id)?.parent_id ?? 0)));
    const leaf = nodeOf.get(g.find((r) => !parents.has(r.node_id))?.node_id ?? first.node_id);
    const payload = {
      event_id: key,
      kind: first.kind,
      budget_code: link.external_code,
      period: first.period,
      amount: first.amount,
      node: leaf ? { dimension: leaf.dimension, value: leaf.value, label: leaf.label } : null,
      source: { type: first.source_type, id: first.source_id, line: first.source_line, round: first.round },
      occurred_at: first.created_at,
    };
    return {
      tenant_id: tenantId,
      interface_id: Number(link.interface_id),
      link_id: Number(link.id),
      budget_id: first.budget_id,
      source_id: first.source_id,
      idempotency_key: key,
      kind: first.kind,
      period: first.period,
      amount: first.amount,
      payload: JSON.stringify(payload),
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    };
  });
  if (values.length === 0) return;
  await trx
    .insertInto('budget_link_events')
    .values(values)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
};

const due = (now: number) => (eb: any) =>
  eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
  ]);
/** In order per link and document: no earlier event of the same link and document is undelivered. */
const inTurn = (eb: any) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('budget_link_events as p')
        .select('p.id')
        .whereRef('p.link_id', '=', 'budget_link_events.link_id')
        .whereRef('p.source_id', '=', 'budget_link_events.source_id')
        .whereRef('p.id', '<', 'budget_link_events.id')
        .where('p.status', '!=', 'delivered'),
    ),
  );

/**
 * Delivers the events that are due (pending and their time has come, or claimed by a sender whose lease ran
 * out). Each event is claimed with one conditional UPDATE first — of two senders (two processes, or two ticks)
 * exactly one gets it — then sent; `delivered` is written only by the claim's holder, once. A document's events
 * go in order: one waits while an earlier event of its link and document is undelivered (a use never arrives
 * before its occupy; a 推送失败 holds the document's later events until 重试).
 */
export async function deliverDueEvents(
  db: Db,
  ctx: LinkContext,
  opts: { limit?: number; tenantId?: number } = {},
) {
  const now = ctx.clock();
  let q = db
    .selectFrom('budget_link_events')
    .select(['id'])
    .where(due(now))
    .orderBy('id')
    .limit(opts.limit ?? 100);
  if (opts.tenantId !== undefined) q = q.where('tenant_id', '=', opts.tenantId);
  const candidates = await q.execute();
  const out = { delivered: 0, duplicates: 0, retrying: 0, failed: 0 };
  for (const c of candidates) {
    const claimed = await db
      .updateTable('budget_link_events')
      .set((eb) => ({
        status: 'sending',
        lease_until: now + LEASE_MS,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', c.id)
      .where(due(now))
      .where(inTurn)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const e = await db
      .selectFrom('budget_link_events as e')
      .innerJoin('budget_interfaces as i', 'i.id', 'e.interface_id')
      .select([
        'e.id',
        'e.idempotency_key',
        'e.payload',
        'e.attempts',
        'i.base_url',
        'i.app_key',
        'i.secret_enc',
        'i.deleted_at',
      ])
      .where('e.id', '=', c.id)
      .whereRef('i.tenant_id', '=', 'e.tenant_id')
      .executeTakeFirstOrThrow();
    const attempts = Number(e.attempts);
    const result =
      e.deleted_at !== null
        ? ({ delivered: false, error: '预算接口已删除' } as const)
        : await postEvent(ctx, e, e.idempotency_key, JSON.parse(e.payload));
    const at = ctx.clock();
    const mineOnly = (qb: any) =>
      qb.where('id', '=', e.id).where('status', '=', 'sending').where('attempts', '=', attempts);
    if (result.delivered) {
      await mineOnly(
        db.updateTable('budget_link_events').set({
          status: 'delivered',
          delivered_at: at,
          duplicate: result.duplicate ? 1 : 0,
          lease_until: null,
          next_attempt_at: null,
          last_error: '',
          updated_at: at,
        }),
      ).execute();
      out.delivered++;
      if (result.duplicate) out.duplicates++;
    } else {
      const gaveUp = attempts >= MAX_ATTEMPTS || e.deleted_at !== null;
      await mineOnly(
        db.updateTable('budget_link_events').set({
          status: gaveUp ? 'failed' : 'pending',
          lease_until: null,
          next_attempt_at: gaveUp ? null : at + backoffMs(attempts),
          last_error: result.error.slice(0, 300),
          updated_at: at,
        }),
      ).execute();
      if (gaveUp) out.failed++;
      else out.retrying++;
    }
  }
  return out;
}
