import type { Decision, LevelLeft, RuleVoice } from '@feikong/contracts';
import { CHANNEL_ORDERS_PATH, CHANNEL_REFUNDS_PATH } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import { minuteOfDay } from '../../../platform/time/periods.js';
import type { LedgerMove, OrgAccountLedger, QuotaLedger, SpendDecider } from '../decision.js';
import { signedHeaders } from './channel.sign.js';
import { registerOrderRoutes } from './orders.routes.js';
import { AppError } from '../../../platform/errors.js';

/**
 * Small honest fakes of the three doors, for testing the order area alone (the real ones are the scenes,
 * quota and orgAccount areas'): a decider with a time slot, a daily amount and excess pay; ledgers that keep
 * balances and refuse a debit the balance does not cover, idempotent on the move's key.
 */
export interface FakeRules {
  /** Local minutes [from, to) the scene may be used. */
  slot?: [number, number];
  dayLimit?: number;
  /** Over the daily amount: the employee pays the part over (else refused). */
  excessPay?: boolean;
  /** The scene spends released quota. */
  quota?: boolean;
  /** Everything over this needs approval. */
  approvalOver?: number;
}

export class FakeDecider implements SpendDecider {
  rules = new Map<number, FakeRules>();
  async decide(
    _db: Db,
    spend: Parameters<SpendDecider['decide']>[1],
    usage: Parameters<SpendDecider['decide']>[2],
  ) {
    const r = this.rules.get(spend.sceneId) ?? {};
    const voices: RuleVoice[] = [];
    const left: LevelLeft[] = [];
    let verdict: Decision['verdict'] = 'allow';
    let companyPays = spend.amount;
    const hm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    if (r.slot) {
      const m = minuteOfDay(spend.at);
      const inside = m >= r.slot[0] && m < r.slot[1];
      voices.push({
        rule: 'use_time',
        code: inside ? 'USE_TIME_OK' : 'USE_TIME_OUTSIDE',
        effect: inside ? 'pass' : 'refuse',
        message: inside ? '在可用时段内' : `不在可用时段（${hm(r.slot[0])}–${hm(r.slot[1])}）内`,
      });
      if (!inside) verdict = 'refuse';
    }
    if (r.dayLimit !== undefined) {
      const dayLeft = Math.max(0, r.dayLimit - usage.dayAmount);
      left.push({ level: 'day', limit: r.dayLimit, used: usage.dayAmount, left: dayLeft });
      if (spend.amount > dayLeft) {
        if (r.excessPay) {
          companyPays = dayLeft;
          voices.push({
            rule: 'day_amount',
            code: 'DAY_AMOUNT_EXCESS',
            effect: 'excess',
            message: '超出每日额度，超出部分由个人支付',
          });
          if (verdict === 'allow') verdict = 'excess';
        } else {
          voices.push({
            rule: 'day_amount',
            code: 'DAY_AMOUNT_EXCEEDED',
            effect: 'refuse',
            message: '超出每日额度',
          });
          verdict = 'refuse';
        }
      } else
        voices.push({ rule: 'day_amount', code: 'DAY_AMOUNT_OK', effect: 'pass', message: '在每日额度内' });
    }
    if (r.quota) {
      const bal = usage.quotaBalance ?? 0;
      left.push({ level: 'quota', limit: null, used: 0, left: bal });
      if (companyPays > bal) {
        voices.push({
          rule: 'quota',
          code: 'QUOTA_SHORT',
          effect: 'refuse',
          message: `额度不足（剩余¥${(bal / 100).toFixed(2)}）`,
        });
        verdict = 'refuse';
      }
    }
    if (r.approvalOver !== undefined && spend.amount > r.approvalOver && verdict !== 'refuse') {
      voices.push({
        rule: 'order_amount',
        code: 'ORDER_AMOUNT_APPROVAL',
        effect: 'approval',
        message: '单笔金额超标，需审批',
      });
      verdict = 'approval';
    }
    if (verdict === 'refuse') companyPays = 0;
    return {
      verdict,
      sceneId: spend.sceneId,
      sceneVersion: 1,
      amount: spend.amount,
      companyPays: verdict === 'refuse' ? 0 : companyPays,
      employeePays: verdict === 'refuse' ? 0 : spend.amount - companyPays,
      voices,
      left,
      decidedAt: spend.at,
    } satisfies Decision;
  }
}

