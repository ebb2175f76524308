import { z } from 'zod';
import { UiType } from '../enums.js';

/**
 * Benefit modes (issue 21, decision 0046): the 福利首页 of a welfare / shop_welfare tenant's staff member —
 * their benefit balance per scene, the 节日福利 they may claim, and their recent benefit moves (releases,
 * claims, order spending and refunds) — all read from the quota ledger. Money in 分, times epoch ms.
 */
export const BenefitBalance = z.object({
  scene_id: z.number(),
  scene_name: z.string(),
  /** Spec 3 Category (1 mall … 14 general). */
  category: z.number(),
  balance: z.number(),
});
export type BenefitBalance = z.infer<typeof BenefitBalance>;

/** A 节日福利 the staff member may claim (or has claimed) while its claim window is open. */
export const FestivalOffer = z.object({
  id: z.number(),
  title: z.string(),
  scene_id: z.number(),
  scene_name: z.string(),
  /** 分 per person. */
  amount: z.number(),
  claim_from: z.number(),
  claim_until: z.number(),
  /** When the claimed amount expires on the ledger; null = never. */
  expires_at: z.number().nullable(),
  claimed: z.boolean(),
  claimed_at: z.number().nullable(),
});
export type FestivalOffer = z.infer<typeof FestivalOffer>;

export const BenefitMove = z.object({
  id: z.number(),
  scene_name: z.string(),
  /** Ledger kind: release, reset, debit, credit, expire, clear. */
  kind: z.string(),
  /** 分; negative when taken. */
  delta: z.number(),
  balance_after: z.number(),
  memo: z.string(),
  created_at: z.number(),
});
export type BenefitMove = z.infer<typeof BenefitMove>;

export const BenefitHome = z.object({
  user_name: z.string(),
  top_org_name: z.string(),
  ui_type: z.enum(UiType),
  /** 0 服务商支付, 1 企业自付. */
  orgcode_payer_type: z.number(),
  total_balance: z.number(),
  balances: z.array(BenefitBalance),
  festivals: z.array(FestivalOffer),
  recent: z.array(BenefitMove),
});
export type BenefitHome = z.infer<typeof BenefitHome>;

export const FestivalClaimBody = z
  .object({
    id: z.coerce
      .number({ error: '请选择节日福利' })
      .int('应为整数')
      .positive('应为正整数')
      .describe('节日福利ID'),
  })
  .describe('领取节日福利');
export type FestivalClaimBody = z.infer<typeof FestivalClaimBody>;

export const FestivalClaimReply = z.object({
  id: z.number(),
  scene_id: z.number(),
  granted: z.number(),
  balance: z.number(),
  claimed_at: z.number(),
});
export type FestivalClaimReply = z.infer<typeof FestivalClaimReply>;

const fen = (label: string) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .int(`${label}应为整数（分）`)
    .positive(`${label}应大于0`)
    .max(100_000_000, `${label}不能超过100万元`)
    .describe(`${label}（分）`);
const ms = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int()
    .positive(`请选择${label}`)
    .describe(`${label}（毫秒）`);

/** POST benefit/festival:create: a 节日福利 on one of the tenant's scenes, claimable by every staff member. */
export const FestivalCreateBody = z
  .object({
    scene_id: z.coerce
      .number({ error: '请选择福利场景' })
      .int()
      .positive('请选择福利场景')
      .describe('福利场景'),
    title: z
      .string({ error: '请输入福利名称' })
      .trim()
      .min(1, '请输入福利名称')
      .max(50, '福利名称不能超过50个字符')
      .describe('福利名称'),
    amount: fen('每人金额'),
    claim_from: ms('领取开始时间'),
    claim_until: ms('领取截止时间'),
    expires_at: ms('额度有效期').nullable().optional(),
  })
  .describe('新建节日福利');
export type FestivalCreateBody = z.infer<typeof FestivalCreateBody>;

export const FestivalListReply = z.object({
  items: z.array(
    FestivalOffer.omit({ claimed: true, claimed_at: true }).extend({
      claimed_people: z.number(),
      claimed_total: z.number(),
    }),
  ),
});
export type FestivalListReply = z.infer<typeof FestivalListReply>;
