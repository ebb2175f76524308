import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { runOps } from '../../../ops.js';
import { DEMO } from '../../../seed/demo.js';
import { seedDemoIfEmpty } from '../../../seed/index.js';
import { orgAccountLedger } from '../orgAccount/index.js';
import { ledgerSum } from '../orgAccount/ledger.repo.js';

// `npm run ops -- replay-orders <渠道编码> <file.jsonl> [--dry-run]` (issue 21): the demo channel's
// bodies through the intake — the sample file, a dry run that writes nothing, a second replay that changes
// nothing, bad lines reported by number without stopping the rest, and the usage errors.

const SAMPLE = fileURLToPath(
  new URL('../../../../../../test-data/spend/replay-orders.jsonl', import.meta.url),
);
let t: TestApp;
let dir: string;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'fk-replay-'));
  expect(await seedDemoIfEmpty(t.db)).toBe(true);
  tenantId = Number(
    (
      await t.db
        .selectFrom('spend_channels')
        .select('tenant_id')
        .where('code', '=', 'fk_demo_takeout')
        .executeTakeFirstOrThrow()
    ).tenant_id,
  );
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, t.db, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err, all: [...out, ...err].join('\n') };
}

const orderCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('spend_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('ops replay-orders', () => {
  it('the sample names the seeded demo database’s staff and scene', async () => {
    const ids = await t.db
      .selectFrom('staff')
      .select(['user_id', 'phone'])
      .where('tenant_id', '=', tenantId)
      .where('phone', 'in', [DEMO.admin, DEMO.approver, DEMO.staff])
      .orderBy('user_id')
      .execute();
    expect(ids.map((r) => [Number(r.user_id), r.phone])).toEqual([
      [1, DEMO.admin],
      [2, DEMO.approver],
      [3, DEMO.staff],
    ]);
    const scene = await t.db
      .selectFrom('scenes')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('name', '=', '工作餐')
      .executeTakeFirstOrThrow();
    expect(Number(scene.id)).toBe(9);
  });

  it('--dry-run shows every verdict and writes nothing', async () => {
    const orders = await orderCount();
    const balance = await orgAccountLedger.balance(t.db, tenantId);
    const r = await ops('replay-orders', 'fk_demo_takeout', SAMPLE, '--dry-run');
    expect(r.code, r.all).toBe(0);
    expect(r.out[0]).toContain('渠道：演示外卖（fk_demo_takeout');
    expect(r.out[0]).toContain('【试运行，不写入】');
    expect(r.out.at(-1)).toBe('合计：成功 5，拒绝 1，重复 0，错误 0（试运行，未写入任何数据）');
    expect(await orderCount()).toBe(orders);
    expect(await orgAccountLedger.balance(t.db, tenantId)).toBe(balance);
  });

  it('replays the sample through the intake, and a second replay changes nothing', async () => {
    const orders = await orderCount();
    const balance = await orgAccountLedger.balance(t.db, tenantId);
    const r = await ops('replay-orders', 'fk_demo_takeout', SAMPLE);
    expect(r.code, r.all).toBe(0);
    expect(r.out.slice(1, -1)).toEqual([
      '第1行\t成功\tTK202611200101\t已支付，企业支付 ¥23.50',
      '第2行\t成功\tTK202611200102\t已支付，企业支付 ¥30.00，个人支付 ¥8.80',
      '第3行\t拒绝\tTK202611200103\t已拒绝：不在可用时段（11:00–13:30）内，当前 20:15',
      '第4行\t成功\tTK202611200101 / RF202611200101\t部分退款，退款 ¥6.50（企业退回 ¥6.50，个人退回 ¥0.00）',
      '第5行\t成功\tTK202611210101\t已支付，企业支付 ¥18.00',
      '第6行\t成功\tTK202611210102\t已支付，企业支付 ¥26.00',
    ]);
    expect(r.out.at(-1)).toBe('合计：成功 5，拒绝 1，重复 0，错误 0');
    expect(await orderCount()).toBe(orders + 5);
    const after = await orgAccountLedger.balance(t.db, tenantId);
    expect(after).toBe(balance - (2350 + 3000 + 1800 + 2600) + 650);
    expect(await ledgerSum(t.db, tenantId)).toBe(after);
    const refused = await t.db
      .selectFrom('spend_orders')
      .select(['status', 'reason', 'user_name'])
      .where('channel_order_id', '=', 'TK202611200103')
      .executeTakeFirstOrThrow();
    expect(refused).toEqual({
      status: 'refused',
      reason: '不在可用时段（11:00–13:30）内，当前 20:15',
      user_name: '员工乙',
    });

    const again = await ops('replay-orders', 'fk_demo_takeout', SAMPLE);
    expect(again.code, again.all).toBe(0);
    expect(again.out.slice(1, -1).every((l) => l.split('\t')[1] === '重复')).toBe(true);
    expect(again.out.at(-1)).toBe('合计：成功 0，拒绝 0，重复 6，错误 0');
    expect(await orderCount()).toBe(orders + 5);
    expect(await orgAccountLedger.balance(t.db, tenantId)).toBe(after);
  });

  it('reports bad lines by number, goes on with the rest, and answers 1', async () => {
    const file = path.join(dir, 'mixed.jsonl');
    const good = (id: string, amount: number) =>
      JSON.stringify({ orderId: id, userId: 3, sceneId: 9, category: 2, amount, at: 1795320000000 });
    await writeFile(
      file,
      [
        '{"orderId": "TK-bad-json"',
        JSON.stringify({ orderId: 'TK-no-amount', userId: 3, sceneId: 9, category: 2 }),
        '[1, 2]',
        '',
        good('TK202611220901', 1500),
        JSON.stringify({ orderId: 'TK-nobody', userId: 99999, sceneId: 9, category: 2, amount: 100 }),
        good('TK202611220901', 1600),
        JSON.stringify({ orderId: 'TK202611220901', refundId: 'RF-too-much', amount: 5000 }),
        `{"orderId":"${'x'.repeat(17 * 1024)}"}`,
        good('TK202611220902', 1000),
      ].join('\r\n'),
    );
    const balance = await orgAccountLedger.balance(t.db, tenantId);
    const r = await ops('replay-orders', 'fk_demo_takeout', file);
    expect(r.code, r.all).toBe(1);
    expect(r.err).toEqual([
      '第1行\t错误\t-\t不是有效的 JSON',
      '第2行\t错误\tTK-no-amount\t订单金额：必须是数字',
      '第3行\t错误\t-\t每行应为一个 JSON 对象',
      '第9行\t错误\t-\t单行超过 16 KB',
    ]);
    expect(r.out.slice(1, -1)).toEqual([
      '第5行\t成功\tTK202611220901\t已支付，企业支付 ¥15.00',
      '第6行\t拒绝\tTK-nobody\t员工不存在或已离职',
      '第7行\t拒绝\tTK202611220901\t渠道订单号已使用，且订单内容不同',
      '第8行\t拒绝\tTK202611220901 / RF-too-much\t退款金额超过可退金额（¥15.00）',
      '第10行\t成功\tTK202611220902\t已支付，企业支付 ¥10.00',
    ]);
    expect(r.out.at(-1)).toBe('合计：成功 2，拒绝 3，重复 0，错误 4');
    expect(await orgAccountLedger.balance(t.db, tenantId)).toBe(balance - 2500);
  });

  it('refuses bad usage (2) and an unknown or stopped channel (1) before reading a line', async () => {
    expect((await ops('replay-orders')).code).toBe(2);
    const noFile = await ops('replay-orders', 'fk_demo_takeout');
    expect(noFile.code).toBe(2);
    expect(noFile.err[0]).toBe('错误：请指定要重放的文件（JSON Lines，每行一个请求体）');
    const missing = await ops('replay-orders', 'fk_demo_takeout', path.join(dir, 'none.jsonl'));
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toContain('错误：无法读取文件');

    const big = path.join(dir, 'big.jsonl');
    await writeFile(big, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20));
    const tooBig = await ops('replay-orders', 'fk_demo_takeout', big);
    expect(tooBig.code).toBe(2);
    expect(tooBig.err[0]).toBe('错误：文件超过 10 MB（10.0 MB），请分成多个文件');
    const long = path.join(dir, 'long.jsonl');
    await writeFile(long, '\n'.repeat(20_001) + 'x');
    const tooLong = await ops('replay-orders', 'fk_demo_takeout', long);
    expect(tooLong.code).toBe(2);
    expect(tooLong.err[0]).toBe('错误：文件超过 20000 行（20002 行），请分成多个文件');

    const unknown = await ops('replay-orders', 'fk_nowhere', SAMPLE);
    expect(unknown.code).toBe(1);
    expect(unknown.err[0]).toBe('错误：渠道不存在（fk_nowhere）');
    const orders = await orderCount();
    await t.db
      .updateTable('spend_channels')
      .set({ enabled: 0 })
      .where('code', '=', 'fk_demo_takeout')
      .execute();
    const stopped = await ops('replay-orders', 'fk_demo_takeout', SAMPLE);
    await t.db
      .updateTable('spend_channels')
      .set({ enabled: 1 })
      .where('code', '=', 'fk_demo_takeout')
      .execute();
    expect(stopped.code).toBe(1);
    expect(stopped.err[0]).toBe('错误：渠道「演示外卖」已停用，启用后再重放（fk_demo_takeout）');
    const wrongTenant = await ops(
      'replay-orders',
      'fk_demo_takeout',
      SAMPLE,
      '--tenant',
      String(tenantId + 1),
    );
    expect(wrongTenant.code).toBe(1);
    expect(await orderCount()).toBe(orders);
  });
});
