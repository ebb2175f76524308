import { AppError, platformErrors } from '../../platform/errors.js';

/**
 * Error codes of the privileges module (menus, permission groups, members).
 * 1003xxxx: the last three digits follow the HTTP meaning (400 validation, 403 forbidden,
 * 404 not found, 409 conflict) with a running number in front.
 */
export const PrivilegeCode = {
  menuUnknown: 10030400,
  menuDuplicate: 10031400,
  permUnknown: 10032400,
  grantNotHeld: 10030403,
  groupBeyondCaller: 10031403,
  groupNotFound: 10030404,
  staffNotFound: 10031404,
  groupNameTaken: 10030409,
  builtinNotDeletable: 10031409,
  groupHasMembers: 10032409,
  builtinReadonly: 10033409,
  lastAdmin: 10034409,
  defaultNotDeletable: 10035409,
  defaultRequired: 10036409,
} as const;
export type PrivilegeCode = (typeof PrivilegeCode)[keyof typeof PrivilegeCode];

const list = (items: readonly (string | number)[]) => items.join('、');

/** Messages shown to users, one per code. */
export const privilegeMessages = {
  builtinNotDeletable: '系统内置权限组不可删除',
  groupHasMembers: (n: number) => `该权限组下还有${n}名成员，请先移除成员`,
  defaultNotDeletable: '默认权限组不可删除：新成员默认加入该组，请先将其他权限组设为默认',
} as const;

export const privilegeErrors = {
  menuUnknown: (names: string[]) =>
    new AppError(PrivilegeCode.menuUnknown, `菜单不存在：${list(names)}`, 400),
  menuDuplicate: (names: string[]) =>
    new AppError(PrivilegeCode.menuDuplicate, `菜单重复提交：${list(names)}`, 400),
  permUnknown: (perms: string[]) =>
    new AppError(PrivilegeCode.permUnknown, `权限不存在：${list(perms)}`, 400),
  grantNotHeld: (perms: string[]) =>
    new AppError(PrivilegeCode.grantNotHeld, `不能授予您自己没有的权限：${list(perms)}`, 403),
  groupBeyondCaller: () =>
    new AppError(PrivilegeCode.groupBeyondCaller, '该权限组的权限超出您自身的权限，您不能管理其成员', 403),
  groupNotFound: () => new AppError(PrivilegeCode.groupNotFound, '权限组不存在或已被删除', 404),
  staffNotFound: (ids: number[]) =>
    new AppError(PrivilegeCode.staffNotFound, `员工不存在或已离职：${list(ids)}`, 404),
  groupNameTaken: () =>
    platformErrors.fieldConflict(PrivilegeCode.groupNameTaken, 'name', '权限组名称已存在'),
  builtinNotDeletable: () =>
    new AppError(PrivilegeCode.builtinNotDeletable, privilegeMessages.builtinNotDeletable, 409),
  groupHasMembers: (n: number) =>
    new AppError(PrivilegeCode.groupHasMembers, privilegeMessages.groupHasMembers(n), 409),
  builtinReadonly: () =>
    new AppError(PrivilegeCode.builtinReadonly, '系统内置权限组的名称和权限不可修改', 409),
  lastAdmin: () => new AppError(PrivilegeCode.lastAdmin, '至少保留一名系统管理员', 409),
  defaultNotDeletable: () =>
    new AppError(PrivilegeCode.defaultNotDeletable, privilegeMessages.defaultNotDeletable, 409),
  defaultRequired: () =>
    new AppError(PrivilegeCode.defaultRequired, '请将其他权限组设为默认，新成员需要一个默认权限组', 409),
};
