import type { TenantVersion, VersionNotice } from './rights';
import type { Notification } from './notifications';
import { http } from './request';

// The home workbench (GET /app-ctrl/api/v1/home/workbench, apps/server/src/modules/home) and the
// first-use guide (auth family: users:enterprise/guide/info, users:guide/finish, spec §7.3).

export interface WorkbenchTask {
  id: number;
  operating_type: number;
  operating_type_name: string;
  /** 0 running, 1 success, 2 failure. */
  status: number;
  file_name: string | null;
  success_amount: number | null;
  fail_amount: number | null;
  created_at: number;
  finished_at: number | null;
}

export interface Workbench {
  user_name: string;
  top_org_name: string | null;
  show_guide: number | boolean | null;
  show_guide_group: number | boolean | null;
  unread_total: number;
  recent_notifications: Notification[];
  version: TenantVersion | null;
  notices: VersionNotice[];
  /** The caller's background tasks of the last 7 days; null for a personal account. */
  tasks: { running: number; succeeded: number; failed: number; recent: WorkbenchTask[] } | null;
  /** Pending tenant orders, for callers who may see orders; null otherwise. */
  pending_orders: { pending_payment: number; awaiting_confirmation: number } | null;
}

export interface GuideStep {
  key: string;
  title: string;
  done: boolean;
}

export interface EnterpriseGuide {
  show_guide_group: number;
  company_count: number;
  department_count: number;
  staff_count: number;
  steps: GuideStep[];
  finished: boolean;
}

export const homeApi = {
  workbench: (signal?: AbortSignal) =>
    http.get<Workbench>('/app-ctrl/api/v1/home/workbench', undefined, { signal }),
  guideInfo: (signal?: AbortSignal) =>
    http.get<EnterpriseGuide>('/auth-center/api/v1/users:enterprise/guide/info', undefined, {
      signal,
      silent: true,
    }),
  /** Without `guide` both flags are cleared. */
  finishGuide: (guide?: 'show_guide' | 'show_guide_group') =>
    http.post<{ show_guide: number; show_guide_group: number }>(
      '/auth-center/api/v1/users:guide/finish',
      guide ? { guide } : {},
    ),
};
