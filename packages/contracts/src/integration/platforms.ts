import { z } from 'zod';
import { pagedOf } from '../reply.js';
import { id, labelled, pageNum, pageSize, text } from '../requestFields.js';

/**
 * 集成中心 · 第三方平台 (issue 24, spec 7.5 platformConfig; decision 0061). A tenant adds a platform (DingTalk,
 * WeCom, Feishu) and configures it per organisation with that organisation's app credentials. Paths under
 * /integration-center/api/web/platformConfig/ (reads GET, writes POST). The app secret is write-only: replies
 * carry a mask (`****` + its last 4 characters), never the secret.
 */
export const PLATFORM_CODES = ['dingtalk', 'wecom', 'feishu'] as const;
export type PlatformKind = (typeof PLATFORM_CODES)[number];
export const PlatformKindLabel: Record<PlatformKind, string> = {
  dingtalk: '钉钉',
  wecom: '企业微信',
  feishu: '飞书',
};

/** The app credentials each platform asks for, under the names its console shows. */
export interface PlatformField {
  key: 'corp_id' | 'app_key' | 'app_secret' | 'agent_id';
  label: string;
  required: boolean;
  secret: boolean;
}
export const PLATFORM_FIELDS: Record<PlatformKind, PlatformField[]> = {
  dingtalk: [
    { key: 'corp_id', label: 'CorpId', required: true, secret: false },
    { key: 'app_key', label: 'AppKey', required: true, secret: false },
    { key: 'app_secret', label: 'AppSecret', required: true, secret: true },
    { key: 'agent_id', label: 'AgentId', required: false, secret: false },
  ],
  wecom: [
    { key: 'corp_id', label: '企业ID（corpid）', required: true, secret: false },
    { key: 'app_secret', label: '应用Secret（corpsecret）', required: true, secret: true },
    { key: 'agent_id', label: 'AgentId', required: true, secret: false },
  ],
  feishu: [
    { key: 'app_key', label: 'App ID', required: true, secret: false },
    { key: 'app_secret', label: 'App Secret', required: true, secret: true },
    { key: 'corp_id', label: '企业标识（tenant_key，可选）', required: false, secret: false },
  ],
};

const platformCode = z.enum(PLATFORM_CODES, '取值为dingtalk、wecom或feishu').describe('平台');
const credential = (label: string) =>
  z
    .string('必须是文字')
    .trim()
    .max(200, '不能超过200个字符')
    .regex(/^[\x21-\x7e]*$/, '只能包含字母、数字和符号')
    .describe(label);
const appSecret = z
  .string('必须是文字')
  .trim()
  .min(8, '至少8个字符')
  .max(200, '不能超过200个字符')
  .regex(/^[\x21-\x7e]+$/, '只能包含字母、数字和符号')
  .describe('AppSecret');
/** Auto-apply threshold: a sync whose changes number at most this is applied without review (0 = always review). */
const threshold = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .min(0, '不能为负数')
  .max(100_000, '不能超过100000')
  .describe('自动应用阈值');
const graceDays = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .min(0, '不能为负数')
  .max(365, '不能超过365')
  .describe('离开宽限天数');
export const SYNC_INTERVALS = [0, 60, 360, 1440] as const;
const syncInterval = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .refine((n) => (SYNC_INTERVALS as readonly number[]).includes(n), '取值为0、60、360或1440')
  .describe('同步周期');

export const PlatformAddBody = z.object(labelled({ platform: platformCode }));
export const PlatformIdBody = z.object(labelled({ id: id('平台ID') }));
export const PlatformIdQuery = z.object(labelled({ platform_id: id('平台ID') }));

