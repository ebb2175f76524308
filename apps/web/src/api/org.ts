import type {
  BaseUser,
  OrgAccount,
  OrgAccountCreateBody,
  OrgAddress,
  OrgAddressCreateBody,
  OrgCityEntry,
  OrgCityGroup,
  OrgCityGroupCreateBody,
  OrgCityGroupBaseUpdateBody,
  OrgCityGroupRelationReply,
  OrgCountReply,
  OrgCreateBody,
  OrgDeleteCheck,
  OrgDeptCreateBody,
  OrgDeptOrderBody,
  OrgDeptUpdateBody,
  OrgHasSyncHandle,
  OrgIdReply,
  OrgInfo as OrgInfoSchema,
  OrgNamedItem,
  OrgNamedListQuery,
  OrgOperationLog,
  OrgOperationLogQuery,
  OrgOrderBody,
  OrgPhoneRecord,
  OrgProvinceEntry,
  OrgStaff,
  OrgStaffBatchBody,
  OrgStaffCreateBody,
  OrgStaffCreated,
  OrgStaffListQuery,
  OrgStaffUpdateBody,
  OrgStatistics as OrgStatisticsSchema,
  OrgSyncCandidate,
  OrgSyncConflict,
  OrgSyncConflictQuery,
  OrgSyncHandleBody,
  OrgSyncHandleResult,
  OrgSyncPlatform,
  OrgSyncResolution,
  OrgTitle,
  OrgTitleCreateBody,
  OrgTitleListQuery,
  OrgTreeNode,
  OrgUnitType,
  OrgUpdateBody,
  OrgUserGroupCreateBody,
  OrgUserGroupMember,
  OrgUserGroupMemberQuery,
  OrgUserGroupMembersAdded,
  OrgUserGroupMembersRemoved,
  OrgUserGroupNode,
  OrgUserGroupUpdateBody,
  Paged,
  orgNamedCreateBody,
  orgNamedUpdateBody,
  OrgAccountListQuery,
  OrgAccountUpdateBody,
  OrgAddressUpdateBody,
  OrgTitleUpdateBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import { http } from './http/request';

// Typed calls of the organisation architecture family (/org-arch-center/api/v1/, spec §7.2). Every
// request and reply type is inferred from the schemas in packages/contracts/src/org, the very ones the
// server validates with and serialises through. Paths with a literal colon (organizations:list) are
// written as the spec writes them.

export const ORG_BASE = '/org-arch-center/api/v1';
const u = (p: string) => `${ORG_BASE}/${p}`;

export type { PageInfo, Paged } from '@feikong/contracts';

type Infer<T extends z.ZodType> = z.infer<T>;

/** group = the top organisation, company, dept (spec §3: org_type dept for departments). */
export type UnitType = Infer<typeof OrgUnitType>;
/** One node of organizations:list / departments:list. */
export type UnitNode = Infer<typeof OrgTreeNode>;
export type DeleteCheck = Infer<typeof OrgDeleteCheck>;
export type IdReply = Infer<typeof OrgIdReply>;
export type CountReply = Infer<typeof OrgCountReply>;

export type OrgInput = Infer<typeof OrgCreateBody>;
export type OrgUpdateInput = Infer<typeof OrgUpdateBody>;
export type DeptInput = Infer<typeof OrgDeptCreateBody>;
export type DeptUpdateInput = Infer<typeof OrgDeptUpdateBody>;
export type OrderInput = Infer<typeof OrgOrderBody>;
export type DeptOrderInput = Infer<typeof OrgDeptOrderBody>;

/** 1 在职, 2 离职 (spec §9: resigned user status 2). */
export const StaffStatus = { active: 1, resigned: 2 } as const;

/** A staff row of GET users (spec §3 user fields plus names). */
export type Staff = Infer<typeof OrgStaff>;
/** A colleague as any staff member may see them (GET /finobase/api/v1/users): no phone. */
export type Colleague = Infer<typeof BaseUser>;
export type StaffQuery = Infer<typeof OrgStaffListQuery>;
export type StaffInput = Infer<typeof OrgStaffCreateBody>;
export type StaffUpdateInput = Infer<typeof OrgStaffUpdateBody>;
export type StaffBatchInput = Infer<typeof OrgStaffBatchBody>;
export type PhoneRecord = Infer<typeof OrgPhoneRecord>;

/** Job grades and jobs share one shape. */
export type NamedItem = Infer<typeof OrgNamedItem>;
export type NamedInput = Infer<ReturnType<typeof orgNamedCreateBody>>;
export type NamedUpdateInput = Infer<ReturnType<typeof orgNamedUpdateBody>>;
export type NamedKind = 'grades' | 'jobs';
/** List queries: page_num / page_size fall back to the server's defaults. */
type ListQuery<T extends z.ZodType> = Partial<Infer<T>>;

export type Title = Infer<typeof OrgTitle>;
export type TitleInput = Infer<typeof OrgTitleCreateBody>;

export type Account = Infer<typeof OrgAccount>;
export type AccountInput = Infer<typeof OrgAccountCreateBody>;

export type Address = Infer<typeof OrgAddress>;
export type AddressInput = Omit<Infer<typeof OrgAddressCreateBody>, 'org_id'>;

export type OrgInfo = Infer<typeof OrgInfoSchema>;
export type OrgStatistics = Infer<typeof OrgStatisticsSchema>;

export type CityEntry = Infer<typeof OrgCityEntry>;
export type CityGroup = Infer<typeof OrgCityGroup>;
/** city-group-data-set:list: provinces → cities (GB/T 2260). */
export type ProvinceEntry = Infer<typeof OrgProvinceEntry>;

export type UserGroupNode = Infer<typeof OrgUserGroupNode>;
/** A member of a user group (user-group/members). */
export type UserGroupMember = Infer<typeof OrgUserGroupMember>;
export type UserGroupMemberQuery = Infer<typeof OrgUserGroupMemberQuery>;
/** pid 0 or absent: top level. */
export type UserGroupInput = Infer<typeof OrgUserGroupCreateBody>;

export type OperationLog = Infer<typeof OrgOperationLog>;
export type OperationLogQuery = Infer<typeof OrgOperationLogQuery>;

/** Platforms of the directory sync (the same names as third-party login's). */
export type SyncPlatform = Infer<typeof OrgSyncPlatform>;
/** 1 待处理, 2 已处理. */
export const SyncConflictStatus = { pending: 1, resolved: 2 } as const;
/** 关联已有员工 / 新建员工 / 忽略. */
export type SyncResolution = Infer<typeof OrgSyncResolution>;
/** A staff member suggested for a pending conflict: same phone or same name. */
export type SyncCandidate = Infer<typeof OrgSyncCandidate>;
/** A third-party user the sync could not match (third-users/sync-handle-list). */
export type SyncConflict = Infer<typeof OrgSyncConflict>;
export type SyncConflictQuery = Infer<typeof OrgSyncConflictQuery>;
export type SyncHandleInput = Infer<typeof OrgSyncHandleBody>;
export type SyncHandleResult = Infer<typeof OrgSyncHandleResult>;
export type HasSyncHandle = Infer<typeof OrgHasSyncHandle>;

const fields = { handleFieldErrors: true } as const;

export const orgApi = {
  // ---- organisations and departments ----
  orgTree: (signal?: AbortSignal) => http.get<UnitNode[]>(u('organizations:list'), undefined, { signal }),
  /** Without org_id: the whole architecture (organisations with their departments nested). */
  deptTree: (orgId?: number, signal?: AbortSignal) =>
    http.get<UnitNode[]>(u('departments:list'), orgId ? { org_id: orgId } : undefined, { signal }),
  createOrg: (body: OrgInput) => http.post<IdReply>(u('organizations:create'), body, fields),
  updateOrg: (body: OrgUpdateInput) => http.put<IdReply>(u('organizations:update'), body, fields),
  deleteOrg: (orgId: number) => http.delete<IdReply>(u('organizations:delete'), { org_id: orgId }),
  checkOrgDelete: (orgId: number) =>
    http.get<DeleteCheck>(u('organizations:check_can_delete'), { org_id: orgId }),
  orderOrgs: (body: OrderInput) => http.post<CountReply>(u('organizations:order'), body),
  createDept: (body: DeptInput) => http.post<IdReply>(u('departments:create'), body, fields),
  updateDept: (body: DeptUpdateInput) => http.put<IdReply>(u('departments:update'), body, fields),
  deleteDept: (id: number) => http.delete<IdReply>(u('departments:delete'), { id }),
  checkDeptDelete: (id: number) => http.get<DeleteCheck>(u('departments:check_can_delete'), { id }),
  orderDepts: (body: DeptOrderInput) => http.post<CountReply>(u('departments:order'), body),
  statistics: () => http.get<OrgStatistics>(u('organizations/statistics')),

  // ---- staff ----
  staff: (q: StaffQuery, signal?: AbortSignal) => http.get<Paged<Staff>>(u('users'), { ...q }, { signal }),
  staffDetail: (id: number) => http.get<Staff>(u('users/staff'), { id }),
  /** Active colleagues by name, for any staff member (转办, 委派, 加签, 抄送, chosen approvers, agents). */
  colleagues: (q: { keyword: string; page_num: number; page_size: number }, signal?: AbortSignal) =>
    http.get<Paged<Colleague>>('/finobase/api/v1/users', { ...q }, { signal }),
  createStaff: (body: StaffInput) => http.post<Infer<typeof OrgStaffCreated>>(u('users:post'), body, fields),
  updateStaff: (body: StaffUpdateInput) => http.post<IdReply>(u('users:update'), body, fields),
  /** 离职 / 恢复在职 from the table: no form, so every error is a toast. */
  setStaffStatus: (id: number, status: number) => http.post<IdReply>(u('users:update'), { id, status }),
  batchUpdateStaff: (body: StaffBatchInput) => http.post<CountReply>(u('users:batch_update'), body),
  phoneHistory: (id: number) => http.get<PhoneRecord[]>(u('records/users/phone'), { id }),

  // ---- job grades / jobs ----
  named: (kind: NamedKind, q: ListQuery<typeof OrgNamedListQuery>) =>
    http.get<Paged<NamedItem>>(u(`job/${kind}`), { ...q }),
  createNamed: (kind: NamedKind, body: NamedInput) =>
    http.post<IdReply>(u(`job/${kind}:create`), body, fields),
  updateNamed: (kind: NamedKind, body: NamedUpdateInput) =>
    http.post<IdReply>(u(`job/${kind}:update`), body, fields),
  deleteNamed: (kind: NamedKind, id: number) => http.post<IdReply>(u(`job/${kind}:delete`), { id }),
  checkNamedDelete: (kind: NamedKind, id: number) =>
    http.get<DeleteCheck>(u(`job/${kind}/delete:check`), { id }),

  // ---- titles ----
  titles: (q: ListQuery<typeof OrgTitleListQuery>) => http.get<Paged<Title>>(u('title:list'), { ...q }),
  titlesByOrg: (orgId: number) => http.get<Title[]>(u('title:byOrgId'), { org_id: orgId }),
  createTitle: (body: TitleInput) => http.post<IdReply>(u('title:create'), body, fields),
  updateTitle: (body: Infer<typeof OrgTitleUpdateBody>) =>
    http.post<IdReply>(u('title:update'), body, fields),
  deleteTitle: (id: number) => http.post<IdReply>(u('title:delete'), { id }),

  // ---- company info and addresses ----
  orgInfo: (orgId?: number) =>
    http.get<OrgInfo>(u('organizations/info'), orgId ? { org_id: orgId } : undefined),
  createAddress: (body: AddressInput & { org_id: number }) =>
    http.post<IdReply>(u('organizations/address:create'), body, fields),
  updateAddress: (body: Infer<typeof OrgAddressUpdateBody>) =>
    http.put<IdReply>(u('organizations/address:update'), body, fields),
  deleteAddress: (id: number) => http.delete<IdReply>(u('organizations/address:delete'), { id }),

  // ---- accounts ----
  accounts: (q: ListQuery<typeof OrgAccountListQuery>) =>
    http.get<Paged<Account>>(u('account:list'), { ...q }),
  createAccount: (body: AccountInput) => http.post<IdReply>(u('account:create'), body, fields),
  updateAccount: (body: Infer<typeof OrgAccountUpdateBody>) =>
    http.post<IdReply>(u('account:update'), body, fields),
  deleteAccount: (id: number) => http.post<IdReply>(u('account:delete'), { id }),

  // ---- city groups ----
  cityGroups: (keyword?: string) =>
    http.get<CityGroup[]>(u('city-group:list'), keyword ? { keyword } : undefined),
  cityDataSet: () => http.get<ProvinceEntry[]>(u('city-group-data-set:list')),
  createCityGroup: (body: Infer<typeof OrgCityGroupCreateBody>) =>
    http.post<IdReply>(u('city-group:create'), body, fields),
  updateCityGroupBase: (body: Infer<typeof OrgCityGroupBaseUpdateBody>) =>
    http.put<IdReply>(u('city-group-base:update'), body, fields),
  updateCityGroupCities: (groupId: number, codes: string[]) =>
    http.put<Infer<typeof OrgCityGroupRelationReply>>(u('city-group-relation:update'), {
      group_id: groupId,
      codes,
    }),
  deleteCityGroup: (id: number) => http.delete<IdReply>(u('city-group:delete'), { id }),

  // ---- user groups, operation log ----
  userGroups: () => http.get<UserGroupNode[]>(u('user-group:tree')),
  createUserGroup: (body: UserGroupInput) => http.post<IdReply>(u('user-group:create'), body, fields),
  updateUserGroup: (body: Infer<typeof OrgUserGroupUpdateBody>) =>
    http.put<IdReply>(u('user-group:update'), body, fields),
  /** Drag and drop: `ids` in their new order under `pid` (0 = top). */
  orderUserGroups: (pid: number, ids: number[]) => http.post<CountReply>(u('user-group:order'), { pid, ids }),
  deleteUserGroup: (id: number) => http.delete<IdReply>(u('user-group:delete'), { id }),
  checkUserGroupDelete: (id: number) => http.get<DeleteCheck>(u('user-group:delete:check'), { id }),
  userGroupMembers: (q: UserGroupMemberQuery, signal?: AbortSignal) =>
    http.get<Paged<UserGroupMember>>(u('user-group/members'), { ...q }, { signal }),
  addUserGroupMembers: (groupId: number, ids: number[]) =>
    http.post<Infer<typeof OrgUserGroupMembersAdded>>(u('user-group/members:add'), {
      group_id: groupId,
      ids,
    }),
  removeUserGroupMembers: (groupId: number, ids: number[]) =>
    http.post<Infer<typeof OrgUserGroupMembersRemoved>>(u('user-group/members:remove'), {
      group_id: groupId,
      ids,
    }),
  operationLogs: (q: OperationLogQuery) => http.get<Paged<OperationLog>>(u('operation-log:list'), { ...q }),

  // ---- third-party sync conflicts (同步冲突处理) ----
  /** Silent: the staff screen's banner simply stays away when this fails. */
  hasSyncHandle: () =>
    http.get<HasSyncHandle>(u('third-users/has-sync-handle'), undefined, {
      silent: true,
    }),
  syncConflicts: (q: SyncConflictQuery, signal?: AbortSignal) =>
    http.get<Paged<SyncConflict>>(u('third-users/sync-handle-list'), { ...q }, { signal }),
  syncHandle: (body: SyncHandleInput) =>
    http.post<SyncHandleResult>(u('third-users/sync-handle'), body, fields),
};
