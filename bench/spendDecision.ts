/**
 * Bench: the one decision for one spend with 50 active scenes (issue 21 "Benchmarks"). Budget p99 ≤ 1 ms.
 *
 * - decide(): the engine over the 50 compiled scene versions (lunch slots and day/month amounts, order
 *   counts, merchants and store cities, cars, cabins and low price, seats, hotel cities), each spend against a
 *   random one of them, voices and levels included. This is the budgeted figure.
 * - sceneDecider.decide(): the same through the door the order intake calls, on SQLite (migrated in memory):
 *   the scene row, the cached compiled version, the staff member's placement (scope) — the reads included (a SQLite file in the temp directory).
 * - baseline: the lunch scene's checks hand-inlined (the local minute from the same time-zone reading, the
 *   slot, the daily amount, the excess split) with no voices and no levels: the floor of any engine.
 * BENCH_ITER (default 20000) spends per row after 2000 warm-up spends.
 */
import { SceneContent } from '@feikong/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import type { SpendRequest, SpendUsage } from '../apps/server/src/modules/spend/decision.js';
import { compileScene, type CompiledScene } from '../apps/server/src/modules/spend/scenes/engine/compile.js';
import { decide } from '../apps/server/src/modules/spend/scenes/engine/decide.js';
import { sceneDecider } from '../apps/server/src/modules/spend/scenes/index.js';
import { localParts } from '../apps/server/src/platform/time/periods.js';
import { printTable, summarize, type FigureRow } from './org-seed.js';

const ITER = Number(process.env.BENCH_ITER ?? 20000);
const WARMUP = 2000;
const N_SCENES = 50;

const KINDS: { category: number; content: unknown }[] = [
  {
    category: 2,
    content: {
      info: { use_time: 1, excess_pay_type: 1 },
      rules: {
        use_time: {
          slots: [
            { start: '11:00', end: '13:30' },
            { start: '17:30', end: '20:00' },
          ],
        },
        use_date: { weekdays: [1, 2, 3, 4, 5] },
        order_number: { day: 3 },
        day_amount: { amount: 3000 },
        month_amount: { amount: 60000 },
      },
      scope: { all: true },
    },
  },
  {
    category: 3,
    content: {
      info: { excess_pay_type: 2 },
      rules: {
        order_amount: { amount: 10000 },
        store: {
          merchant: { available_type: 3, objects: ['星巴克', '瑞幸', '喜茶'] },
          store: { store_addr_limit: 1, id_by_city_type: ['310100', '110100', '440300'] },
        },
      },
      scope: { all: true },
    },
  },
  {
    category: 5,
    content: {
      info: {},
      rules: {
        car: {
          car_model_limit_flag: 1,
          car_models: ['快车', '优享'],
          city_limit: ['310100'],
          cross_city_limit: 1,
        },
        month_amount: { amount: 100000 },
      },
      scope: { all: true },
    },
  },
  {
    category: 6,
    content: {
      info: {},
      rules: {
        airplane: { discount_type: 1, seat_classes: ['经济舱'], is_low_price_control: 1, preorder_time: 3 },
        year_amount: { amount: 2000000 },
      },
      scope: { all: true },
    },
  },
  { category: 7, content: { info: {}, rules: { train: { seat_type: ['二等座'] } }, scope: { all: true } } },
  {
    category: 8,
    content: { info: {}, rules: { hotel: { hotel_city: ['310100', '110100'] } }, scope: { all: true } },
  },
];

const at = Date.parse('2026-11-27T12:10:00+08:00');
function spendFor(category: number, i: number): SpendRequest {
  return {
    tenantId: 1,
    userId: 1,
    sceneId: 1,
    channel: 'demo',
    category: category as SpendRequest['category'],
    amount: 1500 + (i % 40) * 50,
    at: at + (i % 600) * 60_000,
    merchant: { id: `m${i % 7}`, brand: i % 3 ? '星巴克' : '瑞幸', type: 'coffee' },
    city: '310100',
    toCity: i % 5 ? '310100' : '320500',
    carModel: i % 4 ? '快车' : '专车',
    seatClass: i % 2 ? '经济舱' : '二等座',
    takeOffAt: at + 5 * 86_400_000,
    lowestFare: 1800,
  };
}
const usageFor = (i: number): SpendUsage => ({
  dayAmount: (i % 5) * 800,
  weekAmount: 0,
  monthAmount: (i % 9) * 5000,
  yearAmount: 0,
  sceneAmount: 0,
  dayCount: i % 4,
  monthCount: 0,
  quotaBalance: i % 2 ? 20000 : null,
});

