import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { pageOf } from '../org.schemas.js';
import { insertLogs, pageLogs, type NewOperationLog } from './oplog.repo.js';
import { staffName } from '../staff/staff.repo.js';

/** Modules of the operation log (the `module` filter of operation-log:list). */
export const LogModule = {
  organization: 'organization',
  department: 'department',
  staff: 'staff',
  jobGrade: 'jobGrade',
  job: 'job',
  title: 'title',
  account: 'account',
  address: 'address',
  cityGroup: 'cityGroup',
  userGroup: 'userGroup',
  thirdUser: 'thirdUser',
} as const;

export interface LogEntry {
  module: string;
  action: string;
  targetType: string;
  targetId: number | null;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records changes in the caller's transaction: a change and its log line commit together or not at
 * all. Who: the caller's staff id and name at the time.
 */
export async function logOps(
  trx: Db,
  caller: Pick<TenantCaller, 'tenantId' | 'staffId'>,
  entries: LogEntry[],
  now = Date.now(),
) {
  if (entries.length === 0) return;
  const name = (await staffName(trx, caller.tenantId, caller.staffId)) ?? '';
  const rows: NewOperationLog[] = entries.map((e) => ({
    staff_id: caller.staffId,
    staff_name: name,
    module: e.module,
    action: e.action,
    target_type: e.targetType,
    target_id: e.targetId,
    summary: e.summary.slice(0, 500),
    before_json: e.before === undefined ? null : JSON.stringify(e.before),
    after_json: e.after === undefined ? null : JSON.stringify(e.after),
    created_at: now,
  }));
  await insertLogs(trx, caller.tenantId, rows);
}

export async function logOp(
  trx: Db,
  caller: Pick<TenantCaller, 'tenantId' | 'staffId'>,
  entry: LogEntry,
  now = Date.now(),
) {
  await logOps(trx, caller, [entry], now);
}

export async function listLogs(
  db: Db,
  caller: TenantCaller,
  q: { keyword?: string; module?: string; start?: number; end?: number; page_num: number; page_size: number },
) {
  const { items, total } = await pageLogs(db, caller.tenantId, {
    keyword: q.keyword,
    module: q.module,
    start: q.start,
    end: q.end,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return pageOf(
    items.map((r) => ({
      id: r.id,
      operator_id: r.staff_id,
      operator_name: r.staff_name,
      module: r.module,
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      summary: r.summary,
      before: r.before_json === null ? null : JSON.parse(r.before_json),
      after: r.after_json === null ? null : JSON.parse(r.after_json),
      created_at: r.created_at,
    })),
    q.page_num,
    q.page_size,
    total,
  );
}
