import type { EnterpriseGuide, GuideFlagsReply, Workbench } from '@feikong/contracts';
import { http } from './http/request';

// The home workbench (GET /app-ctrl/api/v1/home/workbench, apps/server/src/modules/home) and the
// first-use guide (auth family: users:enterprise/guide/info, users:guide/finish, spec §7.3).

export type { EnterpriseGuide, GuideStep, Workbench, WorkbenchTask } from '@feikong/contracts';

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
    http.post<GuideFlagsReply>('/auth-center/api/v1/users:guide/finish', guide ? { guide } : {}),
};
