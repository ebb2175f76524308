/**
 * 差旅与费用标准 (issue 21; decision 0047): the settings centre's 标准设置, 差旅标准, 费用标准, 管控设置, and the
 * door the rule engine and the documents use — standardFor (what applies) and checkAgainstStandard (a rule
 * voice for one spend, its effect per 管控设置). Both resolve from a per-tenant cache checked against the
 * settings row's version on every call.
 */
import type { StandardAnswer, StandardVoice } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { judge, resolveStandard, type SpendFacts, type StandardQuery } from './resolve.js';

export { registerStandardRoutes, StandardPerm } from './standards.routes.js';
export type { SpendFacts, StandardQuery } from './resolve.js';

/**
 * The standard that applies to a person (userId, or staffId) for a kind in a city at a time: the limit (null =
 * no standard, no limit), the control over it and the sentence 「P3 在一线城市的住宿标准为 ¥500.00/晚」.
 * undefined when the person is no active staff member of the tenant.
 */
export async function standardFor(
  db: Db,
  tenantId: number,
  q: StandardQuery,
): Promise<StandardAnswer | undefined> {
  const r = await resolveStandard(db, tenantId, q);
  if (!r) return undefined;
  const { cityName: _c, ...answer } = r;
  return answer;
}

/**
 * A spend against its standard as one rule voice (rule `standard_<kind>`): pass, or the control's effect with
 * the sentence 「超出住宿标准：上海 ¥650.00/晚，标准 ¥500.00/晚」; `over` is the employee's part when the control
 * is 员工自付. A person who is no active staff member: a pass voice saying so (the scene's scope decides who may spend).
 */
export async function checkAgainstStandard(
  db: Db,
  tenantId: number,
  q: StandardQuery,
  spend: SpendFacts,
): Promise<StandardVoice & { standard: StandardAnswer | null }> {
  const r = await resolveStandard(db, tenantId, q);
  if (!r)
    return {
      rule: `standard_${q.kind}`,
      code: 'NO_STAFF',
      effect: 'pass',
      message: '不是在职员工，不适用标准',
      over: 0,
      standard: null,
    };
  const { cityName: _c, ...standard } = r;
  return { ...judge(r, spend), standard };
}
