import type { ControlAction, FeePeriod, StandardKind } from '@feikong/contracts';
import type { Db } from '../platform/db/database.js';
import * as cityRepo from '../modules/org/cityGroups/cityGroup.repo.js';
import * as repo from '../modules/spend/standards/standards.repo.js';
import { FIRST_TIER_CITY_CODES } from './org.js';
import { DEMO } from './demo.js';

/**
 * 差旅与费用标准 of the demo tenant: by grade (P1–P5) × 城市组 (一线城市, 其他城市) — 住宿, 机票, 火车, 用车,
 * 差旅补贴, three 费用标准 (餐饮费 per day, 业务招待费 per time, 通讯费 per month) and 管控设置. The demo's
 * 一线城市 is used; it is made only when the tenant has no city group. Amounts in 分.
 */
const HOTEL: Record<string, [number, number]> = {
  P1: [35000, 25000],
  P2: [40000, 30000],
  P3: [50000, 35000],
  P4: [65000, 45000],
  P5: [80000, 60000],
};
const AIR: Record<string, { cabins: string[]; discountCap: number | null }> = {
  P1: { cabins: ['economy'], discountCap: 80 },
  P2: { cabins: ['economy'], discountCap: 80 },
  P3: { cabins: ['economy'], discountCap: null },
  P4: { cabins: ['economy', 'premium_economy'], discountCap: null },
  P5: { cabins: ['economy', 'premium_economy', 'business'], discountCap: null },
};
const TRAIN: Record<string, string[]> = {
  P1: ['second', 'hard_sleeper'],
  P2: ['second', 'hard_sleeper'],
  P3: ['second', 'hard_sleeper'],
  P4: ['second', 'first', 'hard_sleeper', 'soft_sleeper'],
  P5: ['second', 'first', 'business', 'hard_sleeper', 'soft_sleeper'],
};
const CAR: Record<string, string[]> = {
  P1: ['economy'],
  P2: ['economy'],
  P3: ['economy', 'comfort'],
  P4: ['economy', 'comfort'],
  P5: ['economy', 'comfort', 'business'],
};
const FEES: { feeType: string; period: FeePeriod; caps: Record<string, [number, number]> }[] = [
  {
    feeType: 'meal',
    period: 'day',
    caps: {
      P1: [15000, 10000],
      P2: [15000, 10000],
      P3: [18000, 12000],
      P4: [20000, 15000],
      P5: [25000, 18000],
    },
  },
  {
    feeType: 'entertain',
    period: 'time',
    caps: { P3: [50000, 40000], P4: [100000, 80000], P5: [200000, 150000] },
  },
  {
    feeType: 'communication',
    period: 'month',
    caps: {
      P1: [20000, 20000],
      P2: [20000, 20000],
      P3: [20000, 20000],
      P4: [30000, 30000],
      P5: [50000, 50000],
    },
  },
];
const CONTROLS: Record<StandardKind, ControlAction> = {
  hotel: 'excess',
  air: 'approval',
  train: 'approval',
  car: 'refuse',
  allowance: 'refuse',
  fee: 'approval',
};

export async function seedDemoStandards(db: Db, tenantId: number, now = Date.now()) {
  let groups = await cityRepo.listGroups(db, tenantId);
  if (groups.length === 0) {
    const id = await cityRepo.insertGroup(db, tenantId, { name: '一线城市', sort_order: 1 }, now);
    await cityRepo.replaceCities(db, tenantId, id, FIRST_TIER_CITY_CODES);
    groups = await cityRepo.listGroups(db, tenantId);
  }
  const tier1 = Number(groups[0].id);
  const grades = await db
    .selectFrom('job_grades')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const gradeId = new Map(grades.map((g) => [g.name, Number(g.id)]));
  const admin = await db
    .selectFrom('staff')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', DEMO.admin)
    .executeTakeFirst();
  const by = admin ? Number(admin.id) : 0;

  /** Each grade's [一线城市, 其他城市] values as cells. */
  const cells = <T>(table: Record<string, [T, T]>, value: (v: T) => object) =>
    Object.entries(table).flatMap(([grade, [tierOne, other]]) => {
      const subjectId = gradeId.get(grade);
      if (subjectId === undefined) return [];
      return [
        { subjectId, cityGroupId: tier1, value: JSON.stringify(value(tierOne)) },
        { subjectId, cityGroupId: 0, value: JSON.stringify(value(other)) },
      ];
    });
  const same = <T>(table: Record<string, T>) =>
    Object.fromEntries(Object.entries(table).map(([k, v]) => [k, [v, v]])) as Record<string, [T, T]>;

  await repo.lockAndBump(db, tenantId, by, now);
  await repo.updateSettings(db, tenantId, {
    dimension: 'grade',
    city_mode: 'group',
    controls: JSON.stringify(CONTROLS),
  });
  const trip = (kind: string) => ({ kind, feeType: '', subjectType: 'grade' });
  await repo.replaceTable(
    db,
    tenantId,
    trip('hotel'),
    cells(HOTEL, (n) => ({ nightCap: n })),
    by,
    now,
  );
  await repo.replaceTable(
    db,
    tenantId,
    trip('air'),
    cells(same(AIR), (v) => v),
    by,
    now,
  );
  await repo.replaceTable(
    db,
    tenantId,
    trip('train'),
    cells(same(TRAIN), (seats) => ({ seats })),
    by,
    now,
  );
  await repo.replaceTable(
    db,
    tenantId,
    trip('car'),
    cells(same(CAR), (levels) => ({ levels })),
    by,
    now,
  );
  const allowance = Object.fromEntries(
    Object.keys(HOTEL).map((g) => [
      g,
      [
        { mealPerDay: g === 'P5' ? 12000 : 10000, trafficPerDay: 5000 },
        { mealPerDay: g === 'P5' ? 10000 : 8000, trafficPerDay: 4000 },
      ],
    ]),
  ) as Record<string, [object, object]>;
  await repo.replaceTable(
    db,
    tenantId,
    trip('allowance'),
    cells(allowance, (v) => v),
    by,
    now,
  );
  for (const f of FEES)
    await repo.replaceTable(
      db,
      tenantId,
      { kind: 'fee', feeType: f.feeType, subjectType: 'grade' },
      cells(f.caps, (cap) => ({ cap, period: f.period })),
      by,
      now,
    );
}
