import { z } from 'zod';
import { Notification } from '../notify/index.js';
import { TenantVersion, VersionNotice } from '../rights/replies.js';
import { WorkbenchSpend } from '../flow/spendAnalysis.js';
import { OrgBalanceWarning } from '../spend/orgAccount.js';

/** The home workbench (GET /app-ctrl/api/v1/home/workbench). The guide calls are the auth family's. */

export const WorkbenchTask = z.object({
  id: z.number(),
  operating_type: z.number(),
  operating_type_name: z.string(),
  /** 0 running, 1 success, 2 failure. */
  status: z.number(),
  file_name: z.string(),
  success_amount: z.number(),
  fail_amount: z.number(),
  created_at: z.number(),
  finished_at: z.number().nullable(),
});
export type WorkbenchTask = z.infer<typeof WorkbenchTask>;

export const Workbench = z.object({
  user_name: z.string(),
  top_org_name: z.string(),
  show_guide: z.number(),
  show_guide_group: z.number(),
  unread_total: z.number(),
  recent_notifications: z.array(Notification),
  version: TenantVersion.nullable(),
  notices: z.array(VersionNotice),
  /** The caller's background tasks of the last 7 days; null for a personal account. */
  tasks: z
    .object({
      running: z.number(),
      succeeded: z.number(),
      failed: z.number(),
      recent: z.array(WorkbenchTask),
    })
    .nullable(),
  /** Pending tenant orders, for callers who may see orders; null otherwise. */
  pending_orders: z.object({ pending_payment: z.number(), awaiting_confirmation: z.number() }).nullable(),
  /** 企业账户 below its warning threshold (分), for callers holding orgAccount:view; null otherwise. */
  org_balance_warning: OrgBalanceWarning.nullable(),
  /** 本月费用: the caller's own and (for holders of billAnalysis:view) the tenant's; null for a personal account. */
  spend: WorkbenchSpend.nullable(),
});
export type Workbench = z.infer<typeof Workbench>;
