import type { ORG_SYNC_PLATFORMS } from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { orgErrors } from '../org.errors.js';
import * as orgRepo from '../units/org.repo.js';
import { pageOf } from '../org.schemas.js';
import { LogModule, logOps, type LogEntry } from '../oplog/oplog.service.js';
import * as personRepo from '../staff/person.repo.js';
import * as staffRepo from '../staff/staff.repo.js';
import { staffByIds, StaffStatus, type StaffOut } from '../staff/staff.service.js';
import { platformName, syncErrors } from './thirdUsers.errors.js';
import * as repo from './thirdUsers.repo.js';
import { ConflictStatus, type ConflictRow, type NewConflict, type Resolution } from './thirdUsers.repo.js';
import { joinDefaultGroup } from '../../privileges/index.js';

/**
 * Third-party users the directory sync (DingTalk / WeCom / Feishu) could not match to staff by
 * itself: a phone already used by another staff member, a phone that changed, a resigned staff
 * member reappearing, no phone at all. The sync calls `recordSyncConflict`; an administrator
 * resolves each one (同步冲突处理): 关联已有员工 (bind), 新建员工 (create) or 忽略 (ignore).
 * A bind or create also binds the platform account to the staff member when the tenant has its
 * own app on that platform (the binding third-party login reads); otherwise login keeps matching
 * by mobile and the resolution is recorded on the conflict only.
 */

/** The sync writes only these platforms (the column is free text). */
type SyncPlatform = (typeof ORG_SYNC_PLATFORMS)[number];

export async function recordSyncConflict(db: Db, tenantId: number, c: NewConflict, now = Date.now()) {
  return repo.upsertConflict(db, tenantId, c, now);
}

export async function hasSyncHandle(db: Db, caller: TenantCaller) {
  const count = await repo.countPending(db, caller.tenantId);
  return { has_handle: count > 0, count };
}

export interface SyncListQuery {
  status?: number;
  platform?: string;
  keyword?: string;
  page_num: number;
  page_size: number;
}

/** A staff member suggested for a pending conflict, and why (same phone, same name). */
function candidateOut(s: StaffOut, row: ConflictRow) {
  return {
    id: s.id,
    name: s.user_name,
    phone: s.phone,
    org_name: s.org_name,
    dept_name: s.dept_name,
    status: s.status,
    same_phone: row.phone !== null && s.phone === row.phone,
    same_name: s.user_name === row.name,
  };
}

export async function syncHandleList(db: Db, caller: TenantCaller, q: SyncListQuery) {
  const { items, total } = await repo.pageConflicts(db, caller.tenantId, {
    status: q.status,
    platform: q.platform,
    keyword: q.keyword,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  const pending = items.filter((r) => r.status === ConflictStatus.pending);
  const matchIds = await repo.matchingStaffIds(
    db,
    caller.tenantId,
    [...new Set(pending.flatMap((r) => (r.phone ? [r.phone] : [])))],
    [...new Set(pending.map((r) => r.name))],
  );
  const linked = items.flatMap((r) => [r.staff_id, r.resolved_by]).filter((x): x is number => x !== null);
  const staff = new Map(
    (await staffByIds(db, caller, [...matchIds, ...linked])).map((s) => [s.id, s] as const),
  );
  const matches = matchIds.map((id) => staff.get(id)).filter((s): s is StaffOut => s !== undefined);
  return pageOf(
    items.map((r) => ({
      id: r.id,
      platform: r.platform as SyncPlatform,
      platform_name: platformName(r.platform),
      third_user_id: r.third_user_id,
      name: r.name,
      phone: r.phone,
      reason: r.reason,
      status: r.status,
      resolution: r.resolution as Resolution | null,
      staff_id: r.staff_id,
      staff_name: r.staff_id === null ? '' : (staff.get(r.staff_id)?.user_name ?? ''),
      resolved_by: r.resolved_by,
      resolved_by_name: r.resolved_by === null ? '' : (staff.get(r.resolved_by)?.user_name ?? ''),
      resolved_at: r.resolved_at,
      created_at: r.created_at,
      updated_at: r.updated_at,
      // Same phone first, then same name; active staff before resigned.
      candidates:
        r.status === ConflictStatus.pending
          ? matches
              .filter((s) => (r.phone !== null && s.phone === r.phone) || s.user_name === r.name)
              .map((s) => candidateOut(s, r))
              .sort(
                (a, b) =>
                  Number(b.same_phone) - Number(a.same_phone) ||
                  Number(a.status !== StaffStatus.active) - Number(b.status !== StaffStatus.active) ||
                  a.id - b.id,
              )
              .slice(0, 5)
          : [],
    })),
    q.page_num,
    q.page_size,
    total,
  );
}

export interface SyncHandleInput {
  id: number;
  action: Resolution;
  /** bind: the staff member to bind to. */
  staff_id?: number;
  /** create: the new staff member (name and phone default to the platform's). */
  name?: string;
  phone?: string;
  org_id?: number;
  dept_ids?: number[];
}

const ACTION_WORDS: Record<Resolution, string> = { bind: '关联已有员工', create: '新建员工', ignore: '忽略' };

/**
 * Resolves one pending conflict in one transaction: the staff member (found or created), the
 * platform binding, the conflict row and the operation log commit together or not at all.
 */
export async function syncHandle(db: Db, caller: TenantCaller, input: SyncHandleInput, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const c = await repo.getConflict(trx, caller.tenantId, input.id);
    if (!c) throw orgErrors.conflictNotFound();
    if (c.status !== ConflictStatus.pending) throw orgErrors.alreadyResolved();
    if (!(await repo.claimPending(trx, caller.tenantId, c.id, now))) throw orgErrors.alreadyResolved();
    const logs: LogEntry[] = [];

    let staff: { id: number; name: string } | null = null;
    if (input.action === 'bind') {
      if (input.staff_id === undefined) throw orgErrors.bindNeedsStaff();
      const s = await staffRepo.getStaff(trx, caller.tenantId, input.staff_id);
      if (!s) throw orgErrors.staffNotFound();
      if (s.status !== StaffStatus.active) throw syncErrors.staffResigned(s.name);
      staff = { id: s.id, name: s.name };
    } else if (input.action === 'create') {
      staff = await createStaffFor(trx, caller, c, input, logs, now);
    }

    let binding: { corp_id: string } | null = null;
    if (staff) {
      const corpId = await repo.tenantCorpId(trx, caller.tenantId, c.platform);
      if (corpId !== undefined) {
        await bindPlatformAccount(trx, caller.tenantId, { ...staff, platform: c.platform, corpId, c }, now);
        binding = { corp_id: corpId };
      }
    }

    const resolution = { resolution: input.action, staff_id: staff?.id ?? null, resolved_by: caller.staffId };
    if (!(await repo.resolveConflict(trx, caller.tenantId, c.id, resolution, now)))
      throw orgErrors.alreadyResolved();

    const who = `${platformName(c.platform)}用户「${c.name}」`;
    logs.push({
      module: LogModule.thirdUser,
      action: input.action,
      targetType: 'third_user_sync_conflict',
      targetId: c.id,
      summary:
        input.action === 'ignore'
          ? `忽略同步冲突：${who}`
          : `同步冲突处理：${who}${input.action === 'bind' ? '关联到' : '新建为'}员工「${staff!.name}」`,
      before: { status: c.status, resolution: c.resolution, staff_id: c.staff_id },
      after: {
        status: ConflictStatus.resolved,
        resolution: input.action,
        staff_id: staff?.id ?? null,
        ...(binding ? { corp_id: binding.corp_id, third_user_id: c.third_user_id } : {}),
      },
    });
    await logOps(trx, caller, logs, now);
    return {
      id: c.id,
      action: input.action,
      action_name: ACTION_WORDS[input.action],
      staff_id: staff?.id ?? null,
      bound: binding !== null,
    };
  });
}

