import { periodRange, type PeriodUnit } from '../../../platform/time/periods.js';
import type { GrantSpec } from './quota.ledger.js';
import { quotaErrors } from './quota.errors.js';

/** The valid and clear-up periods of a plan or a manual release (spec 3). */
export interface Validity {
  valid_period: number;
  valid_days?: number | null;
  valid_until?: number | null;
  clear_period: number;
}

const DAY = 86_400_000;
const CLEAR_UNIT: Record<number, PeriodUnit | null> = { 1: null, 2: 'day', 3: 'week', 4: 'month' };
const VALID_UNIT: Record<number, PeriodUnit> = { 2: 'day', 3: 'week', 4: 'month' };

/** Refuses a validity that cannot give an expiry (days missing, a date in the past). */
export function checkValidity(v: Validity, now: number) {
  if (v.valid_period === 1 && !v.valid_days) throw quotaErrors.validInvalid('请填写有效天数');
  if (v.valid_period === 5) {
    if (!v.valid_until) throw quotaErrors.validInvalid('请选择有效期截止日期');
    if (v.valid_until <= now) throw quotaErrors.validInvalid('有效期截止日期须晚于现在');
  }
}

/**
 * When what is granted at `at` stops: the earlier of its valid period's end and its clear-up period's
 * end, in the tenant's zone (a day, week or month ends at local midnight). Valid period 6 (with the
 * application) is the apply flow's: the grant itself does not expire. The kind says which took it back.
 */
export function grantSpecOf(v: Validity, at: number, tz?: string): GrantSpec {
  let valid: number | null = null;
  if (v.valid_period === 1) valid = periodRange(at + ((v.valid_days ?? 1) - 1) * DAY, 'day', tz)[1];
  else if (VALID_UNIT[v.valid_period]) valid = periodRange(at, VALID_UNIT[v.valid_period]!, tz)[1];
  else if (v.valid_period === 5) valid = v.valid_until ?? null;
  const unit = CLEAR_UNIT[v.clear_period] ?? null;
  const clear = unit ? periodRange(at, unit, tz)[1] : null;
  if (clear !== null && (valid === null || clear <= valid)) return { expiresAt: clear, expireKind: 'clear' };
  return { expiresAt: valid, expireKind: 'expire' };
}
