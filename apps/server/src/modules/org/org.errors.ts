import { AppError, platformErrors } from '../../platform/errors.js';

/**
 * Error codes of the org module (organisations, departments, staff, grades, jobs, titles, accounts,
 * addresses, city groups, user groups, third-party sync, operation log).
 * 1010xxxx: the last three digits follow the HTTP meaning (400 validation, 404 not found,
 * 409 conflict) with a running number in front.
 */
export const OrgCode = {
  cityUnknown: 10100400,
  deptOrgMismatch: 10101400,
  deptMultiOrg: 10102400,
  moveIntoSelf: 10103400,
  topOrgReadonly: 10104400,
  crossOrgMove: 10105400,
  bindNeedsStaff: 10106400,
  supervisorLoop: 10107400,
  tenantModeInvalid: 10108400,
  leaderNotFound: 10113404,
  supervisorNotFound: 10114404,
  orgNotFound: 10100404,
  deptNotFound: 10101404,
  staffNotFound: 10102404,
  gradeNotFound: 10103404,
  jobNotFound: 10104404,
  titleNotFound: 10105404,
  accountNotFound: 10106404,
  addressNotFound: 10107404,
  cityGroupNotFound: 10108404,
  conflictNotFound: 10109404,
  parentNotFound: 10110404,
  userGroupNotFound: 10111404,
  userGroupParentNotFound: 10112404,
  phoneTaken: 10100409,
  nameTaken: 10101409,
  cannotDelete: 10102409,
  cityTaken: 10103409,
  alreadyResolved: 10104409,
} as const;
export type OrgCode = (typeof OrgCode)[keyof typeof OrgCode];

/** Messages shown to users that are also used outside an error (delete checks, import rows). */
export const orgMessages = {
  phoneTaken: '该手机号已存在于本组织',
  topOrgNotDeletable: '顶级组织不能删除',
  deptActiveStaff: (n: number) => `该部门下还有${n}名在职员工，不能删除`,
  deptChildren: (n: number) => `该部门下还有${n}个子部门，不能删除`,
  deptHistory: (n: number) => `该部门下有${n}名离职员工的历史记录，不能删除`,
  orgChildren: (n: number) => `该公司下还有${n}家子公司，不能删除`,
  orgDepartments: (n: number) => `该公司下还有${n}个部门，不能删除`,
  orgActiveStaff: (n: number) => `该公司下还有${n}名在职员工，不能删除`,
  orgHistory: (n: number) => `该公司下有${n}名离职员工的历史记录，不能删除`,
  orgAccounts: (n: number) => `该公司下还有${n}个银行账户，不能删除`,
  inUse: (what: string, n: number) => `该${what}下还有${n}名员工，不能删除`,
  userGroupMembers: (n: number) => `该用户组下还有${n}名成员，不能删除`,
  userGroupChildren: (n: number) => `该用户组下还有${n}个子分组，不能删除`,
  cityGroupTaken: (city: string, group: string) => `城市「${city}」已属于城市组「${group}」`,
} as const;

export const orgErrors = {
  tenantModeInvalid: () =>
    new AppError(
      OrgCode.tenantModeInvalid,
      '界面类型应为 fee_control、welfare 或 shop_welfare，支付方式应为 0（服务商支付）或 1（企业自付）',
      400,
    ),
  orgNotFound: () => new AppError(OrgCode.orgNotFound, '公司不存在或已被删除', 404),
  parentNotFound: () => new AppError(OrgCode.parentNotFound, '上级组织不存在或已被删除', 404),
  deptNotFound: () => new AppError(OrgCode.deptNotFound, '部门不存在或已被删除', 404),
  staffNotFound: () => new AppError(OrgCode.staffNotFound, '员工不存在或已被删除', 404),
  supervisorNotFound: () => new AppError(OrgCode.supervisorNotFound, '直属上级不存在、已离职或已被删除', 404),
  leaderNotFound: () => new AppError(OrgCode.leaderNotFound, '部门负责人不存在、已离职或已被删除', 404),
  supervisorLoop: () => new AppError(OrgCode.supervisorLoop, '直属上级不能是本人或其下属', 400),
  gradeNotFound: () => new AppError(OrgCode.gradeNotFound, '职级不存在或已被删除', 404),
  jobNotFound: () => new AppError(OrgCode.jobNotFound, '职位不存在或已被删除', 404),
  titleNotFound: () => new AppError(OrgCode.titleNotFound, '职称不存在或已被删除', 404),
  accountNotFound: () => new AppError(OrgCode.accountNotFound, '账户不存在或已被删除', 404),
  addressNotFound: () => new AppError(OrgCode.addressNotFound, '地址不存在或已被删除', 404),
  cityGroupNotFound: () => new AppError(OrgCode.cityGroupNotFound, '城市组不存在或已被删除', 404),
  userGroupNotFound: () => new AppError(OrgCode.userGroupNotFound, '用户组不存在或已被删除', 404),
  userGroupParentNotFound: () =>
    new AppError(OrgCode.userGroupParentNotFound, '上级用户组不存在或已被删除', 404),
  conflictNotFound: () => new AppError(OrgCode.conflictNotFound, '待处理的同步记录不存在', 404),
  phoneTaken: () => platformErrors.fieldConflict(OrgCode.phoneTaken, 'phone', orgMessages.phoneTaken),
  nameTaken: (what: string) => platformErrors.fieldConflict(OrgCode.nameTaken, 'name', `${what}名称已存在`),
  cannotDelete: (reason: string) => new AppError(OrgCode.cannotDelete, reason, 409),
  cityTaken: (city: string, group: string) =>
    new AppError(OrgCode.cityTaken, orgMessages.cityGroupTaken(city, group), 409),
  cityUnknown: (codes: string[]) =>
    new AppError(OrgCode.cityUnknown, `城市编码不存在：${codes.join('、')}`, 400),
  deptOrgMismatch: () => new AppError(OrgCode.deptOrgMismatch, '所属部门必须属于所选公司', 400),
  deptMultiOrg: () => new AppError(OrgCode.deptMultiOrg, '所选部门必须属于同一家公司', 400),
  moveIntoSelf: () => new AppError(OrgCode.moveIntoSelf, '不能移动到自身或其下级', 400),
  topOrgReadonly: () => new AppError(OrgCode.topOrgReadonly, '顶级组织不能移动', 400),
  crossOrgMove: () => new AppError(OrgCode.crossOrgMove, '不能将部门移动到其他公司', 400),
  bindNeedsStaff: () => new AppError(OrgCode.bindNeedsStaff, '绑定员工：请选择要绑定的员工', 400),
  alreadyResolved: () => new AppError(OrgCode.alreadyResolved, '该同步记录已处理', 409),
};
