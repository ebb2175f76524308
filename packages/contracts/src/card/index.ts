import { z } from 'zod';
import { type ValueOf } from '../enums.js';
import { pagedOf } from '../reply.js';
import { fen, id, labelled, pageNum, pageSize, required, text } from '../requestFields.js';

/**
 * 企业卡 (issue 23, card half; module card, client area cardPay; decision 0057). Paths are not shown by the
 * spec: designed like the quota centre's, under /consume-quota-center/api/v1/card/ —
 * release (卡片发放, quota release type 5), batches, list, info, transactions, operations, freeze, unfreeze, cancel,
 * adjust, transfer, resendMail.
 * The release body carries spec 3's card fields (card_type, begin_no, end_no, card_count, amount,
 * card_batch_no, user, operate_sequence).
 */
export const CARD_PATH = '/consume-quota-center/api/v1/card';

export const CardStatus = { normal: 1, frozen: 2, cancelled: 3 } as const;
export type CardStatus = ValueOf<typeof CardStatus>;
export const CardStatusLabel: Record<CardStatus, string> = { 1: '正常', 2: '冻结', 3: '注销' };

export const CARD_LEDGER_KINDS = [
  'issue',
  'capture',
  'reverse',
  'refund',
  'settle',
  'restore',
  'adjust',
] as const;
export type CardLedgerKind = (typeof CARD_LEDGER_KINDS)[number];
export const CardLedgerKindLabel: Record<CardLedgerKind, string> = {
  issue: '发放',
  capture: '消费',
  reverse: '撤销',
  refund: '退款',
  settle: '余额退回',
  restore: '转移恢复',
  adjust: '额度调整',
};
export const CARD_OPS = ['freeze', 'unfreeze', 'cancel'] as const;
export type CardOp = (typeof CARD_OPS)[number];
export const CardOpLabel: Record<CardOp, string> = { freeze: '冻结', unfreeze: '解冻', cancel: '注销' };
/** Every operation a card's record shows: the three above and 转移 (to another holder). */
export const CardOperationLabel: Record<string, string> = {
  ...CardOpLabel,
  transfer: '转移',
  adjust: '额度调整',
};
/** 额度调整: one adjustment moves at most this much (分), either way. */
export const CARD_ADJUST_MAX = 100_000_000;

/** A batch releases at most this many cards (a physical range or generated e-cards). */
export const CARD_BATCH_MAX = 10_000;

const cardNo = z
  .string('必须是文字')
  .trim()
  .regex(/^\d{6,19}$/, '须为6至19位数字')
  .describe('卡号');

export const CardReleaseBody = z
  .object(
    labelled({
      card_type: z.coerce
        .number('必须是数字')
        .int('必须是整数')
        .refine((n) => n === 1 || n === 2, '取值为1（实体卡）或2（电子卡）')
        .describe('卡片类型'),
      begin_no: z
        .union([z.literal(''), cardNo])
        .default('')
        .describe('起始卡号'),
      end_no: z
        .union([z.literal(''), cardNo])
        .default('')
        .describe('结束卡号'),
      card_count: z.coerce
        .number('必须是数字')
        .int('必须是整数')
        .min(1, '至少1张')
        .max(CARD_BATCH_MAX, `一批最多${CARD_BATCH_MAX}张`)
        .describe('卡片数量'),
      amount: fen('每卡金额'),
      card_batch_no: z
        .string('不能为空')
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,32}$/, '只能包含字母、数字、下划线和短横线，最多32个字符')
        .describe('批次号'),
      user: z
        .array(id('持卡人'), '必须是数组')
        .max(CARD_BATCH_MAX, `最多${CARD_BATCH_MAX}人`)
        .default([])
        .describe('持卡人'),
      operate_sequence: z.coerce
        .number('必须是数字')
        .int('必须是整数')
        .min(0, '不能为负数')
        .default(0)
        .describe('分配起始序号'),
      scene_id: id('场景ID').nullable().optional(),
      send_mail: z.boolean('取值为true或false').default(false).describe('邮件发送电子卡'),
      memo: text('备注', 200).default(''),
    }),
  )
  .superRefine((b, ctx) => {
    if (b.card_type === 1) {
      if (!b.begin_no) ctx.addIssue({ code: 'custom', path: ['begin_no'], message: '实体卡须填写起始卡号' });
      if (!b.end_no) ctx.addIssue({ code: 'custom', path: ['end_no'], message: '实体卡须填写结束卡号' });
    }
  });
