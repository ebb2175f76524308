import type { Db } from '../../platform/db/database.js';

/**
 * SQL of 单据分析 on tables outside the flow module: approver names. The documents, their approval logs and
 * node names come from the flow module's read API (flow/index.ts).
 */

const CHUNK = 500;

export async function staffNames(db: Db, tenantId: number, ids: number[]) {
  const out = new Map<number, string>();
  const list = [...new Set(ids)];
  for (let i = 0; i < list.length; i += CHUNK) {
    const rows = await db
      .selectFrom('staff')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', list.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(Number(r.id), r.name);
  }
  return out;
}
