import type { Db } from '../../platform/db/database.js';

export interface NewErrorReport {
  tenant_id: number | null;
  user_id: number | null;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  occurred_at: number;
  created_at: number;
}

export async function insertReports(db: Db, rows: NewErrorReport[]) {
  if (rows.length === 0) return;
  await db.insertInto('error_reports').values(rows).execute();
}

export async function pageReports(
  db: Db,
  tenantId: number,
  q: { keyword?: string; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('error_reports').where('tenant_id', '=', tenantId);
  if (q.keyword) base = base.where('message', 'like', `%${q.keyword.replace(/[%_]/g, '')}%`);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const items = await base
    .select(['id', 'user_id', 'message', 'stack', 'url', 'user_agent', 'occurred_at', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { items, total: Number(total) };
}
