import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, type TestDatabase } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { AppError } from '../../../platform/errors.js';
import { creditAt, debitAt, expireDue, releaseGrantAt, balanceAt } from './quota.ledger.js';
import { quotaLedger } from './index.js';
import { ledgerMismatches, makeScene } from './quota.testkit.js';

let t: TestDatabase;
let tenantId: number;
let sceneId: number;
let userId: number;

const NOW = Date.UTC(2026, 10, 28, 4, 0);
const unlimited = { expiresAt: null, expireKind: 'expire' as const };

async function release(
  uid: number,
  amount: number,
  key: string,
  extra: Partial<Parameters<typeof releaseGrantAt>[1]> = {},
  now = NOW,
) {
  return t.db.transaction().execute((tx) =>
    releaseGrantAt(
      tx,
      {
        tenantId,
        userId: uid,
        sceneId,
        amount,
        key,
        memo: '额度发放',
        releaseId: null,
        rule: { mode: 1 },
        grant: unlimited,
        createdBy: 0,
        ...extra,
      },
      now,
    ),
  );
}

beforeAll(async () => {
  t = await createMigratedTestDatabase();
  ({ tenantId } = await makeTenant(t.db));
  sceneId = await makeScene(t.db, tenantId);
  ({ userId } = await makeStaff(t.db, tenantId));
});
afterAll(() => t.cleanup());

