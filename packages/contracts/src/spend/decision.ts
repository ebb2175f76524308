import { z } from 'zod';

/**
 * The one decision (issue 21 "One decision, explained"): what the rule engine answers for every spend —
 * a channel order, a card payment, the scene check of a document — and what is stored with the order and
 * shown on its detail and to the channel.
 *
 * - allow: inside every rule; the company pays all.
 * - excess: over an amount rule, but the scene's excess_pay_type lets the employee pay the part over
 *   (自费/混合支付); companyPays + employeePays = amount.
 * - approval: out of policy but may go ahead once approved (超标审批); the reason is in the voices.
 * - refuse: a rule forbids it; nothing is paid.
 */
export const Verdict = z.enum(['allow', 'excess', 'approval', 'refuse']);
export type Verdict = z.infer<typeof Verdict>;
export const VerdictLabel: Record<Verdict, string> = {
  allow: '允许',
  excess: '超额自付',
  approval: '需审批',
  refuse: '拒绝',
};

/** What one rule said: its component key (spec 3 rule component keys), a stable code and a Chinese sentence. */
export const RuleVoice = z.object({
  /** Rule component key (use_time, day_amount, takeout…) or 'quota' / 'scene' / 'scope'. */
  rule: z.string(),
  /** Stable machine code, e.g. USE_TIME_OUTSIDE, DAY_AMOUNT_EXCEEDED. */
  code: z.string(),
  effect: z.enum(['pass', 'excess', 'approval', 'refuse']),
  /** The sentence shown to the employee, the approver and the channel, e.g. 不在可用时段（11:00–13:30）内. */
  message: z.string(),
});
export type RuleVoice = z.infer<typeof RuleVoice>;

/** What is left at one level after this spend would be taken (money in 分; counts for order_number). */
export const LevelLeft = z.object({
  level: z.enum(['order', 'day', 'week', 'month', 'year', 'scene', 'quota', 'count']),
  /** The rule's limit; null when the level has no limit. */
  limit: z.number().nullable(),
  /** Already used in the period before this spend. */
  used: z.number(),
  /** limit − used, never below 0; null when unlimited. */
  left: z.number().nullable(),
});
export type LevelLeft = z.infer<typeof LevelLeft>;

export const Decision = z.object({
  verdict: Verdict,
  sceneId: z.number(),
  /** The published scene version the decision was made with (the versioned-design store). */
  sceneVersion: z.number(),
  amount: z.number(),
  companyPays: z.number(),
  employeePays: z.number(),
  /** Every rule that spoke, in the order they were checked; a refusal's first refuse voice names the rule. */
  voices: z.array(RuleVoice),
  left: z.array(LevelLeft),
  decidedAt: z.number(),
});
export type Decision = z.infer<typeof Decision>;
