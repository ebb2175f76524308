import { ERROR_REPORT_MAX_MESSAGE, PlatformCode } from '@feikong/contracts';
import type { Caller, TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { ERROR_REPORT_LIMITS as L } from './errorReport.limits.js';
import { countRecent, insertReports, pageReports, pruneReports } from './errorReport.repo.js';

export interface IncomingReport {
  message: string;
  stack?: string;
  url?: string;
  user_agent?: string;
  occurred_at: number;
}

const tooFrequent = () => new AppError(PlatformCode.tooManyRequests, '错误报告过于频繁，请稍后再试', 429);

/**
 * Stores what the client's error reporter sends; the signed-in caller's tenant owns the rows.
 * Limited per client address and per person (ERROR_REPORT_LIMITS); old rows are pruned on the way.
 */
export async function recordReports(
  db: Db,
  caller: Caller | null,
  reports: IncomingReport[],
  clientIp: string,
  now = Date.now(),
) {
  const since = now - L.windowMs;
  const fromIp = await countRecent(db, { clientIp }, since);
  if (fromIp + reports.length > L.perIp) throw tooFrequent();
  if (caller) {
    const fromUser = await countRecent(db, { userId: caller.userId }, since);
    if (fromUser + reports.length > L.perUser) throw tooFrequent();
  }
  await db.transaction().execute(async (trx) => {
    await insertReports(
      trx,
      reports.map((r) => ({
        tenant_id: caller?.tenantId ?? null,
        user_id: caller?.userId ?? null,
        client_ip: clientIp,
        message: r.message.slice(0, ERROR_REPORT_MAX_MESSAGE),
        stack: r.stack?.slice(0, L.stackChars) ?? null,
        url: r.url?.slice(0, 1000) ?? null,
        user_agent: r.user_agent?.slice(0, 500) ?? null,
        occurred_at: r.occurred_at,
        created_at: now,
      })),
    );
    await pruneReports(trx, now - L.retentionMs, L.maxRows);
  });
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
