import { z } from 'zod';
import { type ValueOf } from '../enums.js';
import { pagedOf } from '../reply.js';
import { id, labelled, pageNum, pageSize, required, text } from '../requestFields.js';
export * from './platforms.js';

/**
 * 集成中心 · 预算接口 (issue 22, spec 7.5; decision 0056): a tenant links an external budget system. Paths under
 * /integration-center/api/web/: budgetInterface/{pageList,info,add,update,delete,test,link,pull,events,retry}
 * and budget/{add,delete} (the spec names the operations, not the paths or methods). The secret is write-only:
 * replies say whether one is set, never what it is.
 */
export const BudgetInterfaceStatus = { unlinked: 0, linked: 1, failed: 2 } as const;
export type BudgetInterfaceStatus = ValueOf<typeof BudgetInterfaceStatus>;
export const BudgetInterfaceStatusLabel: Record<BudgetInterfaceStatus, string> = {
  0: '未连接',
  1: '已连接',
  2: '连接失败',
};

/** 拉取预算表的周期 (minutes; 0 = only on demand). */
export const BUDGET_PULL_INTERVALS = [0, 60, 360, 1440] as const;
export const BudgetPullIntervalLabel: Record<number, string> = {
  0: '不自动拉取',
  60: '每小时',
  360: '每6小时',
  1440: '每天',
};

export const BUDGET_EVENT_KINDS = ['occupy', 'use', 'release'] as const;
export type BudgetEventKind = (typeof BUDGET_EVENT_KINDS)[number];
export const BUDGET_EVENT_STATES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type BudgetEventState = (typeof BUDGET_EVENT_STATES)[number];
export const BudgetEventStateLabel: Record<BudgetEventState, string> = {
  pending: '待推送',
  sending: '推送中',
  delivered: '已送达',
  failed: '推送失败',
};
export const BudgetEventKindLabel: Record<BudgetEventKind, string> = {
  occupy: '预占',
  use: '已用',
  release: '释放',
};

const baseUrl = z
  .string('不能为空')
  .trim()
  .min(1, '不能为空')
  .max(300, '不能超过300个字符')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && !u.hash;
    } catch {
      return false;
    }
  }, '须为http或https地址，不含用户名、密码')
  .describe('接口地址');
const pullInterval = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .refine((n) => (BUDGET_PULL_INTERVALS as readonly number[]).includes(n), '取值为0、60、360或1440')
  .describe('拉取周期');
const secret = z
  .string('必须是文字')
  .trim()
  .min(8, '至少8个字符')
  .max(200, '不能超过200个字符')
  .describe('密钥');

const fields = {
  name: required('接口名称', 50),
  base_url: baseUrl,
  app_key: required('AppKey', 100),
  pull_interval: pullInterval.default(0),
};
export const BudgetInterfaceAddBody = z.object(labelled({ ...fields, secret }));
export type BudgetInterfaceAddBody = z.input<typeof BudgetInterfaceAddBody>;
/** 修改: the secret is kept when absent or ''. */
export const BudgetInterfaceUpdateBody = z.object(
  labelled({
    id: id('接口ID'),
    ...fields,
    secret: z
      .union([z.literal(''), secret])
      .optional()
      .describe('密钥'),
  }),
);
export type BudgetInterfaceUpdateBody = z.input<typeof BudgetInterfaceUpdateBody>;
export const BudgetInterfaceIdBody = z.object(labelled({ id: id('接口ID') }));
export const BudgetInterfaceIdQuery = BudgetInterfaceIdBody;
export const BudgetInterfacePageQuery = z.object(
  labelled({
    keyword: text('关键字', 50).optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export type BudgetInterfacePageQuery = z.input<typeof BudgetInterfacePageQuery>;

export const BudgetInterfaceRow = z.object({
  id: z.number(),
  name: z.string(),
  base_url: z.string(),
  app_key: z.string(),
  /** Whether a secret is stored (it is never sent back). */
  has_secret: z.boolean(),
  pull_interval: z.number(),
  pullIntervalText: z.string(),
  status: z.number(),
  statusText: z.string(),
  last_test_at: z.number().nullable(),
  last_test_ok: z.boolean().nullable(),
  last_test_msg: z.string(),
  linked_budgets: z.number(),
  pending_events: z.number(),
  failed_events: z.number(),
  updated_at: z.number(),
});
export type BudgetInterfaceRow = z.infer<typeof BudgetInterfaceRow>;
export const BudgetInterfacePage = pagedOf(BudgetInterfaceRow);

export const BudgetLinkOut = z.object({
  id: z.number(),
  budget_id: z.number(),
  budget_name: z.string(),
  external_code: z.string(),
  last_pull_at: z.number().nullable(),
  last_pull_ok: z.boolean().nullable(),
  last_pull_msg: z.string(),
  pulled_version: z.number().nullable(),
});
export type BudgetLinkOut = z.infer<typeof BudgetLinkOut>;
export const BudgetInterfaceInfo = BudgetInterfaceRow.extend({ links: z.array(BudgetLinkOut) });
export type BudgetInterfaceInfo = z.infer<typeof BudgetInterfaceInfo>;
export const BudgetInterfaceIdReply = z.object({ id: z.number() });

/** 测试 / 连接: what the external system answered (ok, or the reason in Chinese). */
export const BudgetInterfaceTestReply = z.object({
  ok: z.boolean(),
  msg: z.string(),
  status: z.number(),
  statusText: z.string(),
  tested_at: z.number(),
  elapsed_ms: z.number(),
});
export type BudgetInterfaceTestReply = z.infer<typeof BudgetInterfaceTestReply>;

export const BudgetLinkAddBody = z.object(
  labelled({
    interface_id: id('接口ID'),
    budget_id: id('预算ID'),
    external_code: z
      .string('不能为空')
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, '只能包含字母、数字、下划线、点和短横线，最多64个字符')
      .describe('外部预算编码'),
  }),
);
export type BudgetLinkAddBody = z.input<typeof BudgetLinkAddBody>;
export const BudgetLinkIdBody = z.object(labelled({ id: id('关联ID') }));

/** 立即拉取: a task (153 预算同步) for the interface's linked budgets. */
export const BudgetPullReply = z.object({ task_id: z.number() });

export const BudgetEventQuery = z.object(
  labelled({
    interface_id: id('接口ID'),
    status: z
      .enum(BUDGET_EVENT_STATES, '取值为pending、sending、delivered或failed')
      .optional()
      .describe('状态'),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export type BudgetEventQuery = z.input<typeof BudgetEventQuery>;
export const BudgetEventRow = z.object({
  id: z.number(),
  idempotency_key: z.string(),
  kind: z.string(),
  kindText: z.string(),
  budget_name: z.string(),
  external_code: z.string(),
  period: z.string(),
  amount: z.number(),
  status: z.string(),
  statusText: z.string(),
  attempts: z.number(),
  next_attempt_at: z.number().nullable(),
  last_error: z.string(),
  /** The remote answered that it already had the event (counted as delivered once). */
  duplicate: z.boolean(),
  delivered_at: z.number().nullable(),
  created_at: z.number(),
});
export type BudgetEventRow = z.infer<typeof BudgetEventRow>;
export const BudgetEventPage = pagedOf(BudgetEventRow);
export const BudgetEventRetryBody = z.object(labelled({ id: id('事件ID') }));
