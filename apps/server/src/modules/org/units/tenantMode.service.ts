import { DEFAULT_UI_TYPE, PayerType, UiType } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { orgErrors } from '../org.errors.js';

/**
 * A tenant's benefit mode (spec §1, issue 21 "Benefit modes"): its interface type (ui_type: fee_control,
 * welfare, shop_welfare) and who pays the provider (orgcode_payer_type: 0 the provider pays — 服务商支付, 1 the
 * organisation pays itself — 企业自付). Both live on the tenant's top organisation and are set when the
 * tenant is created or by the platform operator (the ops CLI, `set-tenant-mode`); no tenant route
 * changes them. Other modules read them through the org module's index (payerTypeOf, uiTypeOf).
 */

export interface TenantMode {
  ui_type: UiType;
  orgcode_payer_type: PayerType;
}

export const DEFAULT_TENANT_MODE: TenantMode = {
  ui_type: DEFAULT_UI_TYPE,
  orgcode_payer_type: PayerType.organisation,
};

const UI_TYPES = Object.values(UiType) as string[];
const PAYER_TYPES = Object.values(PayerType) as number[];

export const isUiType = (v: unknown): v is UiType => typeof v === 'string' && UI_TYPES.includes(v);
export const isPayerType = (v: unknown): v is PayerType => typeof v === 'number' && PAYER_TYPES.includes(v);

const asUiType = (v: string | undefined): UiType => (isUiType(v) ? v : DEFAULT_UI_TYPE);
const asPayerType = (v: number | string | undefined): PayerType => {
  const n = Number(v);
  return isPayerType(n) ? n : DEFAULT_TENANT_MODE.orgcode_payer_type;
};

async function modeRow(db: Db, tenantId: number) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'ui_type', 'orgcode_payer_type'])
    .where('id', '=', tenantId)
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The tenant's mode; an unknown tenant (or a personal account's null) answers the defaults. */
export async function tenantModeOf(db: Db, tenantId: number | null): Promise<TenantMode> {
  if (tenantId === null) return { ...DEFAULT_TENANT_MODE };
  const row = await modeRow(db, tenantId);
  if (!row) return { ...DEFAULT_TENANT_MODE };
  return { ui_type: asUiType(row.ui_type), orgcode_payer_type: asPayerType(row.orgcode_payer_type) };
}

/** The tenant's interface type (fee_control for a personal account). */
export async function uiTypeOf(db: Db, tenantId: number | null): Promise<UiType> {
  return (await tenantModeOf(db, tenantId)).ui_type;
}

/**
 * Who pays the provider for the tenant's orders: 0 the provider pays (服务商支付), 1 the organisation pays
 * itself (企业自付). The door the order and organisation-account areas use.
 */
export async function payerTypeOf(db: Db, tenantId: number): Promise<PayerType> {
  return (await tenantModeOf(db, tenantId)).orgcode_payer_type;
}

/**
 * Platform operator (ops CLI, not reachable over HTTP): changes a tenant's interface type and/or payer
 * type. Answers the tenant's name with the mode before and after.
 */
export async function setTenantModeByOperator(
  db: Db,
  tenantId: number,
  patch: Partial<TenantMode>,
  now = Date.now(),
) {
  if (patch.ui_type !== undefined && !isUiType(patch.ui_type)) throw orgErrors.tenantModeInvalid();
  if (patch.orgcode_payer_type !== undefined && !isPayerType(patch.orgcode_payer_type))
    throw orgErrors.tenantModeInvalid();
  return db.transaction().execute(async (trx) => {
    const row = await modeRow(trx, tenantId);
    if (!row) throw orgErrors.orgNotFound();
    const before: TenantMode = {
      ui_type: asUiType(row.ui_type),
      orgcode_payer_type: asPayerType(row.orgcode_payer_type),
    };
    const after: TenantMode = { ...before, ...patch };
    await trx
      .updateTable('organizations')
      .set({ ui_type: after.ui_type, orgcode_payer_type: after.orgcode_payer_type, updated_at: now })
      .where('id', '=', tenantId)
      .where('tenant_id', '=', tenantId)
      .execute();
    return { tenant_id: tenantId, name: row.name, before, after };
  });
}
