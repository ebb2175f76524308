import type { Db } from '../../../platform/db/database.js';
import { countAndPage, likePattern } from '../../../platform/db/queries.js';

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
    const like = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('summary', 'like', like), eb('staff_name', 'like', like)]));
  }
  return countAndPage(
    base,
    (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    q.pageNum,
    q.pageSize,
  );
}
