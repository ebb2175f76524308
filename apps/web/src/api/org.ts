import type { Paged } from '@feikong/contracts';
import { http } from './request';

// Typed calls of the organisation architecture family (/org-arch-center/api/v1/, spec §7.2). Shapes
// follow apps/server/src/modules/org (routes, schemas and service replies). Paths with a literal
// colon (organizations:list) are written as the spec writes them.

export const ORG_BASE = '/org-arch-center/api/v1';
const u = (p: string) => `${ORG_BASE}/${p}`;

export type { PageInfo, Paged } from '@feikong/contracts';

/** group = the top organisation, company, dept (spec §3: org_type dept for departments). */
export type UnitType = 'group' | 'company' | 'dept';

/** One node of organizations:list / departments:list (spec §3 organisation / department). */
export interface UnitNode {
  /** Unique over a mixed tree: org-<id> / dept-<id>. */
  key: string;
  id: number;
  pid: number;
  name: string;
  full_name: string;
  order: number;
  has_priv: boolean;
  /** Non-zero: synced from an integrated platform. */
  source: number;
  org_type: UnitType;
  /** The company of a department; the organisation itself for companies. */
  org_id: number;
  tax_id?: string | null;
  children: UnitNode[];
}

export interface DeleteCheck {
  can_delete: boolean;
  reason: string;
}

export interface OrgInput {
  name: string;
  full_name?: string;
  pid?: number;
  tax_id?: string;
  order?: number;
}
export interface DeptInput {
  org_id: number;
  pid?: number;
  name: string;
  order?: number;
}
export interface OrderInput {
  pid: number;
  ids: number[];
}

/** 1 在职, 2 离职 (spec §9: resigned user status 2). */
export const StaffStatus = { active: 1, resigned: 2 } as const;

/** A staff row of GET users (spec §3 user fields plus names). */
export interface Staff {
  id: number;
  user_id: number;
  user_name: string;
  real_name: string;
  avatar: string | null;
  phone: string;
  gender: number | null;
  email: string | null;
  job_no: string | null;
  status: number;
  org_id: number;
  org_name: string;
  dept_ids: number[];
  dept_names: string[];
  dept_name: string;
  grade_id: number | null;
  grade_name: string;
  job_id: number | null;
  job_name: string;
  title_id: number | null;
  title_name: string;
  created_at: number;
  resigned_at: number | null;
}

export interface StaffQuery {
  keyword?: string;
  page_num: number;
  page_size: number;
  status?: number;
  org_id?: number;
  dept_id?: number;
}

export interface StaffInput {
  name: string;
  phone: string;
  email?: string;
  job_no?: string;
  org_id: number;
  dept_ids: number[];
  grade_id?: number | null;
  job_id?: number | null;
  title_id?: number | null;
}

export interface StaffBatchInput {
  ids: number[];
  dept_ids?: number[];
  grade_id?: number | null;
  job_id?: number | null;
  status?: number;
}

export interface PhoneRecord {
  id: number;
  old_phone: string;
  new_phone: string;
  operator_name: string;
  created_at: number;
}

/** Job grades and jobs share one shape. */
export interface NamedItem {
  id: number;
  name: string;
  description: string;
  order: number;
  staff_count: number;
  created_at: number;
  updated_at: number;
}
export interface NamedInput {
  name: string;
  description?: string;
  order?: number;
}
export type NamedKind = 'grades' | 'jobs';

export interface Title extends NamedItem {
  /** 0 = every company. */
  org_id: number;
  org_name: string;
}
export interface TitleInput extends NamedInput {
  org_id?: number;
}

export interface Account {
  id: number;
  org_id: number;
  org_name: string;
  account_name: string;
  bank_name: string;
  account_no: string;
  created_at: number;
  updated_at: number;
}
export interface AccountInput {
  org_id: number;
  account_name: string;
  bank_name: string;
  account_no: string;
}

export interface Address {
  id: number;
  org_id: number;
  name: string;
  address: string;
  contact: string;
  phone: string;
  is_default: boolean;
  created_at: number;
  updated_at: number;
}
export interface AddressInput {
  name: string;
  address: string;
  contact: string;
  phone: string;
  is_default?: boolean;
}