describe('quota ledger', () => {
  it('debits, refuses with the scene and what is left, credits, and is idempotent on the key', async () => {
    await release(userId, 5000, 'release:t1:1');
    expect(await quotaLedger.balance(t.db, tenantId, userId, sceneId)).toBe(5000);
    const d = await quotaLedger.debit(t.db, {
      tenantId,
      userId,
      sceneId,
      amount: 3750,
      key: 'order:demo:1',
      memo: '订单消费',
    });
    expect(d.balance).toBe(1250);
    const again = await quotaLedger.debit(t.db, {
      tenantId,
      userId,
      sceneId,
      amount: 3750,
      key: 'order:demo:1',
      memo: '订单消费',
    });
    expect(again.balance).toBe(1250);
    const err = await quotaLedger
      .debit(t.db, { tenantId, userId, sceneId, amount: 3000, key: 'order:demo:2', memo: '订单消费' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).msg).toBe('额度不足：「工作餐」剩余 ¥12.50，本次需 ¥30.00');
    const c = await quotaLedger.credit(t.db, {
      tenantId,
      userId,
      sceneId,
      amount: 1000,
      key: 'refund:demo:1',
      memo: '订单退款',
    });
    expect(c.balance).toBe(2250);
    expect(
      (
        await quotaLedger.credit(t.db, {
          tenantId,
          userId,
          sceneId,
          amount: 1000,
          key: 'refund:demo:1',
          memo: '订单退款',
        })
      ).balance,
    ).toBe(2250);
    // A key used for a debit cannot be replayed as a credit.
    await expect(
      quotaLedger.credit(t.db, { tenantId, userId, sceneId, amount: 1, key: 'order:demo:1', memo: 'x' }),
    ).rejects.toMatchObject({ msg: expect.stringContaining('已用于另一笔') });
    await expect(
      quotaLedger.debit(t.db, { tenantId, userId, sceneId, amount: 0, key: 'k0', memo: 'x' }),
    ).rejects.toBeInstanceOf(AppError);
    const rows = await t.db
      .selectFrom('quota_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.kind, r.delta, r.balance_after])).toEqual([
      ['release', 5000, 5000],
      ['debit', -3750, 1250],
      ['credit', 1000, 2250],
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('a debit in the caller transaction rolls back with it', async () => {
    const before = await quotaLedger.balance(t.db, tenantId, userId, sceneId);
    await t.db
      .transaction()
      .execute(async (tx) => {
        await quotaLedger.debit(tx, {
          tenantId,
          userId,
          sceneId,
          amount: 100,
          key: 'order:demo:rb',
          memo: '订单消费',
        });
        throw new Error('order failed');
      })
      .catch(() => undefined);
    expect(await quotaLedger.balance(t.db, tenantId, userId, sceneId)).toBe(before);
    expect(
      await t.db.selectFrom('quota_ledger').select('id').where('source_key', '=', 'order:demo:rb').execute(),
    ).toEqual([]);
  });

  it('500 concurrent debits against one quota never overspend by a cent', async () => {
    const { userId: u } = await makeStaff(t.db, tenantId);
    await release(u, 12345, 'release:conc:1');
    const results = await Promise.allSettled(
      Array.from({ length: 500 }, (_, i) =>
        quotaLedger.debit(t.db, {
          tenantId,
          userId: u,
          sceneId,
          amount: 100 + (i % 7),
          key: `order:conc:${i}`,
          memo: '订单消费',
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    // Every refusal is 额度不足; on PostgreSQL a debit may also give up waiting over 10 s for one of the
    // pool's 10 connections (the pool's timeout, on a loaded machine) — never an overspend.
    for (const r of refused) {
      const reason = (r as PromiseRejectedResult).reason as Error;
      if (reason instanceof AppError) expect(reason.msg).toMatch(/^额度不足：「工作餐」剩余 ¥/);
      else
        expect(
          t.dialect === 'postgres' && /timeout exceeded when trying to connect/.test(reason.message),
        ).toBe(true);
    }
    const spent = await t.db
      .selectFrom('quota_ledger')
      .select('delta')
      .where('user_id', '=', u)
      .where('kind', '=', 'debit')
      .execute();
    const total = spent.reduce((s, r) => s - r.delta, 0);
    expect(spent.length).toBe(ok);
    expect(total).toBeLessThanOrEqual(12345);
    const timedOut = refused.some((r) => !((r as PromiseRejectedResult).reason instanceof AppError));
    if (!timedOut) expect(12345 - total).toBeLessThan(100); // it stopped only when no debit fitted any more
    expect(await quotaLedger.balance(t.db, tenantId, u, sceneId)).toBe(12345 - total);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('the same key from 50 concurrent callers moves the money once', async () => {
    const { userId: u } = await makeStaff(t.db, tenantId);
    await release(u, 1000, 'release:same:1');
    const out = await Promise.all(
      Array.from({ length: 50 }, () =>
        quotaLedger.debit(t.db, {
          tenantId,
          userId: u,
          sceneId,
          amount: 300,
          key: 'order:same:1',
          memo: '订单消费',
        }),
      ),
    );
    expect(new Set(out.map((o) => o.balance))).toEqual(new Set([700]));
    expect(await quotaLedger.balance(t.db, tenantId, u, sceneId)).toBe(700);
  });

  it('grants expire and clear separately; debits take the grant that expires first', async () => {
    const { userId: u } = await makeStaff(t.db, tenantId);
    await release(u, 1000, 'g:a', { grant: { expiresAt: NOW + 1000, expireKind: 'clear' } });
    await release(u, 500, 'g:b', { grant: { expiresAt: NOW + 5000, expireKind: 'expire' } });
    await release(u, 200, 'g:c');
    await debitAt(t.db, { tenantId, userId: u, sceneId, amount: 800, key: 'o:x', memo: '订单消费' }, NOW);
    // 200 left of a, 500 of b, 200 of c.
    expect(await balanceAt(t.db, tenantId, u, sceneId, NOW + 1000)).toBe(700);
    expect(await expireDue(t.db, NOW + 1000)).toBeGreaterThanOrEqual(1);
    expect(await expireDue(t.db, NOW + 1000)).toBe(0);
    await creditAt(
      t.db,
      { tenantId, userId: u, sceneId, amount: 100, key: 'r:x', memo: '订单退款' },
      NOW + 2000,
    );
    await expireDue(t.db, NOW + 6000);
    const rows = await t.db
      .selectFrom('quota_ledger')
      .select(['kind', 'delta'])
      .where('user_id', '=', u)
      .orderBy('id')
      .execute();
    expect(rows.slice(4)).toEqual([
      { kind: 'clear', delta: -200 },
      { kind: 'credit', delta: 100 },
      { kind: 'expire', delta: -500 },
    ]);
    // The refund's grant is unlimited (an unlimited grant was live), so it survives with c.
    expect(await balanceAt(t.db, tenantId, u, sceneId, NOW + 6000)).toBe(300);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('release modes: reset, up to a cap, top up to a level; the same line key pays once', async () => {
    const { userId: u } = await makeStaff(t.db, tenantId);
    await release(u, 700, 'm:1');
    expect((await release(u, 1000, 'm:2', { rule: { mode: 2 } })).balance).toBe(1000);
    expect((await release(u, 1000, 'm:3', { rule: { mode: 3, cap: 1500 } })).granted).toBe(500);
    expect((await release(u, 1000, 'm:4', { rule: { mode: 3, cap: 1500 } })).granted).toBe(0);
    await debitAt(t.db, { tenantId, userId: u, sceneId, amount: 1200, key: 'o:m', memo: '订单消费' }, NOW);
    expect((await release(u, 1000, 'm:5', { rule: { mode: 4 } })).granted).toBe(700);
    expect(await release(u, 1000, 'm:5', { rule: { mode: 4 } })).toEqual({ granted: 700, balance: 1000 });
    const kinds = await t.db
      .selectFrom('quota_ledger')
      .select('kind')
      .where('user_id', '=', u)
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['release', 'reset', 'release', 'release', 'debit', 'release']);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