/** 新建员工: a staff member from the platform user, checked like users:post. */
async function createStaffFor(
  trx: Db,
  caller: TenantCaller,
  c: ConflictRow,
  input: SyncHandleInput,
  logs: LogEntry[],
  now: number,
) {
  const name = input.name?.trim() || c.name;
  const phone = input.phone ?? c.phone;
  if (!phone) throw syncErrors.required('phone', '手机号', '该第三方用户没有手机号，请填写手机号');
  if (input.org_id === undefined) throw syncErrors.required('org_id', '所属公司', '请选择公司');
  if (!input.dept_ids?.length) throw syncErrors.required('dept_ids', '所属部门', '请选择部门');
  if (!(await orgRepo.getOrg(trx, caller.tenantId, input.org_id))) throw orgErrors.orgNotFound();
  const deptIds = [...new Set(input.dept_ids)];
  const depts = await orgRepo.getDepts(trx, caller.tenantId, deptIds);
  if (depts.length !== deptIds.length) throw orgErrors.deptNotFound();
  if (depts.some((d) => d.org_id !== input.org_id)) throw orgErrors.deptOrgMismatch();
  if (await staffRepo.staffIdByPhone(trx, caller.tenantId, phone)) throw orgErrors.phoneTaken();

  const userId =
    (await personRepo.usersByPhones(trx, [phone])).get(phone) ??
    (await personRepo.insertUsers(trx, [{ phone, real_name: name, email: null }], now)).get(phone)!;
  const values: staffRepo.NewStaff = {
    user_id: userId,
    org_id: input.org_id,
    name,
    phone,
    email: null,
    job_no: null,
    grade_id: null,
    job_id: null,
    title_id: null,
  };
  const id = (await staffRepo.insertStaffRows(trx, caller.tenantId, [values], now)).get(phone)!;
  await joinDefaultGroup(trx, caller.tenantId, [id], now);
  await staffRepo.insertStaffDepts(
    trx,
    caller.tenantId,
    deptIds.map((dept_id) => ({ staff_id: id, dept_id })),
  );
  logs.push({
    module: LogModule.staff,
    action: 'create',
    targetType: 'staff',
    targetId: id,
    summary: `新增员工「${name}」（${platformName(c.platform)}同步冲突处理）`,
    after: { id, name, phone, org_id: input.org_id, status: StaffStatus.active, dept_ids: deptIds },
  });
  return { id, name };
}

/**
 * Points the platform account at the staff member. Refused when the account belongs to another
 * tenant, or when the staff member already has a different account of that corp.
 */
async function bindPlatformAccount(
  trx: Db,
  tenantId: number,
  b: { id: number; name: string; platform: string; corpId: string; c: ConflictRow },
  now: number,
) {
  const existing = await repo.bindingOf(trx, b.platform, b.corpId, b.c.third_user_id);
  if (existing && existing.tenant_id !== tenantId) throw syncErrors.accountBoundElsewhere(b.platform);
  const other = await repo.accountOfStaff(trx, tenantId, b.id, b.platform, b.corpId);
  if (other && other.third_user_id !== b.c.third_user_id)
    throw syncErrors.staffHasOtherAccount(b.name, b.platform);
  if (existing?.staff_id === b.id) return;
  await repo.bindAccount(
    trx,
    tenantId,
    { staffId: b.id, platform: b.platform, corpId: b.corpId, thirdUserId: b.c.third_user_id },
    existing?.id,
    now,
  );
}
