import { TaskStatus } from '@feikong/contracts';
import type { Caller, TenantCaller } from '../../platform/context.js';
import type { AppServices } from '../../platform/types.js';
import { staffInfo, type AuthDeps } from '../auth/index.js';
import { workbenchSpend } from '../billReport/index.js';
import { listNotifications } from '../notify/index.js';
import { callerNotices, pendingOrderCounts, tenantVersion } from '../rights/index.js';
import { orgBalanceWarning } from '../spend/index.js';
import { listTasks, type TaskView } from '../tasks/index.js';

/**
 * The home workbench (spec "home" area): what the caller has pending and what happened lately, composed
 * from the modules that own the data (auth, notify, rights, tasks, spend, billReport) through their service exports.
 * The workbench has no tables of its own.
 */

const WEEK_MS = 7 * 86_400_000;
const RECENT = 5;
const TASK_PAGE = 100;

/** The caller's tasks created in the last 7 days, newest first (paged through the task centre). */
async function tasksOfLastWeek(deps: AppServices, caller: TenantCaller, now: number): Promise<TaskView[]> {
  const since = now - WEEK_MS;
  const out: TaskView[] = [];
  for (let page = 1; ; page++) {
    const { items } = await listTasks(deps, caller, { page_num: page, page_size: TASK_PAGE });
    for (const t of items) {
      if (t.created_at < since) return out;
      out.push(t);
    }
    if (items.length < TASK_PAGE) return out;
  }
}

async function taskSummary(deps: AppServices, caller: TenantCaller, now: number) {
  const week = await tasksOfLastWeek(deps, caller, now);
  const count = (status: number) => week.filter((t) => t.status === status).length;
  return {
    running: count(TaskStatus.running),
    succeeded: count(TaskStatus.success),
    failed: count(TaskStatus.failure),
    recent: week.slice(0, RECENT).map((t) => ({
      id: t.id,
      operating_type: t.operating_type,
      operating_type_name: t.operating_type_name,
      status: t.status,
      file_name: t.file_name,
      success_amount: t.success_amount,
      fail_amount: t.fail_amount,
      created_at: t.created_at,
      finished_at: t.finished_at,
    })),
  };
}

function asTenantCaller(caller: Caller): TenantCaller | null {
  return caller.tenantId !== null && caller.staffId !== null ? (caller as TenantCaller) : null;
}

/**
 * GET /app-ctrl/api/v1/home/workbench. A personal account (no organisation) gets its guide flags and
 * notifications; the organisation parts (version, notices, tasks, orders) are null / empty.
 */
export async function workbench(deps: AppServices, auth: AuthDeps, caller: Caller) {
  const now = auth.clock();
  const tenant = asTenantCaller(caller);
  const [me, notifications, version, notices, tasks, orders, balanceWarning, spend] = await Promise.all([
    staffInfo(auth, caller),
    listNotifications(deps.db, caller, { page_num: 1, page_size: RECENT }),
    tenant ? tenantVersion(deps.db, tenant.tenantId, now) : null,
    callerNotices(deps.db, caller, now),
    tenant ? taskSummary(deps, tenant, now) : null,
    tenant ? pendingOrderCounts(deps.db, tenant) : null,
    orgBalanceWarning(deps.db, caller),
    workbenchSpend(deps.db, caller, now),
  ]);
  return {
    user_name: me.username,
    top_org_name: me.top_org_name,
    show_guide: me.show_guide,
    show_guide_group: me.show_guide_group,
    unread_total: notifications.unread_total,
    recent_notifications: notifications.items,
    version,
    notices,
    /** The caller's own background tasks of the last 7 days; null for a personal account. */
    tasks,
    /** Pending orders of the tenant, for callers holding rightRecharge:view; null otherwise. */
    pending_orders: orders,
    /** 企业账户 below its warning threshold, for callers holding orgAccount:view; null otherwise. */
    org_balance_warning: balanceWarning,
    /** 本月费用: the caller's own and, for billAnalysis:view holders, the tenant's; null for a personal account. */
    spend,
  };
}