export interface OrgInfo {
  id: number;
  pid: number;
  parent_name: string;
  name: string;
  full_name: string;
  tax_id: string | null;
  org_type: UnitType;
  order: number;
  source: number;
  created_at: number;
  department_count: number;
  active_staff_count: number;
  resigned_staff_count: number;
  addresses: Address[];
}

export interface OrgStatistics {
  company_count: number;
  department_count: number;
  active_staff_count: number;
  resigned_staff_count: number;
}

export interface CityEntry {
  code: string;
  name: string;
  province_code: string;
  province_name: string;
}
export interface CityGroup {
  id: number;
  name: string;
  order: number;
  city_count: number;
  cities: CityEntry[];
  created_at: number;
  updated_at: number;
}
/** city-group-data-set:list: provinces → cities (GB/T 2260). */
export interface ProvinceEntry {
  code: string;
  name: string;
  children: { code: string; name: string }[];
}

export interface UserGroupNode {
  id: number;
  pid: number;
  name: string;
  order: number;
  member_count: number;
  children: UserGroupNode[];
}

/** A member of a user group (user-group/members). */
export interface UserGroupMember {
  id: number;
  name: string;
  phone: string;
  email: string;
  job_no: string;
  org_name: string;
}
export interface UserGroupMemberQuery {
  group_id: number;
  keyword?: string;
  page_num: number;
  page_size: number;
}
export interface UserGroupInput {
  name: string;
  /** 0 or absent: top level. */
  pid?: number;
  order?: number;
}

export interface OperationLog {
  id: number;
  operator_id: number | null;
  operator_name: string;
  module: string;
  action: string;
  target_type: string;
  target_id: number | null;
  summary: string;
  before: unknown;
  after: unknown;
  created_at: number;
}
export interface OperationLogQuery {
  keyword?: string;
  module?: string;
  start?: number;
  end?: number;
  page_num: number;
  page_size: number;
}

/** Platforms of the directory sync (the same names as third-party login's). */
export type SyncPlatform = 'dingtalk' | 'wecom' | 'feishu';
/** 1 待处理, 2 已处理. */
export const SyncConflictStatus = { pending: 1, resolved: 2 } as const;
/** 关联已有员工 / 新建员工 / 忽略. */
export type SyncResolution = 'bind' | 'create' | 'ignore';

/** A staff member suggested for a pending conflict: same phone or same name. */
export interface SyncCandidate {
  id: number;
  name: string;
  phone: string;
  org_name: string;
  dept_name: string;
  status: number;
  same_phone: boolean;
  same_name: boolean;
}

/** A third-party user the sync could not match (third-users/sync-handle-list). */
export interface SyncConflict {
  id: number;
  platform: SyncPlatform;
  platform_name: string;
  third_user_id: string;
  name: string;
  phone: string | null;
  reason: string;
  status: number;
  resolution: SyncResolution | null;
  staff_id: number | null;
  staff_name: string;
  resolved_by: number | null;
  resolved_by_name: string;
  resolved_at: number | null;
  /** When the sync first found it (发现时间). */
  created_at: number;
  updated_at: number;
  /** Pending ones only: up to 5, same phone first. */
  candidates: SyncCandidate[];
}

export interface SyncConflictQuery {
  status?: number;
  platform?: SyncPlatform;
  keyword?: string;
  page_num: number;
  page_size: number;
}

export interface SyncHandleInput {
  id: number;
  action: SyncResolution;
  staff_id?: number;
  name?: string;
  phone?: string;
  org_id?: number;
  dept_ids?: number[];
}

export interface SyncHandleResult {
  id: number;
  action: SyncResolution;
  action_name: string;
  staff_id: number | null;
  /** The platform account was bound to the staff member (the tenant has its own app there). */
  bound: boolean;
}

const fields = { handleFieldErrors: true } as const;

