import type { TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import {
  createSyncedStaff,
  recordSyncConflict,
  staffByPhonesAnyStatus,
  updateSyncedStaff,
  upsertSyncedDept,
} from '../../org/index.js';
import { platformErrors } from '../platforms/index.js';
import type { Snapshot, UpDept, UpUser } from './upstream.js';

/**
 * 通讯录同步 (decision 0061): the diff of a complete snapshot against what earlier syncs applied, and its
 * application. Departments are walked from the platform's root (its children become the organisation's top
 * departments) to any depth; staff are matched by phone, then by the platform user id (an earlier binding or a
 * resolved 同步冲突); a withheld field is kept as it was; nobody is deleted — one gone upstream is marked missing,
 * and flagged once the grace period has passed. What cannot be matched goes to 同步冲突处理.
 */
export const RunStatus = {
  fetching: 'fetching',
  review: 'review',
  applied: 'applied',
  unchanged: 'unchanged',
  failed: 'failed',
  discarded: 'discarded',
} as const;

interface DiffDept {
  id: string;
  name: string;
  parent: string;
  from?: string;
}
interface DiffUser {
  id: string;
  name: string;
  mobile: string | null;
  withheld: string[];
  depts: string[];
  from?: string[];
  fields?: string[];
}
export interface SyncDiff {
  /** The platform's root department (the organisation itself). */
  root?: string;
  depts: { added: DiffDept[]; changed: DiffDept[]; moved: DiffDept[]; gone: DiffDept[] };
  users: { added: DiffUser[]; changed: DiffUser[]; moved: DiffUser[]; gone: DiffUser[] };
}
export const diffSize = (d: SyncDiff) =>
  d.depts.added.length +
  d.depts.changed.length +
  d.depts.moved.length +
  d.depts.gone.length +
  d.users.added.length +
  d.users.changed.length +
  d.users.moved.length +
  d.users.gone.length;

type Cfg = {
  id: number;
  tenant_id: number;
  org_id: number;
  platform: string;
  corp_id: string;
  grace_days: number;
  /** Who last configured it: the actor of a scheduled sync's writes. */
  updated_by: number;
};

async function known(db: Db, cfg: Cfg) {
  const depts = await db
    .selectFrom('directory_sync_depts')
    .selectAll()
    .where('tenant_id', '=', cfg.tenant_id)
    .where('config_id', '=', cfg.id)
    .execute();
  const users = await db
    .selectFrom('directory_sync_users')
    .selectAll()
    .where('tenant_id', '=', cfg.tenant_id)
    .where('config_id', '=', cfg.id)
    .execute();
  return {
    depts: new Map(depts.map((d) => [d.third_dept_id, d])),
    users: new Map(users.map((u) => [u.third_user_id, u])),
  };
}

/** Staff already tied to platform user ids: a login binding, or a 同步冲突 an administrator resolved. */
async function boundStaff(db: Db, cfg: Cfg, ids: string[]) {
  const out = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const b = await db
      .selectFrom('staff_third_accounts')
      .select(['third_user_id', 'staff_id'])
      .where('tenant_id', '=', cfg.tenant_id)
      .where('platform', '=', cfg.platform)
      .where('corp_id', '=', cfg.corp_id)
      .where('third_user_id', 'in', part)
      .execute();
    for (const r of b) out.set(r.third_user_id, Number(r.staff_id));
    const c = await db
      .selectFrom('third_user_sync_conflicts')
      .select(['third_user_id', 'staff_id'])
      .where('tenant_id', '=', cfg.tenant_id)
      .where('platform', '=', cfg.platform)
      .where('third_user_id', 'in', part)
      .where('status', '=', 2)
      .where('staff_id', 'is not', null)
      .execute();
    for (const r of c) if (!out.has(r.third_user_id)) out.set(r.third_user_id, Number(r.staff_id));
  }
  return out;
}

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();
const csv = (s: string) => (s === '' ? [] : s.split(','));

