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
  client_ip: string;
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

/** Reports stored since `since` from one client address or one person. */
export async function countRecent(
  db: Db,
  by: { clientIp: string } | { userId: number },
  since: number,
): Promise<number> {
  let q = db.selectFrom('error_reports').where('created_at', '>', since);
  q = 'clientIp' in by ? q.where('client_ip', '=', by.clientIp) : q.where('user_id', '=', by.userId);
  const row = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Drops reports older than `before`, then all but the newest `keep` rows. */
export async function pruneReports(db: Db, before: number, keep: number) {
  await db.deleteFrom('error_reports').where('created_at', '<', before).execute();
  const edge = await db
    .selectFrom('error_reports')
    .select('id')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (edge) await db.deleteFrom('error_reports').where('id', '<=', edge.id).execute();
}