class FakeBalances {
  balances = new Map<string, number>();
  moves = new Map<string, number>();
  apply(account: string, move: LedgerMove, sign: 1 | -1) {
    const bal = this.balances.get(account) ?? 0;
    if (this.moves.has(move.key)) return { balance: bal };
    if (sign < 0 && bal < move.amount) throw new AppError(11439409, '余额不足', 409);
    this.moves.set(move.key, sign * move.amount);
    this.balances.set(account, bal + sign * move.amount);
    return { balance: bal + sign * move.amount };
  }
}

export class FakeQuota extends FakeBalances implements QuotaLedger {
  static account = (tenantId: number, userId: number, sceneId: number) => `${tenantId}:${userId}:${sceneId}`;
  grant(tenantId: number, userId: number, sceneId: number, amount: number) {
    this.balances.set(FakeQuota.account(tenantId, userId, sceneId), amount);
  }
  async balance(_db: Db, tenantId: number, userId: number, sceneId: number) {
    return this.balances.get(FakeQuota.account(tenantId, userId, sceneId)) ?? 0;
  }
  async debit(_tx: Db, m: LedgerMove & { userId: number; sceneId: number }) {
    return this.apply(FakeQuota.account(m.tenantId, m.userId, m.sceneId), m, -1);
  }
  async credit(_tx: Db, m: LedgerMove & { userId: number; sceneId: number }) {
    return this.apply(FakeQuota.account(m.tenantId, m.userId, m.sceneId), m, 1);
  }
}

export class FakeOrgAccount extends FakeBalances implements OrgAccountLedger {
  async balance(_db: Db, tenantId: number) {
    return this.balances.get(String(tenantId)) ?? 0;
  }
  async debit(_tx: Db, m: LedgerMove) {
    return this.apply(String(m.tenantId), m, -1);
  }
  async credit(_tx: Db, m: LedgerMove) {
    return this.apply(String(m.tenantId), m, 1);
  }
}

export function fakeDoors() {
  return { decider: new FakeDecider(), quota: new FakeQuota(), orgAccount: new FakeOrgAccount() };
}

/**
 * The app registers the order routes on the real doors; tests of this area alone register them again on the
 * fakes under this prefix (the signature covers the prefixed path like any other).
 */
export const FAKE = '/fake';

/** extraRoutes for createTestApp: the order routes on the given doors, under FAKE. */
export function orderRoutesWith(doors: ReturnType<typeof fakeDoors>) {
  return (app: ZodApp, deps: AppDeps) => {
    void app.register(async (scope: ZodApp) => registerOrderRoutes(scope, deps, doors), { prefix: FAKE });
  };
}

let sceneSeq = 0;
/** A published scene row (the scenes area's table) in a tenant. */
export async function insertScene(db: Db, tenantId: number, name = `测试场景${++sceneSeq}`, category = 2) {
  const now = Date.now();
  const row = await db
    .insertInto('scenes')
    .values({
      tenant_id: tenantId,
      name,
      scene_type: 1,
      category,
      status: 2,
      enabled: 1,
      draft: null,
      current_version: 1,
      created_by: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

type Injectable = { inject: (o: any) => Promise<{ statusCode: number; json: () => any; body: string }> };

/** Sends a signed channel request; `tamper` changes the request after it was signed. */
export async function channelCall(
  app: Injectable,
  channel: { appId: string; secretKey: string },
  kind: 'orders' | 'refunds',
  body: unknown,
  opts: {
    now?: number;
    nonce?: string;
    headers?: Record<string, string>;
    payload?: string;
    prefix?: string;
  } = {},
) {
  const path = (opts.prefix ?? '') + (kind === 'orders' ? CHANNEL_ORDERS_PATH : CHANNEL_REFUNDS_PATH);
  const payload = JSON.stringify(body);
  const headers = { ...signedHeaders(channel, 'POST', path, payload, opts.now, opts.nonce), ...opts.headers };
  const res = await app.inject({ method: 'POST', url: path, headers, payload: opts.payload ?? payload });
  return { code: res.statusCode, body: res.json() };
}