export async function computeDiff(db: Db, cfg: Cfg, snap: Snapshot): Promise<SyncDiff> {
  const k = await known(db, cfg);
  const diff: SyncDiff = {
    root: snap.root,
    depts: { added: [], changed: [], moved: [], gone: [] },
    users: { added: [], changed: [], moved: [], gone: [] },
  };
  const seenDepts = new Set<string>();
  for (const d of snap.depts) {
    if (d.id === snap.root) continue;
    seenDepts.add(d.id);
    const o = k.depts.get(d.id);
    const out = { id: d.id, name: d.name, parent: d.parent };
    if (!o) diff.depts.added.push(out);
    else {
      if (o.name !== d.name || o.missing_since !== null) diff.depts.changed.push({ ...out, from: o.name });
      if (o.parent_third_id !== d.parent) diff.depts.moved.push({ ...out, from: o.parent_third_id });
    }
  }
  for (const [id, o] of k.depts)
    if (!seenDepts.has(id) && o.missing_since === null)
      diff.depts.gone.push({ id, name: o.name, parent: o.parent_third_id });

  const unmatched = snap.users.filter((u) => k.users.get(u.id)?.staff_id === null).map((u) => u.id);
  const bound = await boundStaff(db, cfg, unmatched);
  const seenUsers = new Set<string>();
  for (const u of snap.users) {
    seenUsers.add(u.id);
    const o = k.users.get(u.id);
    const out: DiffUser = { id: u.id, name: u.name, mobile: u.mobile, withheld: u.withheld, depts: u.depts };
    if (!o) {
      diff.users.added.push(out);
      continue;
    }
    const fields: string[] = [];
    if (o.name !== u.name) fields.push('name');
    if (!u.withheld.includes('mobile') && o.mobile !== u.mobile) fields.push('mobile');
    if (!u.withheld.includes('email') && o.email !== u.email) fields.push('email');
    if (o.withheld !== u.withheld.join(',')) fields.push('withheld');
    if (o.missing_since !== null) fields.push('returned');
    if (o.staff_id === null && bound.has(u.id)) fields.push('matched');
    if (fields.length > 0) diff.users.changed.push({ ...out, fields });
    if (!sameSet(csv(o.dept_third_ids), u.depts))
      diff.users.moved.push({ ...out, from: csv(o.dept_third_ids) });
  }
  for (const [id, o] of k.users)
    if (!seenUsers.has(id) && o.missing_since === null)
      diff.users.gone.push({
        id,
        name: o.name,
        mobile: o.mobile,
        withheld: csv(o.withheld),
        depts: csv(o.dept_third_ids),
      });
  return diff;
}

/** Depth-first order from the root so that a parent is written before its children (any depth). */
function topDown(snap: Snapshot) {
  const kids = new Map<string, UpDept[]>();
  for (const d of snap.depts) {
    if (d.id === snap.root) continue;
    const list = kids.get(d.parent) ?? [];
    list.push(d);
    kids.set(d.parent, list);
  }
  const out: UpDept[] = [];
  const stack = [...(kids.get(snap.root) ?? [])].reverse();
  while (stack.length > 0) {
    const d = stack.pop()!;
    out.push(d);
    stack.push(...(kids.get(d.id) ?? []).reverse());
  }
  return out;
}

