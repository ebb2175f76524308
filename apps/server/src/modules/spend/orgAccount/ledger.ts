import { OrgLedgerKind, yuan } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { inTransaction } from '../../../platform/db/database.js';
import { NotifyAction, notifyUsers } from '../../notify/index.js';
import type { LedgerMove, OrgAccountLedger } from '../decision.js';
import { orgAccountErrors } from './orgAccount.errors.js';
import {
  accountWatchers,
  ensureAccount,
  findAccount,
  findLedgerByKey,
  insertLedgerRow,
  lockAccount,
  updateAccount,
  type AccountRow,
} from './ledger.repo.js';

/**
 * The organisation account's ledger: the one place its balance changes. Each move, inside the caller's
 * transaction: the account row is locked (PostgreSQL `for update`; SQLite writes one transaction at a
 * time), the source key looked up (the same key again answers the balance without moving anything; the
 * same key with another amount is refused), the balance checked and written, and the ledger row inserted
 * with the balance after it — so the sum of the ledger is the balance, always.
 */

/** What a move may say beyond the door's LedgerMove (all optional: the door's callers need none). */
export interface OrgMove extends LedgerMove {
  /** Default: consumption for a debit, refund for a credit. */
  kind?: OrgLedgerKind;
  /** spec 3 Category of a consumption or refund. */
  category?: number | null;
  /** Order or recharge number shown in the flow. */
  ref?: string;
  /** Staff id of whoever caused it (null: the system, a channel). */
  createdBy?: number | null;
  /** When (ms); default now. */
  at?: number;
}

export interface MoveResult {
  balance: number;
  /** The ledger row's id (the existing one when the key was already used). */
  ledgerId: number;
  /** True when the key had already moved the money: nothing changed. */
  replayed: boolean;
}

const MAX_MOVE = 1_000_000_000_00; // 10亿元 in 分: anything above is a caller's bug

async function move(tx: Db, m: OrgMove, sign: 1 | -1, defaultKind: OrgLedgerKind): Promise<MoveResult> {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0 || m.amount > MAX_MOVE)
    throw orgAccountErrors.amountInvalid();
  const now = m.at ?? Date.now();
  return inTransaction(tx, async (t) => {
    await ensureAccount(t, m.tenantId, now);
    const acc = await lockAccount(t, m.tenantId);
    const delta = sign * m.amount;
    const seen = await findLedgerByKey(t, m.tenantId, m.key);
    if (seen) {
      if (Number(seen.delta) !== delta) throw orgAccountErrors.keyReused(m.key);
      return { balance: Number(acc.balance), ledgerId: Number(seen.id), replayed: true };
    }
    const before = Number(acc.balance);
    if (sign < 0 && before < m.amount) throw orgAccountErrors.insufficient(before, m.amount);
    const after = before + delta;
    const ledgerId = await insertLedgerRow(t, m.tenantId, {
      delta,
      balance_after: after,
      kind: m.kind ?? defaultKind,
      category: m.category ?? null,
      source_key: m.key,
      ref: (m.ref ?? '').slice(0, 100),
      memo: m.memo.slice(0, 200),
      created_by: m.createdBy ?? null,
      created_at: now,
    });
    await updateAccount(t, m.tenantId, { balance: after, ...(await warnState(t, acc, after, now)) }, now);
    return { balance: after, ledgerId, replayed: false };
  });
}

/**
 * The threshold notice: when the balance falls below a set threshold, the people who see the account
 * are told once (in the move's transaction); once it is back at or above, the next fall tells them again.
 */
async function warnState(tx: Db, acc: AccountRow, after: number, now: number) {
  const threshold = Number(acc.warn_threshold);
  const warned = Number(acc.below_warned) === 1;
  if (threshold > 0 && after < threshold && !warned) {
    await notifyBelow(tx, Number(acc.tenant_id), after, threshold, now);
    return { below_warned: 1 };
  }
  if (warned && (threshold === 0 || after >= threshold)) return { below_warned: 0 };
  return {};
}

export async function notifyBelow(tx: Db, tenantId: number, balance: number, threshold: number, now: number) {
  await notifyUsers(
    tx,
    tenantId,
    await accountWatchers(tx, tenantId),
    {
      msg_name: '企业账户',
      title: '企业账户余额不足预警',
      content: `企业账户余额 ${yuan(balance)} 已低于预警阈值 ${yuan(threshold)}，请及时充值`,
      action_code: NotifyAction.system,
    },
    now,
  );
}

/** The full ledger: moves with their kind, ref and author (the recharge confirmation and the routes use it). */
export const orgLedger = {
  async balance(db: Db, tenantId: number): Promise<number> {
    return Number((await findAccount(db, tenantId))?.balance ?? 0);
  },
  debit: (tx: Db, m: OrgMove) => move(tx, m, -1, OrgLedgerKind.consumption),
  credit: (tx: Db, m: OrgMove) => move(tx, m, 1, OrgLedgerKind.refund),
};

/**
 * The OrgAccountLedger door of modules/spend/decision.ts (orders pay from it, refunds give back):
 * debit refuses with 企业账户余额不足：余额 ¥…，本次需 ¥… when short; idempotent on the key.
 */
export const orgAccountLedger = orgLedger satisfies OrgAccountLedger;
