import { ERROR_REPORT_MAX_MESSAGE } from '@feikong/contracts';
import type { Caller, TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { insertReports, pageReports } from './errorReport.repo.js';

export interface IncomingReport {
  message: string;
  stack?: string;
  url?: string;
  user_agent?: string;
  occurred_at: number;
}

/** Stores what the client's error reporter sends; the signed-in caller's tenant owns the rows. */
export async function recordReports(
  db: Db,
  caller: Caller | null,
  reports: IncomingReport[],
  now = Date.now(),
) {
  await insertReports(
    db,
    reports.map((r) => ({
      tenant_id: caller?.tenantId ?? null,
      user_id: caller?.userId ?? null,
      message: r.message.slice(0, ERROR_REPORT_MAX_MESSAGE),
      stack: r.stack?.slice(0, 8000) ?? null,
      url: r.url?.slice(0, 1000) ?? null,
      user_agent: r.user_agent?.slice(0, 500) ?? null,
      occurred_at: r.occurred_at,
      created_at: now,
    })),
  );
  return { saved: reports.length };
}

export async function listReports(
  db: Db,
  caller: TenantCaller,
  q: { keyword?: string; page_num: number; page_size: number },
) {
  const { items, total } = await pageReports(db, caller.tenantId, {
    keyword: q.keyword,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return { items, page: { page_num: q.page_num, page_size: q.page_size, total } };
}