/** Writes the snapshot's differences in one transaction; returns how many users went to 同步冲突处理. */
/** `by`: who applies it (the reviewer; for an automatic apply, whoever last configured the platform). */
export async function applySnapshot(
  db: Db,
  cfg: Cfg,
  snap: Snapshot,
  diff: SyncDiff,
  now: number,
  by = Number(cfg.updated_by),
) {
  return inTransaction(db, async (trx) => {
    const k = await known(trx, cfg);
    const local = new Map<string, number>([[snap.root, 0]]);
    for (const [id, d] of k.depts) local.set(id, Number(d.dept_id));
    const touched = new Set([
      ...diff.depts.added.map((d) => d.id),
      ...diff.depts.changed.map((d) => d.id),
      ...diff.depts.moved.map((d) => d.id),
    ]);
    for (const d of topDown(snap)) {
      if (!touched.has(d.id)) continue;
      const o = k.depts.get(d.id);
      const pid = local.get(d.parent) ?? 0;
      const deptId = await upsertSyncedDept(
        trx,
        cfg.tenant_id,
        {
          id: o ? Number(o.dept_id) : null,
          orgId: cfg.org_id,
          pid,
          name: d.name.slice(0, 100),
          sortOrder: d.order,
        },
        now,
      );
      local.set(d.id, deptId);
      if (o)
        await trx
          .updateTable('directory_sync_depts')
          .set({ name: d.name, parent_third_id: d.parent, missing_since: null, updated_at: now })
          .where('id', '=', o.id)
          .execute();
      else
        await trx
          .insertInto('directory_sync_depts')
          .values({
            tenant_id: cfg.tenant_id,
            config_id: cfg.id,
            third_dept_id: d.id,
            dept_id: deptId,
            parent_third_id: d.parent,
            name: d.name,
            missing_since: null,
            updated_at: now,
          })
          .execute();
    }
    const goneDepts = diff.depts.gone.map((d) => d.id);
    for (let i = 0; i < goneDepts.length; i += 500)
      await trx
        .updateTable('directory_sync_depts')
        .set({ missing_since: now, updated_at: now })
        .where('config_id', '=', cfg.id)
        .where('third_dept_id', 'in', goneDepts.slice(i, i + 500))
        .execute();

    const byId = new Map(snap.users.map((u) => [u.id, u]));
    const deptIdsOf = (u: UpUser) => [
      ...new Set(u.depts.map((d) => local.get(d)).filter((x): x is number => x !== undefined && x !== 0)),
    ];
    // Who needs a staff match: new users, and earlier ones still unmatched.
    const toMatch = [
      ...diff.users.added.map((d) => byId.get(d.id)!),
      ...diff.users.changed.filter((d) => k.users.get(d.id)?.staff_id === null).map((d) => byId.get(d.id)!),
    ];
    const bound = await boundStaff(
      trx,
      cfg,
      toMatch.map((u) => u.id),
    );
    const phones = await staffByPhonesAnyStatus(
      trx,
      cfg.tenant_id,
      toMatch.flatMap((u) => (u.mobile ? [u.mobile] : [])),
    );
    const staffOf = new Map<string, number | null>();
    const create: UpUser[] = [];
    let conflicts = 0;
    const creating = new Set<string>();
    for (const u of toMatch) {
      const byPhone = u.mobile ? phones.get(u.mobile) : undefined;
      const byBinding = bound.get(u.id);
      let reason: string | null = null;
      if (byPhone && byPhone.status === 1) staffOf.set(u.id, byPhone.staffId);
      else if (byBinding !== undefined) staffOf.set(u.id, byBinding);
      else if (byPhone) reason = '手机号对应的员工已离职';
      else if (u.mobile && !creating.has(u.mobile)) {
        creating.add(u.mobile);
        create.push(u);
      } else if (u.mobile) reason = '手机号与另一位同步成员相同';
      else
        reason = u.withheld.includes('mobile')
          ? '平台未返回手机号（应用无权获取），无法匹配员工'
          : '没有手机号';
      if (reason !== null) {
        staffOf.set(u.id, null);
        conflicts++;
        await recordSyncConflict(
          trx,
          cfg.tenant_id,
          { platform: cfg.platform, third_user_id: u.id, name: u.name, phone: u.mobile, reason },
          now,
        );
      }
    }
    const made = await createSyncedStaff(
      trx,
      cfg.tenant_id,
      create.map((u) => ({
        orgId: cfg.org_id,
        name: u.name.slice(0, 50),
        phone: u.mobile!,
        email: u.email,
        deptIds: deptIdsOf(u),
      })),
      now,
    );
    for (const u of create) staffOf.set(u.id, made.get(u.mobile!)!);
    const binds = [...staffOf].filter((e): e is [string, number] => e[1] !== null);
    for (let i = 0; i < binds.length; i += 500)
      await trx
        .insertInto('staff_third_accounts')
        .values(
          binds.slice(i, i + 500).map(([id, staffId]) => ({
            tenant_id: cfg.tenant_id,
            staff_id: staffId,
            platform: cfg.platform,
            corp_id: cfg.corp_id,
            third_user_id: id,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['platform', 'corp_id', 'third_user_id']).doNothing())
        .execute();

    // Matched existing staff and changed ones: their name, e-mail (unless withheld) and departments.
    const changedIds = new Set([
      ...diff.users.changed.map((d) => d.id),
      ...diff.users.moved.map((d) => d.id),
    ]);
    for (const id of changedIds) {
      const u = byId.get(id)!;
      const o = k.users.get(id)!;
      const staffId = o.staff_id !== null ? Number(o.staff_id) : (staffOf.get(id) ?? null);
      if (staffId !== null && !create.includes(u))
        await updateSyncedStaff(
          trx,
          cfg.tenant_id,
          staffId,
          {
            name: u.name.slice(0, 50),
            ...(u.email !== null ? { email: u.email } : {}),
            deptIds: deptIdsOf(u),
          },
          now,
          by,
        );
      await trx
        .updateTable('directory_sync_users')
        .set({
          staff_id: staffId,
          name: u.name,
          // A withheld field keeps what an earlier sync knew.
          mobile: u.withheld.includes('mobile') ? o.mobile : u.mobile,
          email: u.withheld.includes('email') ? o.email : u.email,
          withheld: u.withheld.join(','),
          dept_third_ids: u.depts.join(','),
          missing_since: null,
          flagged_at: null,
          updated_at: now,
        })
        .where('id', '=', o.id)
        .execute();
    }
    for (const u of toMatch.filter((x) => !k.users.has(x.id))) {
      const staffId = staffOf.get(u.id) ?? null;
      const existing = staffId !== null && !create.includes(u);
      if (existing) await updateSyncedStaff(trx, cfg.tenant_id, staffId, { deptIds: deptIdsOf(u) }, now, by);
    }
    const fresh = diff.users.added.map((d) => byId.get(d.id)!);
    for (let i = 0; i < fresh.length; i += 200)
      await trx
        .insertInto('directory_sync_users')
        .values(
          fresh.slice(i, i + 200).map((u) => ({
            tenant_id: cfg.tenant_id,
            config_id: cfg.id,
            third_user_id: u.id,
            staff_id: staffOf.get(u.id) ?? null,
            name: u.name,
            mobile: u.mobile,
            email: u.email,
            withheld: u.withheld.join(','),
            dept_third_ids: u.depts.join(','),
            missing_since: null,
            flagged_at: null,
            updated_at: now,
          })),
        )
        .execute();
    const gone = diff.users.gone.map((d) => d.id);
    for (let i = 0; i < gone.length; i += 500)
      await trx
        .updateTable('directory_sync_users')
        .set({ missing_since: now, updated_at: now })
        .where('config_id', '=', cfg.id)
        .where('third_user_id', 'in', gone.slice(i, i + 500))
        .execute();
    return { conflicts };
  });
}

/**
 * People missing upstream longer than the grace period are flagged for an administrator (never resigned nor
 * deleted here: org's 离职 listeners do not fire). Returns how many were flagged now.
 */
export async function flagLongGone(db: Db, cfg: Cfg, now: number) {
  const r = await db
    .updateTable('directory_sync_users')
    .set({ flagged_at: now, updated_at: now })
    .where('tenant_id', '=', cfg.tenant_id)
    .where('config_id', '=', cfg.id)
    .where('missing_since', 'is not', null)
    .where('missing_since', '<=', now - cfg.grace_days * 86_400_000)
    .where('flagged_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function mustGetRun(db: Db, caller: TenantCaller, id: number) {
  const run = await db
    .selectFrom('directory_sync_runs')
    .selectAll()
    .where('tenant_id', '=', caller.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!run) throw platformErrors.runNotFound();
  return run;
}
