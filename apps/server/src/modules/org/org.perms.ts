import { hasPermission, type TenantCaller } from '../../platform/context.js';

/**
 * Permission strings of the org module (`menuName:perm`); the privileges module adds matching menus.
 * Read-only tree lists used by pickers everywhere (organizations:list, departments:list) are STAFF.
 */
export const OrgPerm = {
  staffView: 'orgStaff:view',
  staffEdit: 'orgStaff:edit',
  /** The staff list and rows by id: the org screens, and the member pickers of 成员管理 and 用户组. */
  staffPick: ['orgStaff:view', 'memberManagement:edit', 'userGroup:edit'],
  gradeView: 'jobGrade:view',
  gradeEdit: 'jobGrade:edit',
  titleView: 'title:view',
  titleEdit: 'title:edit',
  cityGroupView: 'cityGroup:view',
  cityGroupEdit: 'cityGroup:edit',
  userGroupView: 'userGroup:view',
  userGroupEdit: 'userGroup:edit',
  operationLogView: 'operationLog:view',
  companyView: 'companyInfo:view',
  companyEdit: 'companyInfo:edit',
  accountView: 'account:view',
  accountEdit: 'account:edit',
} as const;

export const PRIV_MODULE_HEADER = 'x-priv-module';

/**
 * has_priv of an organisation or department for the server module named in X-Priv-Module
 * (spec §6, e.g. 'bill' for the invoice list's organisation filter).
 *
 * Rule, until per-module data scopes exist: the caller has privileges on every unit of the tenant
 * for module M when they hold '*', the grant `org:M`, or any permission of a menu of that module
 * (a permission string starting with `M:`). Otherwise on none. Without the header there is no module
 * to restrict by, and every unit has has_priv true.
 */
export function hasModulePriv(caller: TenantCaller, module: string | undefined): boolean {
  if (!module) return true;
  if (hasPermission(caller.perms, `org:${module}`)) return true;
  return caller.perms.some((p) => p.startsWith(`${module}:`));
}

export function privModuleOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const v = Object.hasOwn(headers, PRIV_MODULE_HEADER) ? headers[PRIV_MODULE_HEADER] : undefined;
  const s = Array.isArray(v) ? v[0] : v;
  return s && /^[A-Za-z][\w-]{0,49}$/.test(s) ? s : undefined;
}
