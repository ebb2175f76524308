import type {
  BudgetEventPage,
  BudgetEventQuery,
  BudgetInterfaceAddBody,
  BudgetInterfaceIdReply,
  BudgetInterfaceInfo,
  BudgetInterfacePage,
  BudgetInterfacePageQuery,
  BudgetInterfaceTestReply,
  BudgetInterfaceUpdateBody,
  BudgetLinkAddBody,
  BudgetPullReply,
  PlatformCatalogue,
  PlatformConfigAndServeNum,
  PlatformConfigListQuery,
  PlatformIdsReply,
  PlatformList,
  PlatformOrgConfigBatchBody,
  PlatformOrgConfigEditBody,
  PlatformOrgConfigPage,
  SyncDiffReply,
  SyncRunPage,
  SyncStartReply,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 集成中心 · 预算接口 (/integration-center/api/web/, spec 7.5, docs/decisions/0056).

export const INTEGRATION = '/integration-center/api/web';
const I = (p: string) => `${INTEGRATION}/budgetInterface/${p}`;
const B = (p: string) => `${INTEGRATION}/budget/${p}`;
type Out<T extends z.ZodType> = z.output<T>;
const fields = { handleFieldErrors: true } as const;

export type BudgetInterfacePageData = Out<typeof BudgetInterfacePage>;
export type BudgetInterfaceRow = BudgetInterfacePageData['items'][number];
export type BudgetInterfaceDetail = Out<typeof BudgetInterfaceInfo>;
export type BudgetInterfaceQuery = z.input<typeof BudgetInterfacePageQuery>;
export type BudgetProbe = Out<typeof BudgetInterfaceTestReply>;
export type BudgetEventPageData = Out<typeof BudgetEventPage>;
export type BudgetEventRow = BudgetEventPageData['items'][number];
type IdReply = Out<typeof BudgetInterfaceIdReply>;

export const integrationApi = {
  page: (query: BudgetInterfaceQuery, signal?: AbortSignal) =>
    http.get<BudgetInterfacePageData>(I('pageList'), query as Encodable, { signal }),
  info: (id: number, signal?: AbortSignal) => http.get<BudgetInterfaceDetail>(I('info'), { id }, { signal }),
  add: (body: BudgetInterfaceAddBody) => http.post<IdReply>(I('add'), body, fields),
  update: (body: BudgetInterfaceUpdateBody) => http.post<IdReply>(I('update'), body, fields),
  remove: (id: number) => http.post<IdReply>(I('delete'), { id }, { silent: true }),
  /** 测试 and 连接: spec 7.5 — their errors are silent; the screen shows the answer beside the interface. */
  test: (id: number) => http.post<BudgetProbe>(I('test'), { id }, { silent: true }),
  link: (id: number) => http.post<BudgetProbe>(I('link'), { id }, { silent: true }),
  pull: (id: number) => http.post<Out<typeof BudgetPullReply>>(I('pull'), { id }),
  events: (query: z.input<typeof BudgetEventQuery>, signal?: AbortSignal) =>
    http.get<BudgetEventPageData>(I('events'), query as Encodable, { signal }),
  retry: (id: number) => http.post<IdReply>(I('retry'), { id }),
  addBudget: (body: BudgetLinkAddBody) => http.post<IdReply>(B('add'), body, fields),
  removeBudget: (id: number) => http.post<IdReply>(B('delete'), { id }),
};

// 集成中心 · 第三方平台 (platformConfig, spec 7.5; docs/decisions/0061). Reads GET, writes POST.
const PC = (p: string) => `${INTEGRATION}/platformConfig/${p}`;
export type PlatformCatalogueItem = Out<typeof PlatformCatalogue>[number];
export type PlatformListItem = Out<typeof PlatformList>[number];
export type PlatformOrgConfigPageData = Out<typeof PlatformOrgConfigPage>;
export type PlatformOrgConfigRow = PlatformOrgConfigPageData['items'][number];
export type PlatformConfigQuery = z.input<typeof PlatformConfigListQuery>;

export const platformApi = {
  all: (signal?: AbortSignal) =>
    http.get<Out<typeof PlatformCatalogue>>(PC('getAllPlatform'), {}, { signal }),
  list: (signal?: AbortSignal) => http.get<Out<typeof PlatformList>>(PC('getPlatformList'), {}, { signal }),
  add: (platform: string) => http.post<IdReply>(PC('addPlatform'), { platform }),
  remove: (id: number) => http.post<IdReply>(PC('delPlatform'), { id }, { silent: true }),
  configs: (query: PlatformConfigQuery, signal?: AbortSignal) =>
    http.get<PlatformOrgConfigPageData>(PC('getPlatformConfigList'), query as Encodable, { signal }),
  counts: (platform_id: number, signal?: AbortSignal) =>
    http.get<Out<typeof PlatformConfigAndServeNum>>(PC('getConfigAndServeNum'), { platform_id }, { signal }),
  addConfigs: (body: PlatformOrgConfigBatchBody) =>
    http.post<Out<typeof PlatformIdsReply>>(PC('batchAddPlatformOrgConfig'), body, fields),
  editConfig: (body: PlatformOrgConfigEditBody) =>
    http.post<IdReply>(PC('editPlatformOrgConfig'), body, fields),
  enableConfig: (id: number, enabled: 0 | 1) =>
    http.post<IdReply>(PC('enablePlatformOrgConfig'), { id, enabled }),
  removeConfig: (id: number) => http.post<IdReply>(PC('delPlatformOrgConfig'), { id }, { silent: true }),
};

// 通讯录同步 (decision 0061): 同步, history, a run's diff, 应用.
export type SyncRunRow = Out<typeof SyncRunPage>['items'][number];
export type SyncDiffData = Out<typeof SyncDiffReply>;
export const directorySyncApi = {
  start: (id: number) => http.post<Out<typeof SyncStartReply>>(PC('sync'), { id }),
  runs: (config_id: number, page_num: number, signal?: AbortSignal) =>
    http.get<Out<typeof SyncRunPage>>(PC('syncRuns'), { config_id, page_num, page_size: 10 }, { signal }),
  diff: (run_id: number, signal?: AbortSignal) =>
    http.get<SyncDiffData>(PC('syncDiff'), { run_id }, { signal }),
  apply: (run_id: number) => http.post<IdReply>(PC('applySync'), { run_id }),
};