function time(fn: (i: number) => void, n: number) {
  for (let i = 0; i < WARMUP; i++) fn(i);
  const samples: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn(i);
    samples[i] = performance.now() - t0;
  }
  return summarize(samples);
}
async function timeAsync(fn: (i: number) => Promise<void>, n: number) {
  for (let i = 0; i < WARMUP / 10; i++) await fn(i);
  const samples: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    samples[i] = performance.now() - t0;
  }
  return summarize(samples);
}
const ms = (x: number) => `${x.toFixed(4)} ms`;

export async function benchSpendDecision() {
  const scenes: CompiledScene[] = [];
  for (let i = 0; i < N_SCENES; i++) {
    const k = KINDS[i % KINDS.length]!;
    scenes.push(
      compileScene(
        { tenantId: 1, sceneId: i + 1, version: 1, name: `场景${i + 1}`, category: k.category },
        SceneContent.parse(k.content),
      ),
    );
  }
  const spends = Array.from({ length: 997 }, (_, i) => {
    const s = scenes[(i * 7) % N_SCENES]!;
    return { scene: s, spend: { ...spendFor(s.category, i), sceneId: s.sceneId }, usage: usageFor(i) };
  });
  let sink = 0;
  const engine = time((i) => {
    const x = spends[i % spends.length]!;
    sink += decide(x.scene, x.spend, x.usage).voices.length;
  }, ITER);

  // Baseline: the lunch scene's checks by hand (same zone reading), no voices, no levels.
  const lunchSpends = spends.filter((x) => x.scene.category === 2);
  const baseline = time((i) => {
    const x = lunchSpends[i % lunchSpends.length]!;
    const p = localParts(x.spend.at, 'Asia/Shanghai');
    const m = p.hour * 60 + p.minute;
    const inSlot = (m >= 660 && m < 810) || (m >= 1050 && m < 1200);
    const weekday = p.weekday <= 5;
    const countOk = x.usage.dayCount < 3;
    const over = Math.max(
      0,
      x.usage.dayAmount + x.spend.amount - 3000,
      x.usage.monthAmount + x.spend.amount - 60000,
    );
    const employee = Math.min(x.spend.amount, over);
    sink += inSlot && weekday && countOk ? x.spend.amount - employee : 0;
  }, ITER);
  const lunchOnly = time((i) => {
    const x = lunchSpends[i % lunchSpends.length]!;
    sink += decide(x.scene, x.spend, x.usage).voices.length;
  }, ITER);

  // Through the door, on SQLite: 50 opened scenes of one tenant, scene row + placement read per spend.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-bench-spend-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
  await migrateToLatest(handle.db);
  const db = handle.db;
  const x = await makeTenant(db);
  const staff = await makeStaff(db, x.tenantId);
  const ids: number[] = [];
  const now = Date.now();
  for (let i = 0; i < N_SCENES; i++) {
    const k = KINDS[i % KINDS.length]!;
    const row = await db
      .insertInto('scenes')
      .values({
        tenant_id: x.tenantId,
        name: `场景${i + 1}`,
        scene_type: 1,
        category: k.category,
        status: 2,
        enabled: 1,
        draft: null,
        current_version: 1,
        created_by: staff.staffId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('scene_versions')
      .values({
        tenant_id: x.tenantId,
        scene_id: Number(row.id),
        version: 1,
        content: JSON.stringify(SceneContent.parse(k.content)),
        published_at: now,
        published_by: staff.staffId,
      })
      .execute();
    ids.push(Number(row.id));
  }
  const door = await timeAsync(
    async (i) => {
      const k = KINDS[((i * 7) % N_SCENES) % KINDS.length]!;
      const d = await sceneDecider.decide(
        db,
        {
          ...spendFor(k.category, i),
          tenantId: x.tenantId,
          userId: staff.staffId,
          sceneId: ids[(i * 7) % N_SCENES]!,
        },
        usageFor(i),
      );
      sink += d.voices.length;
    },
    Math.min(ITER, 5000),
  );
  await handle.db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });

  const row = (
    operation: string,
    s: ReturnType<typeof summarize>,
    base: ReturnType<typeof summarize>,
    budget?: number,
  ): FigureRow => ({
    operation,
    ours: `p50 ${ms(s.p50)} / p99 ${ms(s.p99)}`,
    baseline: `p50 ${ms(base.p50)} / p99 ${ms(base.p99)}`,
    ratio: `${(s.p99 / base.p99).toFixed(1)}×`,
    budget: budget === undefined ? '' : `p99 ≤ ${budget} ms`,
    verdict: budget === undefined ? '' : s.p99 <= budget ? 'OK' : 'OVER',
  });
  printTable(`spend decision: one spend, ${N_SCENES} active scenes, ${ITER} spends (sink ${sink % 10})`, [
    row('decide() over 50 compiled scenes', engine, baseline, 1),
    row('decide() lunch scene only', lunchOnly, baseline, 1),
    row('sceneDecider.decide() on SQLite (reads incl.)', door, baseline),
  ]);
  return { engine, baseline, lunchOnly, door };
}