const configFields = {
  org_id: id('组织ID'),
  corp_id: credential('CorpId').default(''),
  app_key: credential('AppKey').default(''),
  agent_id: credential('AgentId').default(''),
  auto_apply_threshold: threshold.default(0),
  grace_days: graceDays.default(7),
  sync_interval: syncInterval.default(0),
};
export const PlatformOrgConfigItem = z.object(labelled({ ...configFields, app_secret: appSecret }));
export const PlatformOrgConfigBatchBody = z.object(
  labelled({
    platform_id: id('平台ID'),
    items: z
      .array(PlatformOrgConfigItem, '必须是数组')
      .min(1, '至少配置一个组织')
      .max(50, '一次最多50个组织')
      .describe('组织配置'),
  }),
);
export type PlatformOrgConfigBatchBody = z.input<typeof PlatformOrgConfigBatchBody>;
/** 编辑: an absent or empty app_secret keeps the stored one. */
export const PlatformOrgConfigEditBody = z.object(
  labelled({
    id: id('配置ID'),
    corp_id: configFields.corp_id,
    app_key: configFields.app_key,
    agent_id: configFields.agent_id,
    app_secret: z
      .union([z.literal(''), appSecret])
      .optional()
      .describe('AppSecret'),
    auto_apply_threshold: configFields.auto_apply_threshold,
    grace_days: configFields.grace_days,
    sync_interval: configFields.sync_interval,
  }),
);
export type PlatformOrgConfigEditBody = z.input<typeof PlatformOrgConfigEditBody>;
export const PlatformOrgConfigIdBody = z.object(labelled({ id: id('配置ID') }));
export const PlatformOrgConfigEnableBody = z.object(
  labelled({
    id: id('配置ID'),
    enabled: z.union([z.literal(0), z.literal(1)], '取值为0或1').describe('启用'),
  }),
);
export const PlatformConfigListQuery = z.object(
  labelled({
    platform_id: id('平台ID'),
    keyword: text('关键字', 50).optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export type PlatformConfigListQuery = z.input<typeof PlatformConfigListQuery>;

export const PlatformCatalogueItem = z.object({
  platform: z.string(),
  name: z.string(),
  /** The tenant's platform id once added, else null. */
  id: z.number().nullable(),
  fields: z.array(
    z.object({ key: z.string(), label: z.string(), required: z.boolean(), secret: z.boolean() }),
  ),
});
export const PlatformCatalogue = z.array(PlatformCatalogueItem);
/** Spec 3 "Platform list item: id, running" (running: at least one organisation's config is enabled). */
export const PlatformListItem = z.object({
  id: z.number(),
  running: z.boolean(),
  platform: z.string(),
  name: z.string(),
  config_num: z.number(),
});
export type PlatformListItem = z.infer<typeof PlatformListItem>;
export const PlatformList = z.array(PlatformListItem);

export const PlatformOrgConfigRow = z.object({
  id: z.number(),
  platform_id: z.number(),
  platform: z.string(),
  org_id: z.number(),
  org_name: z.string(),
  corp_id: z.string(),
  app_key: z.string(),
  agent_id: z.string(),
  /** `****` and the secret's last 4 characters. */
  app_secret_mask: z.string(),
  enabled: z.boolean(),
  auto_apply_threshold: z.number(),
  grace_days: z.number(),
  sync_interval: z.number(),
  last_sync_at: z.number().nullable(),
  last_sync_status: z.string().nullable(),
  updated_at: z.number(),
});
export type PlatformOrgConfigRow = z.infer<typeof PlatformOrgConfigRow>;
export const PlatformOrgConfigPage = pagedOf(PlatformOrgConfigRow);
/** getConfigAndServeNum: organisations configured, and those serving (enabled). */
export const PlatformConfigAndServeNum = z.object({ config_num: z.number(), serve_num: z.number() });
export const PlatformIdReply = z.object({ id: z.number() });
export const PlatformIdsReply = z.object({ ids: z.array(z.number()) });

/** 通讯录同步 (decision 0061): a run's status. */
export const SYNC_RUN_STATUSES = [
  'fetching',
  'review',
  'applied',
  'unchanged',
  'failed',
  'discarded',
] as const;
export const SyncRunStatusLabel: Record<(typeof SYNC_RUN_STATUSES)[number], string> = {
  fetching: '同步中',
  review: '待确认',
  applied: '已应用',
  unchanged: '无变化',
  failed: '失败',
  discarded: '已作废',
};
export const SyncStartBody = z.object(labelled({ id: id('配置ID') }));
export const SyncStartReply = z.object({ task_id: z.number(), run_id: z.number() });
export const SyncRunsQuery = z.object(
  labelled({ config_id: id('配置ID'), page_num: pageNum, page_size: pageSize(50, 10) }),
);
export const SyncRunIdQuery = z.object(labelled({ run_id: id('同步ID') }));
export const SyncRunRow = z.object({
  id: z.number(),
  config_id: z.number(),
  task_id: z.number().nullable(),
  status: z.string(),
  statusText: z.string(),
  run_trigger: z.string(),
  dept_count: z.number(),
  user_count: z.number(),
  added: z.number(),
  changed: z.number(),
  moved: z.number(),
  gone: z.number(),
  conflicts: z.number(),
  api_calls: z.number(),
  error_msg: z.string(),
  started_at: z.number(),
  fetched_at: z.number().nullable(),
  applied_at: z.number().nullable(),
});
export type SyncRunRow = z.infer<typeof SyncRunRow>;
export const SyncRunPage = pagedOf(SyncRunRow);
const diffDept = z.object({
  id: z.string(),
  name: z.string(),
  parent: z.string(),
  from: z.string().optional(),
});
const diffUser = z.object({
  id: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  withheld: z.array(z.string()),
  depts: z.array(z.string()),
  from: z.array(z.string()).optional(),
  fields: z.array(z.string()).optional(),
});
const four = <T extends z.ZodType>(t: T) =>
  z.object({ added: z.array(t), changed: z.array(t), moved: z.array(t), gone: z.array(t) });
/** 差异: departments and users added, changed, moved and gone (at most 500 of each listed; counts on the run). */
export const SyncDiffReply = z.object({
  run: SyncRunRow,
  /** The platform's root department: the organisation itself ('' when unknown). */
  root: z.string(),
  depts: four(diffDept),
  users: four(diffUser),
});
export type SyncDiffReply = z.infer<typeof SyncDiffReply>;
