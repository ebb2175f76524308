import type { Db } from '../../../platform/db/database.js';

/**
 * Reads of 单据打印 (print.service.ts) that no other part of the module makes: who is involved in which
 * documents, invoice attachments, the approval log with its people, print records. Documents, lines and
 * flow versions come from bill.repo.ts and design.repo.ts.
 */

/** Of `billIds`, those the staff member acted on, was asked to act on, or was copied on. */
export async function involvedBillIds(db: Db, tenantId: number, staffId: number, billIds: readonly number[]) {
  if (billIds.length === 0) return new Set<number>();
  const [logs, tasks, ccs] = await Promise.all([
    db
      .selectFrom('flow_logs')
      .select('bill_id')
      .where('tenant_id', '=', tenantId)
      .where('bill_id', 'in', billIds)
      .where((eb) => eb.or([eb('actor_id', '=', staffId), eb('on_behalf_of', '=', staffId)]))
      .execute(),
    db
      .selectFrom('flow_tasks')
      .select('bill_id')
      .where('tenant_id', '=', tenantId)
      .where('bill_id', 'in', billIds)
      .where((eb) => eb.or([eb('assignee_id', '=', staffId), eb('on_behalf_of', '=', staffId)]))
      .execute(),
    db
      .selectFrom('flow_ccs')
      .select('bill_id')
      .where('tenant_id', '=', tenantId)
      .where('bill_id', 'in', billIds)
      .where('staff_id', '=', staffId)
      .execute(),
  ]);
  return new Set([...logs, ...tasks, ...ccs].map((r) => Number(r.bill_id)));
}

export async function invoiceAttachmentsOf(db: Db, tenantId: number, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('invoice_attachments')
    .select(['invoice_id', 'file_key', 'file_name'])
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('id')
    .execute();
}

export async function logsOf(db: Db, tenantId: number, billId: number) {
  return db
    .selectFrom('flow_logs')
    .select(['id', 'type', 'at', 'node_id', 'actor_id', 'on_behalf_of', 'event'])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .orderBy('id')
    .execute();
}

/** The top organisation's name (the tenant's group organisation). */
export async function topOrgName(db: Db, tenantId: number) {
  const row = await db
    .selectFrom('organizations')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('org_type', '=', 'group')
    .orderBy('id')
    .executeTakeFirst();
  return row?.name ?? '';
}

export async function printStats(db: Db, tenantId: number, billIds: readonly number[]) {
  if (billIds.length === 0) return new Map<number, { count: number; last: number | null }>();
  const rows = await db
    .selectFrom('bill_prints')
    .select((eb) => [
      'bill_id',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max<number | string | null>('created_at').as('last'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', 'in', billIds)
    .groupBy('bill_id')
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.bill_id),
      { count: Number(r.n), last: r.last == null ? null : Number(r.last) },
    ]),
  );
}

export async function insertPrints(
  db: Db,
  rows: { tenant_id: number; bill_id: number; staff_id: number; created_at: number }[],
) {
  if (rows.length) await db.insertInto('bill_prints').values(rows).execute();
}

/** Names of the tenant's departments or companies (a custom form's 部门/公司 values). */
export async function unitNames(
  db: Db,
  tenantId: number,
  table: 'departments' | 'organizations',
  ids: readonly number[],
) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom(table as 'departments')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Numbers of the tenant's invoices (a custom form's 发票 values). */
export async function invoiceNumbers(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'number'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.number]));
}
