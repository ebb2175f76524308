import type { Db } from '../../platform/db/database.js';

export interface NewOperationLog {
  staff_id: number | null;
  staff_name: string;
  module: string;
  action: string;
  target_type: string;
  target_id: number | null;
  summary: string;
  before_json: string | null;
  after_json: string | null;
  created_at: number;
}

export async function insertLogs(db: Db, tenantId: number, rows: NewOperationLog[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('operation_logs')
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, tenant_id: tenantId })))
      .execute();
  }
}

export async function staffName(db: Db, tenantId: number, staffId: number): Promise<string> {
  const row = await db
    .selectFrom('staff')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', staffId)
    .executeTakeFirst();
  return row?.name ?? '';
}

export interface LogQuery {
  keyword?: string;
  module?: string;
  start?: number;
  end?: number;
  pageNum: number;
  pageSize: number;
}

export async function pageLogs(db: Db, tenantId: number, q: LogQuery) {
  let base = db.selectFrom('operation_logs').where('tenant_id', '=', tenantId);
  if (q.module) base = base.where('module', '=', q.module);
  if (q.start !== undefined) base = base.where('created_at', '>=', q.start);
  if (q.end !== undefined) base = base.where('created_at', '<=', q.end);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[%_\\]/g, '')}%`;
    base = base.where((eb) => eb.or([eb('summary', 'like', like), eb('staff_name', 'like', like)]));
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const items = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { items, total: Number(total) };
}
