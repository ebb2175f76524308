import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrgLedgerKind } from '@feikong/contracts';
import { createMigratedTestDatabase, type TestDatabase } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { AppError } from '../../../platform/errors.js';
import { orgAccountLedger } from './index.js';
import { ledgerSum, updateAccount } from './ledger.repo.js';
import { OrgAccountCode } from './orgAccount.errors.js';

// The OrgAccountLedger door on a real database: balances, refusals naming what is left, idempotency on
// the source key, 50 concurrent debits, rollback with the caller's transaction, the threshold notice.

let h: TestDatabase;
beforeAll(async () => {
  h = await createMigratedTestDatabase();
});
afterAll(async () => {
  await h?.cleanup();
});

const rows = (tenantId: number) =>
  h.db.selectFrom('org_fund_ledger').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();

describe('orgAccountLedger', () => {
  it('credits and debits with one ledger row each; the balance is the sum of the ledger', async () => {
    const { tenantId } = await makeTenant(h.db);
    expect(await orgAccountLedger.balance(h.db, tenantId)).toBe(0);
    expect(
      await orgAccountLedger.credit(h.db, {
        tenantId,
        amount: 10_000,
        key: 'r:1',
        memo: '充值',
        kind: OrgLedgerKind.recharge,
      }),
    ).toMatchObject({
      balance: 10_000,
    });
    expect(
      await orgAccountLedger.debit(h.db, { tenantId, amount: 2_550, key: 'order:demo:1', memo: '订单消费' }),
    ).toMatchObject({
      balance: 7_450,
    });
    const list = await rows(tenantId);
    expect(list.map((r) => [Number(r.delta), Number(r.balance_after), Number(r.kind)])).toEqual([
      [10_000, 10_000, OrgLedgerKind.recharge],
      [-2_550, 7_450, OrgLedgerKind.consumption],
    ]);
    expect(await ledgerSum(h.db, tenantId)).toBe(7_450);
    expect(await orgAccountLedger.balance(h.db, tenantId)).toBe(7_450);
  });

  it('refuses a debit over the balance, naming the balance and the amount, and writes nothing', async () => {
    const { tenantId } = await makeTenant(h.db);
    await orgAccountLedger.credit(h.db, { tenantId, amount: 1_000, key: 'r:1', memo: '充值' });
    const err = await orgAccountLedger
      .debit(h.db, { tenantId, amount: 1_001, key: 'o:1', memo: '订单消费' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(OrgAccountCode.insufficient);
    expect((err as AppError).msg).toBe('企业账户余额不足：余额 ¥10.00，本次需 ¥10.01');
    expect(await rows(tenantId)).toHaveLength(1);
    expect(await orgAccountLedger.balance(h.db, tenantId)).toBe(1_000);
  });

  it('refuses amounts that are not positive integers of 分', async () => {
    const { tenantId } = await makeTenant(h.db);
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(
        orgAccountLedger.credit(h.db, { tenantId, amount, key: `x${amount}`, memo: '' }),
      ).rejects.toMatchObject({
        code: OrgAccountCode.amountInvalid,
      });
    }
  });

  it('is idempotent on the key: the same key moves the money once; another amount under it is refused', async () => {
    const { tenantId } = await makeTenant(h.db);
    await orgAccountLedger.credit(h.db, { tenantId, amount: 5_000, key: 'r:1', memo: '充值' });
    const first = await orgAccountLedger.debit(h.db, {
      tenantId,
      amount: 1_000,
      key: 'order:c:9',
      memo: '订单消费',
    });
    const again = await orgAccountLedger.debit(h.db, {
      tenantId,
      amount: 1_000,
      key: 'order:c:9',
      memo: '订单消费',
    });
    expect(first).toMatchObject({ balance: 4_000, replayed: false });
    expect(again).toMatchObject({ balance: 4_000, replayed: true, ledgerId: first.ledgerId });
    await expect(
      orgAccountLedger.debit(h.db, { tenantId, amount: 999, key: 'order:c:9', memo: '订单消费' }),
    ).rejects.toMatchObject({ code: OrgAccountCode.keyReused });
    // The same key in another tenant is another move.
    const other = await makeTenant(h.db);
    await orgAccountLedger.credit(h.db, {
      tenantId: other.tenantId,
      amount: 1_000,
      key: 'order:c:9',
      memo: '退款',
    });
    expect(await orgAccountLedger.balance(h.db, other.tenantId)).toBe(1_000);
    expect(await orgAccountLedger.balance(h.db, tenantId)).toBe(4_000);
  });

  it('50 concurrent debits never take the balance below zero; the ledger sums to the balance', async () => {
    const { tenantId } = await makeTenant(h.db);
    await orgAccountLedger.credit(h.db, { tenantId, amount: 1_000, key: 'r:1', memo: '充值' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        h.db
          .transaction()
          .execute((tx) =>
            orgAccountLedger.debit(tx, { tenantId, amount: 30, key: `o:${i}`, memo: '订单消费' }),
          ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(33);
    expect(refused).toHaveLength(17);
    for (const r of refused)
      expect((r.reason as AppError).msg).toBe('企业账户余额不足：余额 ¥0.10，本次需 ¥0.30');
    expect(await orgAccountLedger.balance(h.db, tenantId)).toBe(10);
    expect(await ledgerSum(h.db, tenantId)).toBe(10);
    const list = await rows(tenantId);
    expect(list).toHaveLength(34);
    expect(list.every((r) => Number(r.balance_after) >= 0)).toBe(true);
    // Each row's balance_after is the one before plus its delta: no lost update.
    list.reduce((prev, r) => {
      expect(Number(r.balance_after)).toBe(prev + Number(r.delta));
      return Number(r.balance_after);
    }, 0);
  });

  it('50 concurrent moves under one key move the money once', async () => {
    const { tenantId } = await makeTenant(h.db);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        h.db
          .transaction()
          .execute((tx) =>
            orgAccountLedger.credit(tx, { tenantId, amount: 700, key: 'refund:1', memo: '订单退款' }),
          ),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await rows(tenantId)).toHaveLength(1);
    expect(await orgAccountLedger.balance(h.db, tenantId)).toBe(700);
  });

  it("rolls back with the caller's transaction", async () => {
    const { tenantId } = await makeTenant(h.db);
    await orgAccountLedger.credit(h.db, { tenantId, amount: 1_000, key: 'r:1', memo: '充值' });
    await expect(
      h.db.transaction().execute(async (tx) => {
        await orgAccountLedger.debit(tx, { tenantId, amount: 500, key: 'o:1', memo: '订单消费' });
        throw new Error('channel failed');
      }),
    ).rejects.toThrow('channel failed');
    expect(await orgAccountLedger.balance(h.db, tenantId)).toBe(1_000);
    expect(await rows(tenantId)).toHaveLength(1);
  });

  it('tells the account watchers once when the balance falls below the threshold, again after it recovered', async () => {
    const { tenantId } = await makeTenant(h.db);
    const admin = await makeStaff(h.db, tenantId, ['*']);
    const viewer = await makeStaff(h.db, tenantId, ['orgAccount:view']);
    const plain = await makeStaff(h.db, tenantId, ['invoice:view']);
    await orgAccountLedger.credit(h.db, { tenantId, amount: 10_000, key: 'r:1', memo: '充值' });
    await updateAccount(h.db, tenantId, { warn_threshold: 5_000 }, Date.now());
    const notices = async (userId: number) =>
      h.db
        .selectFrom('notifications')
        .select(['title', 'content'])
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .execute();
    await orgAccountLedger.debit(h.db, { tenantId, amount: 4_000, key: 'o:1', memo: '订单消费' });
    expect(await notices(admin.userId)).toHaveLength(0);
    await orgAccountLedger.debit(h.db, { tenantId, amount: 2_000, key: 'o:2', memo: '订单消费' });
    expect(await notices(admin.userId)).toEqual([
      { title: '企业账户余额不足预警', content: '企业账户余额 ¥40.00 已低于预警阈值 ¥50.00，请及时充值' },
    ]);
    expect(await notices(viewer.userId)).toHaveLength(1);
    expect(await notices(plain.userId)).toHaveLength(0);
    await orgAccountLedger.debit(h.db, { tenantId, amount: 1_000, key: 'o:3', memo: '订单消费' });
    expect(await notices(admin.userId)).toHaveLength(1);
    await orgAccountLedger.credit(h.db, { tenantId, amount: 10_000, key: 'r:2', memo: '充值' });
    await orgAccountLedger.debit(h.db, { tenantId, amount: 9_000, key: 'o:4', memo: '订单消费' });
    expect(await notices(admin.userId)).toHaveLength(2);
  });
});