export type CardReleaseBody = z.input<typeof CardReleaseBody>;
export const CardReleaseReply = z.object({
  batch_id: z.number(),
  card_batch_no: z.string(),
  card_count: z.number(),
  /** false: the batch was released before (same card_batch_no); nothing was issued again. */
  created: z.boolean(),
});
export type CardReleaseReply = z.infer<typeof CardReleaseReply>;

export const CardBatchQuery = z.object(
  labelled({
    card_batch_no: text('批次号', 32).optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export type CardBatchQuery = z.input<typeof CardBatchQuery>;
export const CardBatchRow = z.object({
  id: z.number(),
  card_batch_no: z.string(),
  card_type: z.number(),
  cardTypeText: z.string(),
  begin_no: z.string(),
  end_no: z.string(),
  card_count: z.number(),
  amount: z.number(),
  total: z.number(),
  operate_sequence: z.number(),
  send_mail: z.boolean(),
  memo: z.string(),
  created_by_name: z.string(),
  created_at: z.number(),
});
export type CardBatchRow = z.infer<typeof CardBatchRow>;
export const CardBatchPage = pagedOf(CardBatchRow);

export const CardListQuery = z.object(
  labelled({
    card_no: text('卡号', 32).optional(),
    holder: text('持卡人', 50).optional(),
    status: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '取值为1、2或3')
      .max(3, '取值为1、2或3')
      .optional()
      .describe('状态'),
    card_type: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '取值为1或2')
      .max(2, '取值为1或2')
      .optional()
      .describe('卡片类型'),
    card_batch_no: text('批次号', 32).optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export type CardListQuery = z.input<typeof CardListQuery>;
/** 卡片列表导出 (task 156): the list's filters. */
export const CardExportParams = CardListQuery.omit({ page_num: true, page_size: true });
export const CardRow = z.object({
  id: z.number(),
  card_no: z.string(),
  card_type: z.number(),
  cardTypeText: z.string(),
  holder_id: z.number().nullable(),
  holder_name: z.string(),
  status: z.number(),
  statusText: z.string(),
  balance: z.number(),
  card_batch_no: z.string(),
  created_at: z.number(),
});
export type CardRow = z.infer<typeof CardRow>;
export const CardPage = pagedOf(CardRow);

export const CardIdQuery = z.object(labelled({ card_id: id('卡片ID') }));
/**
 * 额度调整 (POST card/adjust): delta in 分, > 0 adds to the card, < 0 takes back (never below 0). request_id is the
 * client's key: the same key again answers the first adjustment and moves nothing.
 */
export const CardAdjustBody = z.object(
  labelled({
    card_id: id('卡片ID'),
    request_id: z
      .string('不能为空')
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, '须为8到64位字母、数字、下划线或短横线')
      .describe('请求ID'),
    delta: z.coerce
      .number('必须是数字')
      .int('必须是以分为单位的整数')
      .min(-CARD_ADJUST_MAX, '单次调整不能超过¥1,000,000.00')
      .max(CARD_ADJUST_MAX, '单次调整不能超过¥1,000,000.00')
      .refine((n) => n !== 0, '调整金额不能为0')
      .describe('调整金额'),
    reason: required('原因', 200),
  }),
);
export type CardAdjustBody = z.input<typeof CardAdjustBody>;

/** 卡片操作 (GET card/operations): every operation on the tenant's cards, newest first; 导出 is task 35. */
export const CardOperationListQuery = z.object(
  labelled({
    card_no: text('卡号', 32).optional(),
    op: z
      .enum(
        ['freeze', 'unfreeze', 'cancel', 'transfer', 'adjust'],
        '操作取值为freeze、unfreeze、cancel、transfer或adjust',
      )
      .optional()
      .describe('操作'),
    begin_time: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(0, '不能为负数')
      .optional()
      .describe('开始时间'),
    end_time: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(0, '不能为负数')
      .optional()
      .describe('结束时间'),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export type CardOperationListQuery = z.input<typeof CardOperationListQuery>;
export const CardOperationExportParams = CardOperationListQuery.omit({ page_num: true, page_size: true });
export const CardOperationListRow = z.object({
  id: z.number(),
  card_id: z.number(),
  card_no: z.string(),
  holder_name: z.string(),
  op: z.string(),
  opText: z.string(),
  reason: z.string(),
  operator_name: z.string(),
  created_at: z.number(),
});
export type CardOperationListRow = z.infer<typeof CardOperationListRow>;
export const CardOperationPage = pagedOf(CardOperationListRow);

/** 重新发送 of an e-card's mail that failed or found no address (POST card/resendMail). */
export const CardResendMailBody = CardIdQuery;
export const CardResendMailReply = z.object({
  card_id: z.number(),
  mail_status: z.number(),
  mailStatusText: z.string(),
});
export const CardOperation = z.object({
  id: z.number(),
  op: z.string(),
  opText: z.string(),
  reason: z.string(),
  operator_name: z.string(),
  created_at: z.number(),
});
/** One card-network authorisation of the card, with its answer and every reason. */
export const CardAuthRow = z.object({
  auth_id: z.string(),
  amount: z.number(),
  merchant: z.string(),
  decision: z.string(),
  decisionText: z.string(),
  company_pays: z.number(),
  employee_pays: z.number(),
  reasons: z.array(z.string()),
  created_at: z.number(),
});
export type CardAuthRow = z.infer<typeof CardAuthRow>;
export const CardInfo = CardRow.extend({
  amount: z.number(),
  status_reason: z.string(),
  /** The e-card mail of 卡片发放 with 邮件发送: 0 不发送, 1 待发送, 2 已发送, 3 无邮箱, 4 发送失败 (mail_error: why). */
  mail_status: z.number(),
  mailStatusText: z.string(),
  mail_error: z.string(),
  /** The balance as the ledger sums it (equal to balance unless something bypassed the ledger). */
  ledger_balance: z.number(),
  operations: z.array(CardOperation),
  /** Merchants that charged the card in the last 90 days, most recent first (move recurring payments). */
  recent_merchants: z.array(
    z.object({ merchant: z.string(), times: z.number(), amount: z.number(), last_at: z.number() }),
  ),
  /** The last 50 authorisations, newest first (refusals too, with their reasons). */
  authorizations: z.array(CardAuthRow),
});
export type CardInfo = z.infer<typeof CardInfo>;

export const CardTxQuery = z.object(
  labelled({ card_id: id('卡片ID'), page_num: pageNum, page_size: pageSize(100, 20) }),
);
export type CardTxQuery = z.input<typeof CardTxQuery>;
export const CardTxRow = z.object({
  id: z.number(),
  kind: z.string(),
  kindText: z.string(),
  delta: z.number(),
  balance_after: z.number(),
  merchant: z.string(),
  memo: z.string(),
  created_at: z.number(),
});
export type CardTxRow = z.infer<typeof CardTxRow>;
export const CardTxPage = pagedOf(CardTxRow);

export const CardOperateBody = z.object(labelled({ card_id: id('卡片ID'), reason: required('原因', 200) }));
export type CardOperateBody = z.input<typeof CardOperateBody>;
export const CardOperateReply = z.object({
  card_id: z.number(),
  status: z.number(),
  statusText: z.string(),
  balance: z.number(),
});

/**
 * 转移 (POST card/transfer): the card and what its left holder had on it move to another active staff member.
 * from_staff_id is the holder the administrator saw (null = 未分配): a card that changed hands meanwhile is refused.
 */
export const CardTransferBody = z.object(
  labelled({
    card_id: id('卡片ID'),
    from_staff_id: id('原持卡人').nullable(),
    staff_id: id('新持卡人'),
    reason: required('原因', 200),
  }),
);
export type CardTransferBody = z.input<typeof CardTransferBody>;
export const CardTransferReply = CardOperateReply.extend({
  holder_id: z.number(),
  holder_name: z.string(),
  /** 分 given back from the holder-left settlement (0 when nothing was settled). */
  restored: z.number(),
});
export type CardTransferReply = z.infer<typeof CardTransferReply>;

// ---------- 卡片授权 (the card network's signed calls) ----------

/** Signed like the channel intake (decision 0043): X-Fk-App-Id, timestamp, nonce, signature. */
export const CARD_AUTHORIZE_PATH = `${CARD_PATH}/authorize`;
export const CARD_REVERSE_PATH = `${CARD_PATH}/reverse`;
export const CARD_REFUND_PATH = `${CARD_PATH}/refund`;

const authId = z
  .string('不能为空')
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, '只能包含字母、数字和 _ . : -，最多64个字符');
export const CardAuthorizeBody = z.object(
  labelled({
    auth_id: authId.describe('授权号'),
    card_no: z.string('不能为空').trim().min(1, '不能为空').max(32, '不能超过32个字符').describe('卡号'),
    amount: fen('金额').refine((n) => n > 0, '须大于0'),
    merchant: z
      .object({
        id: text('商户编号', 64).optional(),
        name: required('商户名称', 100),
        type: text('商户类型', 64).optional(),
      })
      .describe('商户'),
    /** Consumption category (spec 3); 14 通用 when the network does not say. */
    category: z.coerce.number('必须是数字').int('必须是整数').min(1).max(14).default(14).describe('消费类别'),
    at: z.coerce.number('必须是数字').int('必须是整数').positive().optional().describe('交易时间'),
  }),
);
export type CardAuthorizeBody = z.input<typeof CardAuthorizeBody>;
export const CARD_AUTH_DECISIONS = ['allow', 'excess', 'refuse'] as const;
export type CardAuthDecision = (typeof CARD_AUTH_DECISIONS)[number];
export const CardAuthDecisionLabel: Record<CardAuthDecision, string> = {
  allow: '允许',
  excess: '超额自付',
  refuse: '拒绝',
};
export const CardAuthorizeReply = z.object({
  auth_id: z.string(),
  decision: z.enum(CARD_AUTH_DECISIONS),
  decisionText: z.string(),
  /** Taken from the card (分). */
  company_pays: z.number(),
  /** The excess the holder pays (分). */
  employee_pays: z.number(),
  /** The card's balance after this authorisation. */
  balance: z.number(),
  /** Every reason that spoke (the card's own checks and the scene's rules), in Chinese. */
  reasons: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type CardAuthorizeReply = z.infer<typeof CardAuthorizeReply>;

/** 撤销 (the whole authorisation) or 退款 (part of it, several times up to what was captured). */
export const CardReverseBody = z.object(labelled({ auth_id: authId.describe('授权号') }));
export const CardRefundBody = z.object(
  labelled({
    auth_id: authId.describe('授权号'),
    refund_id: authId.describe('退款号'),
    amount: fen('退款金额').refine((n) => n > 0, '须大于0'),
  }),
);
export const CardMoneyBackReply = z.object({
  auth_id: z.string(),
  /** What went back to the card by this call (0 on a replay that moved nothing). */
  amount: z.number(),
  balance: z.number(),
});
