import { DEFAULT_UI_TYPE, type UiType } from '@feikong/contracts';
import type { Caller, TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { listCatalogue, listOverrides, saveOverrides } from './menus.repo.js';
import {
  ALL_PERMS,
  buildAdminTree,
  functionPermTree,
  permCatalogue,
  toMenuNodes,
  visibleMenus,
  type AdminMenuNode,
  type MenuOverride,
} from './menuTree.js';
import { privilegeErrors } from './privileges.errors.js';

/**
 * The tenant's interface type (spec §1 ui_type), read by the org module that owns it; modules/index.ts
 * hands it in (privileges imports no module: org already imports privileges).
 */
export type UiTypeOf = (db: Db, tenantId: number | null) => Promise<UiType>;

/**
 * The tenant's full tree (catalogue + its overrides) for its interface type; a personal account gets the
 * plain catalogue of the default interface.
 */
export async function tenantMenuTree(
  db: Db,
  tenantId: number | null,
  uiType: UiType = DEFAULT_UI_TYPE,
): Promise<AdminMenuNode[]> {
  const [catalogue, overrides] = await Promise.all([
    listCatalogue(db),
    tenantId === null ? Promise.resolve(new Map<string, MenuOverride>()) : listOverrides(db, tenantId),
  ]);
  return buildAdminTree(catalogue, overrides, uiType);
}

/**
 * GET privileges/user/menus: the entries the caller may see and their permission strings, for the
 * tenant's interface type (a welfare tenant gets its own menus, decision 0046).
 * A personal account (no organisation) holds no permission, so it sees entries without perms only.
 */
export async function userMenus(db: Db, caller: Caller, uiType: UiType = DEFAULT_UI_TYPE) {
  const perms = caller.tenantId === null ? [] : caller.perms;
  const tree = toMenuNodes(await tenantMenuTree(db, caller.tenantId, uiType));
  return {
    menus: visibleMenus(tree, perms),
    rules: { perms: perms.includes(ALL_PERMS) ? [ALL_PERMS] : [...new Set(perms)].sort() },
  };
}

/** GET privileges/menus: the tenant's full tree of its interface type (what 菜单管理 edits). */
export async function adminMenus(db: Db, caller: TenantCaller, uiType: UiType = DEFAULT_UI_TYPE) {
  return { items: await tenantMenuTree(db, caller.tenantId, uiType) };
}

export interface MenuOverrideInput {
  name: string;
  /** undefined keeps the current override; null goes back to the catalogue value. */
  title?: string | null;
  order?: number | null;
  hidden?: boolean | null;
}

/** PUT privileges/menus: every name must exist and appear once; all or nothing. */
export async function updateMenus(
  db: Db,
  caller: TenantCaller,
  items: MenuOverrideInput[],
  uiType: UiType = DEFAULT_UI_TYPE,
  now = Date.now(),
) {
  const catalogue = await listCatalogue(db);
  const known = new Set(catalogue.map((e) => e.name));
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const i of items) (seen.has(i.name) ? dup : seen).add(i.name);
  if (dup.size > 0) throw privilegeErrors.menuDuplicate([...dup]);
  const unknown = items.map((i) => i.name).filter((n) => !known.has(n));
  if (unknown.length > 0) throw privilegeErrors.menuUnknown(unknown);

  await db.transaction().execute(async (trx) => {
    const current = await listOverrides(trx, caller.tenantId);
    const rows = items.map((i) => {
      const was = current.get(i.name) ?? { title: null, order: null, hidden: null };
      const override: MenuOverride = {
        title: i.title === undefined ? was.title : i.title,
        order: i.order === undefined ? was.order : i.order,
        hidden: i.hidden === undefined ? was.hidden : i.hidden,
      };
      return { name: i.name, override };
    });
    await saveOverrides(trx, caller.tenantId, rows, now);
  });
  return adminMenus(db, caller, uiType);
}

/** Every permission string the catalogue can grant (for validating group perms). */
export async function grantablePerms(db: Db): Promise<Set<string>> {
  return permCatalogue(await listCatalogue(db));
}

/** The function-permission tree with what `groupPerms` holds. */
export async function functionPermissions(db: Db, tenantId: number, groupPerms: readonly string[]) {
  return functionPermTree(await tenantMenuTree(db, tenantId), groupPerms);
}