export const orgApi = {
  // ---- organisations and departments ----
  orgTree: (signal?: AbortSignal) => http.get<UnitNode[]>(u('organizations:list'), undefined, { signal }),
  /** Without org_id: the whole architecture (organisations with their departments nested). */
  deptTree: (orgId?: number, signal?: AbortSignal) =>
    http.get<UnitNode[]>(u('departments:list'), orgId ? { org_id: orgId } : undefined, { signal }),
  createOrg: (body: OrgInput) => http.post<{ id: number }>(u('organizations:create'), body, fields),
  updateOrg: (body: Partial<OrgInput> & { id: number }) =>
    http.put<{ id: number }>(u('organizations:update'), body, fields),
  deleteOrg: (orgId: number) => http.delete<{ id: number }>(u('organizations:delete'), { org_id: orgId }),
  checkOrgDelete: (orgId: number) =>
    http.get<DeleteCheck>(u('organizations:check_can_delete'), { org_id: orgId }),
  orderOrgs: (body: OrderInput) => http.post<{ count: number }>(u('organizations:order'), body),
  createDept: (body: DeptInput) => http.post<{ id: number }>(u('departments:create'), body, fields),
  updateDept: (body: { id: number; name?: string; pid?: number; order?: number }) =>
    http.put<{ id: number }>(u('departments:update'), body, fields),
  deleteDept: (id: number) => http.delete<{ id: number }>(u('departments:delete'), { id }),
  checkDeptDelete: (id: number) => http.get<DeleteCheck>(u('departments:check_can_delete'), { id }),
  orderDepts: (body: OrderInput & { org_id: number }) =>
    http.post<{ count: number }>(u('departments:order'), body),
  statistics: () => http.get<OrgStatistics>(u('organizations/statistics')),

  // ---- staff ----
  staff: (q: StaffQuery, signal?: AbortSignal) => http.get<Paged<Staff>>(u('users'), { ...q }, { signal }),
  staffDetail: (id: number) => http.get<Staff>(u('users/staff'), { id }),
  createStaff: (body: StaffInput) =>
    http.post<{ id: number; user_id: number }>(u('users:post'), body, fields),
  updateStaff: (body: Partial<StaffInput> & { id: number; status?: number }) =>
    http.post<{ id: number }>(u('users:update'), body, fields),
  /** 离职 / 恢复在职 from the table: no form, so every error is a toast. */
  setStaffStatus: (id: number, status: number) =>
    http.post<{ id: number }>(u('users:update'), { id, status }),
  batchUpdateStaff: (body: StaffBatchInput) => http.post<{ count: number }>(u('users:batch_update'), body),
  phoneHistory: (id: number) => http.get<PhoneRecord[]>(u('records/users/phone'), { id }),

  // ---- job grades / jobs ----
  named: (kind: NamedKind, q: { keyword?: string; page_num?: number; page_size?: number }) =>
    http.get<Paged<NamedItem>>(u(`job/${kind}`), { ...q }),
  createNamed: (kind: NamedKind, body: NamedInput) =>
    http.post<{ id: number }>(u(`job/${kind}:create`), body, fields),
  updateNamed: (kind: NamedKind, body: Partial<NamedInput> & { id: number }) =>
    http.post<{ id: number }>(u(`job/${kind}:update`), body, fields),
  deleteNamed: (kind: NamedKind, id: number) => http.post<{ id: number }>(u(`job/${kind}:delete`), { id }),
  checkNamedDelete: (kind: NamedKind, id: number) =>
    http.get<DeleteCheck>(u(`job/${kind}/delete:check`), { id }),

  // ---- titles ----
  titles: (q: { keyword?: string; org_id?: number; page_num?: number; page_size?: number }) =>
    http.get<Paged<Title>>(u('title:list'), { ...q }),
  titlesByOrg: (orgId: number) => http.get<Title[]>(u('title:byOrgId'), { org_id: orgId }),
  createTitle: (body: TitleInput) => http.post<{ id: number }>(u('title:create'), body, fields),
  updateTitle: (body: Partial<TitleInput> & { id: number }) =>
    http.post<{ id: number }>(u('title:update'), body, fields),
  deleteTitle: (id: number) => http.post<{ id: number }>(u('title:delete'), { id }),

  // ---- company info and addresses ----
  orgInfo: (orgId?: number) =>
    http.get<OrgInfo>(u('organizations/info'), orgId ? { org_id: orgId } : undefined),
  createAddress: (body: AddressInput & { org_id: number }) =>
    http.post<{ id: number }>(u('organizations/address:create'), body, fields),
  updateAddress: (body: Partial<AddressInput> & { id: number }) =>
    http.put<{ id: number }>(u('organizations/address:update'), body, fields),
  deleteAddress: (id: number) => http.delete<{ id: number }>(u('organizations/address:delete'), { id }),

  // ---- accounts ----
  accounts: (q: { keyword?: string; org_id?: number; page_num?: number; page_size?: number }) =>
    http.get<Paged<Account>>(u('account:list'), { ...q }),
  createAccount: (body: AccountInput) => http.post<{ id: number }>(u('account:create'), body, fields),
  updateAccount: (body: Partial<AccountInput> & { id: number }) =>
    http.post<{ id: number }>(u('account:update'), body, fields),
  deleteAccount: (id: number) => http.post<{ id: number }>(u('account:delete'), { id }),

  // ---- city groups ----
  cityGroups: (keyword?: string) =>
    http.get<CityGroup[]>(u('city-group:list'), keyword ? { keyword } : undefined),
  cityDataSet: () => http.get<ProvinceEntry[]>(u('city-group-data-set:list')),
  createCityGroup: (body: { name: string; order?: number; codes?: string[] }) =>
    http.post<{ id: number }>(u('city-group:create'), body, fields),
  updateCityGroupBase: (body: { id: number; name?: string; order?: number }) =>
    http.put<{ id: number }>(u('city-group-base:update'), body, fields),
  updateCityGroupCities: (groupId: number, codes: string[]) =>
    http.put<{ id: number; city_count: number }>(u('city-group-relation:update'), {
      group_id: groupId,
      codes,
    }),
  deleteCityGroup: (id: number) => http.delete<{ id: number }>(u('city-group:delete'), { id }),

  // ---- user groups, operation log ----
  userGroups: () => http.get<UserGroupNode[]>(u('user-group:tree')),
  createUserGroup: (body: UserGroupInput) => http.post<{ id: number }>(u('user-group:create'), body, fields),
  updateUserGroup: (body: Partial<UserGroupInput> & { id: number }) =>
    http.put<{ id: number }>(u('user-group:update'), body, fields),
  /** Drag and drop: `ids` in their new order under `pid` (0 = top). */
  orderUserGroups: (pid: number, ids: number[]) =>
    http.post<{ count: number }>(u('user-group:order'), { pid, ids }),
  deleteUserGroup: (id: number) => http.delete<{ id: number }>(u('user-group:delete'), { id }),
  checkUserGroupDelete: (id: number) =>
    http.get<{ can_delete: boolean; reason: string }>(u('user-group:delete:check'), { id }),
  userGroupMembers: (q: UserGroupMemberQuery, signal?: AbortSignal) =>
    http.get<Paged<UserGroupMember>>(u('user-group/members'), { ...q }, { signal }),
  addUserGroupMembers: (groupId: number, ids: number[]) =>
    http.post<{ id: number; added: number }>(u('user-group/members:add'), { group_id: groupId, ids }),
  removeUserGroupMembers: (groupId: number, ids: number[]) =>
    http.post<{ id: number; removed: number }>(u('user-group/members:remove'), { group_id: groupId, ids }),
  operationLogs: (q: OperationLogQuery) => http.get<Paged<OperationLog>>(u('operation-log:list'), { ...q }),

  // ---- third-party sync conflicts (同步冲突处理) ----
  /** Silent: the staff screen's banner simply stays away when this fails. */
  hasSyncHandle: () =>
    http.get<{ has_handle: boolean; count: number }>(u('third-users/has-sync-handle'), undefined, {
      silent: true,
    }),
  syncConflicts: (q: SyncConflictQuery, signal?: AbortSignal) =>
    http.get<Paged<SyncConflict>>(u('third-users/sync-handle-list'), { ...q }, { signal }),
  syncHandle: (body: SyncHandleInput) =>
    http.post<SyncHandleResult>(u('third-users/sync-handle'), body, fields),
};
