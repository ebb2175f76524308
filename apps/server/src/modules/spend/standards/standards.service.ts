import {
  CITY_MODE_LABEL,
  CONTROL_ACTION_LABEL,
  FEE_TYPES,
  OTHER_CITIES_NAME,
  OTHER_CITY_GROUP_ID,
  STANDARD_DIMENSION_LABEL,
  STANDARD_KIND_LABEL,
  STANDARD_KINDS,
  type ControlAction,
  type StandardAnswer,
  type StandardCell,
  type StandardDimension,
  type StandardKind,
  type StandardSetting,
  type StandardTable,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { listCityGroupsWithCities, listGradesOrJobs, logOp, staffName } from '../../org/index.js';
import {
  cellSentence,
  forgetTenant,
  kindName,
  parseControls,
  parseValue,
  resolveStandard,
  type CellValue,
} from './resolve.js';
import * as repo from './standards.repo.js';
import { standardErrors } from './standards.errors.js';

/** 差旅与费用标准 (settings centre): 标准设置, 管控设置, the standard tables, and the 适用标准 preview. */

const LOG_MODULE = 'standard';

async function nameOf(db: Db, tenantId: number, staffId: number | null | undefined) {
  return staffId ? ((await staffName(db, tenantId, Number(staffId))) ?? '') : '';
}

export async function getSetting(db: Db, caller: TenantCaller): Promise<StandardSetting> {
  const s = await repo.getSettings(db, caller.tenantId);
  const dimension = (s?.dimension === 'job' ? 'job' : 'grade') as StandardDimension;
  const cityMode = s?.city_mode === 'none' ? 'none' : 'group';
  const controls = parseControls(s?.controls);
  return {
    dimension,
    dimensionText: STANDARD_DIMENSION_LABEL[dimension],
    cityMode,
    cityModeText: CITY_MODE_LABEL[cityMode],
    controls: STANDARD_KINDS.map((k) => ({
      kind: k,
      kindText: STANDARD_KIND_LABEL[k],
      action: controls[k],
      actionText: CONTROL_ACTION_LABEL[controls[k]],
    })),
    updatedAt: s?.updated_at === null || s?.updated_at === undefined ? null : Number(s.updated_at),
    updatedByName: await nameOf(db, caller.tenantId, s?.updated_by),
  };
}

/** Every change runs here: the tenant's lock and version first, the change, its log line, one transaction. */
async function change<T>(db: Db, caller: TenantCaller, now: number, body: (trx: Db) => Promise<T>) {
  const out = await db.transaction().execute(async (trx) => {
    await repo.lockAndBump(trx, caller.tenantId, caller.staffId, now);
    return body(trx);
  });
  forgetTenant(caller.tenantId);
  return out;
}

export async function saveSetting(
  db: Db,
  caller: TenantCaller,
  input: { dimension: StandardDimension; cityMode: 'group' | 'none' },
  now: number,
) {
  await change(db, caller, now, async (trx) => {
    const before = await repo.getSettings(trx, caller.tenantId);
    await repo.updateSettings(trx, caller.tenantId, {
      dimension: input.dimension,
      city_mode: input.cityMode,
    });
    await logOp(
      trx,
      caller,
      {
        module: LOG_MODULE,
        action: 'update',
        targetType: 'standard_setting',
        targetId: null,
        summary: `修改标准设置：按${STANDARD_DIMENSION_LABEL[input.dimension]}、${CITY_MODE_LABEL[input.cityMode]}`,
        before: { dimension: before?.dimension ?? 'grade', cityMode: before?.city_mode ?? 'group' },
        after: input,
      },
      now,
    );
  });
  return getSetting(db, caller);
}

export async function saveControls(
  db: Db,
  caller: TenantCaller,
  controls: Record<StandardKind, ControlAction>,
  now: number,
) {
  await change(db, caller, now, async (trx) => {
    const before = parseControls((await repo.getSettings(trx, caller.tenantId))?.controls);
    await repo.updateSettings(trx, caller.tenantId, { controls: JSON.stringify(controls) });
    const changed = STANDARD_KINDS.filter((k) => before[k] !== controls[k]);
    await logOp(
      trx,
      caller,
      {
        module: LOG_MODULE,
        action: 'update',
        targetType: 'control_setting',
        targetId: null,
        summary: changed.length
          ? `修改管控设置：${changed.map((k) => `${STANDARD_KIND_LABEL[k]}超标${CONTROL_ACTION_LABEL[controls[k]]}`).join('；')}`
          : '保存管控设置（无变化）',
        before,
        after: controls,
      },
      now,
    );
  });
  return getSetting(db, caller);
}

export async function dimensions(db: Db, caller: TenantCaller) {
  const s = await repo.getSettings(db, caller.tenantId);
  const [grades, jobs, groups] = await Promise.all([
    listGradesOrJobs(db, caller.tenantId, 'grade'),
    listGradesOrJobs(db, caller.tenantId, 'job'),
    listCityGroupsWithCities(db, caller.tenantId),
  ]);
  return {
    dimension: s?.dimension === 'job' ? 'job' : 'grade',
    cityMode: s?.city_mode === 'none' ? 'none' : 'group',
    grades,
    jobs,
    cityGroups: [...groups, { id: OTHER_CITY_GROUP_ID, name: OTHER_CITIES_NAME, cityNames: [] }],
    feeTypes: FEE_TYPES.map((f) => ({ code: f.code, name: f.name })),
  };
}

/** Only the fields of the kind are kept. */
function valueOf(kind: StandardKind, c: Partial<CellValue>): Partial<CellValue> {
  switch (kind) {
    case 'hotel':
      return { nightCap: c.nightCap ?? null };
    case 'air':
      return { cabins: c.cabins ?? [], discountCap: c.discountCap ?? null };
    case 'train':
      return { seats: c.seats ?? [] };
    case 'car':
      return { levels: c.levels ?? [] };
    case 'allowance':
      return { mealPerDay: c.mealPerDay ?? null, trafficPerDay: c.trafficPerDay ?? null };
    case 'fee':
      return { cap: c.cap ?? null, period: c.period ?? 'time' };
  }
}

export interface TableInput {
  kind: StandardKind;
  feeType: string;
  dimension: StandardDimension;
}

export async function getTable(
  db: Db,
  caller: TenantCaller,
  t: { kind: StandardKind; feeType: string; dimension?: StandardDimension },
): Promise<StandardTable> {
  const s = await repo.getSettings(db, caller.tenantId);
  const dimension = t.dimension ?? (s?.dimension === 'job' ? 'job' : 'grade');
  const key = { kind: t.kind, feeType: t.feeType, subjectType: dimension };
  const [rows, last, subjects, groups] = await Promise.all([
    repo.currentCells(db, caller.tenantId, key),
    repo.lastSave(db, caller.tenantId, key),
    listGradesOrJobs(db, caller.tenantId, dimension),
    listCityGroupsWithCities(db, caller.tenantId),
  ]);
  const subjectName = new Map(subjects.map((x) => [x.id, x.name]));
  const groupName = new Map<number, string>(groups.map((g) => [g.id, g.name]));
  groupName.set(OTHER_CITY_GROUP_ID, OTHER_CITIES_NAME);
  const cityOff = s?.city_mode === 'none';
  const cells: StandardCell[] = [];
  for (const r of rows) {
    const subjectId = Number(r.subject_id);
    const cityGroupId = Number(r.city_group_id);
    // a grade or group deleted since: its cells stay in the history but are not shown
    if (!subjectName.has(subjectId) || !groupName.has(cityGroupId)) continue;
    const value = parseValue(r.value);
    cells.push({
      subjectId,
      cityGroupId,
      ...value,
      text: cellSentence(
        t.kind,
        t.feeType,
        subjectName.get(subjectId) ?? '',
        cityOff ? null : (groupName.get(cityGroupId) ?? ''),
        value,
      ),
    });
  }
  return {
    kind: t.kind,
    feeType: t.feeType,
    dimension,
    cells,
    updatedAt: last ? Number(last.valid_from) : null,
    updatedByName: await nameOf(db, caller.tenantId, last?.created_by),
  };
}

/**
 * Saves a whole table in one transaction: every grade (or job) and city group named must be the tenant's
 * (another tenant's id is refused, naming the cell); the table's current cells end and the new ones begin.
 * Two saves at once run one after the other (the settings row's lock): the last one wins whole.
 */
export async function saveTable(
  db: Db,
  caller: TenantCaller,
  t: TableInput & { cells: (Partial<CellValue> & { subjectId: number; cityGroupId: number })[] },
  now: number,
) {
  await change(db, caller, now, async (trx) => {
    const [subjects, groups] = await Promise.all([
      listGradesOrJobs(trx, caller.tenantId, t.dimension),
      listCityGroupsWithCities(trx, caller.tenantId),
    ]);
    const subjectIds = new Set(subjects.map((x) => x.id));
    const groupIds = new Set([OTHER_CITY_GROUP_ID, ...groups.map((g) => g.id)]);
    t.cells.forEach((c, i) => {
      if (!subjectIds.has(c.subjectId))
        throw standardErrors.unknownSubject(`cells.${i}.subjectId`, STANDARD_DIMENSION_LABEL[t.dimension]);
      if (!groupIds.has(c.cityGroupId)) throw standardErrors.unknownCityGroup(`cells.${i}.cityGroupId`);
    });
    const key = { kind: t.kind, feeType: t.feeType, subjectType: t.dimension };
    const before = (await repo.currentCells(trx, caller.tenantId, key)).map((r) => ({
      subjectId: Number(r.subject_id),
      cityGroupId: Number(r.city_group_id),
      ...JSON.parse(r.value),
    }));
    const cells = t.cells.map((c) => ({
      subjectId: c.subjectId,
      cityGroupId: c.cityGroupId,
      value: JSON.stringify(valueOf(t.kind, c)),
    }));
    await repo.replaceTable(trx, caller.tenantId, key, cells, caller.staffId, now);
    const title =
      t.kind === 'fee'
        ? `费用标准「${kindName('fee', t.feeType)}」`
        : `差旅标准「${STANDARD_KIND_LABEL[t.kind]}」`;
    await logOp(
      trx,
      caller,
      {
        module: LOG_MODULE,
        action: 'update',
        targetType: t.kind === 'fee' ? 'cost_standard' : 'trip_standard',
        targetId: null,
        summary: `保存${title}（按${STANDARD_DIMENSION_LABEL[t.dimension]}，${cells.length}项）`,
        before: { cells: before },
        after: {
          cells: cells.map((c) => ({
            subjectId: c.subjectId,
            cityGroupId: c.cityGroupId,
            ...JSON.parse(c.value),
          })),
        },
      },
      now,
    );
  });
  return getTable(db, caller, t);
}

/** 适用标准: what applies to a staff member of the tenant (another tenant's staff: not found). */
export async function preview(
  db: Db,
  caller: TenantCaller,
  q: { staffId: number; kind: StandardKind; city?: string; feeType?: string },
  now: number,
): Promise<StandardAnswer> {
  const r = await resolveStandard(db, caller.tenantId, { ...q, at: now });
  if (!r) throw standardErrors.staffNotFound();
  const { cityName: _city, ...answer } = r;
  return answer;
}
