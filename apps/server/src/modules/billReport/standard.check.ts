import type { AuditHit } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import { feeTypeIndex } from '../budget/index.js';
import { claimedFeesOfSubmitter } from '../flow/index.js';
import { cityOfPlaceName } from '../org/index.js';
// The standards area's own door: spend/index.ts reaches auth, which imports billReport (a circle).
import {
  checkAgainstStandard,
  standardFor,
  type SpendFacts,
  type StandardQuery,
} from '../spend/standards/index.js';
import { chinaDay, chinaDayMs, DAY_MS, yuan } from './billReport.errors.js';

/**
 * 差旅标准 / 费用标准 on a submitted 报销单 (issue 21): each fee line judged against the submitter's standard
 * through the spend module's standards door. 住宿费 lines against the hotel standard (nights and city of the
 * trip covering the line's date), every other fee type against its 费用标准 (a day or month cap counts what the
 * submitter already claimed of that type in the period). The standard's 管控设置 decides: 禁止 → a block
 * (submit refused), 审批 / 员工自付 → a flag the approvers see. Lines within the standard or without one add
 * nothing. The project has no 差旅补贴 fee type, so the allowance standard has no line to judge.
 */

/** What of a document the check reads (auditRule.check's BillUnderCheck has it). */
interface BillUnderCheck {
  id: number;
  billType: string;
  submitterId: number;
  /** `category`: the fee type's root in the tenant's tree (standards are set on the nine roots). */
  fees: { feeType: string; category: string; feeTypeText: string; amount: number; feeDate: number }[];
  trips: { startDate: number; endDate: number; locationCus: string }[];
}

/** Not a stored 智能规则集 rule: its hits carry id 0. */
export const STANDARD_RULE_ID = 0;
export const STANDARD_RULE_KIND = 'overStandard';

/** The trip whose days hold the China day `at` (its end day included). */
function tripCovering(bill: BillUnderCheck, at: number) {
  return bill.trips.find((t) => at >= t.startDate && at < t.endDate + DAY_MS);
}

/** [from, to) of the China day or month holding `at`. */
function periodOf(period: 'day' | 'month', at: number) {
  const day = chinaDay(at);
  if (period === 'day') {
    const from = chinaDayMs(day);
    return { from, to: from + DAY_MS };
  }
  const [y, m] = day.slice(0, 7).split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from: chinaDayMs(`${day.slice(0, 7)}-01`), to: chinaDayMs(next) };
}

interface Line {
  index: number;
  /** The fee type's root category: standards are set on the nine roots. */
  feeType: string;
  feeTypeText: string;
  amount: number;
  feeDate: number;
  query: StandardQuery;
  spend: SpendFacts;
  period?: { from: number; to: number };
}

/**
 * The over-standard hits of an expense document: `blocks` (control 禁止) and `flags` (审批, 员工自付). Other
 * document types, and a submitter who is no active staff member, have none. Per line one or two resolutions
 * of the standards door (cached per tenant) plus one statement for what was claimed in the periods.
 */
export async function standardHits(
  db: Db,
  tenantId: number,
  bill: BillUnderCheck,
): Promise<{ blocks: AuditHit[]; flags: AuditHit[] }> {
  const out = { blocks: [] as AuditHit[], flags: [] as AuditHit[] };
  if (bill.billType !== 'expense' || bill.fees.length === 0) return out;

  const lines: Line[] = [];
  // lines of one fee type, city and day share their standard: resolved once
  const answers = new Map<string, ReturnType<typeof standardFor>>();
  for (const [index, f] of bill.fees.entries()) {
    if (f.amount <= 0) continue;
    const trip = tripCovering(bill, f.feeDate);
    const city = trip ? cityOfPlaceName(trip.locationCus)?.code : undefined;
    const base = { staffId: bill.submitterId, city, at: f.feeDate };
    if (f.category === 'hotel') {
      const nights = trip ? Math.max(1, Math.round((trip.endDate - trip.startDate) / DAY_MS)) : 1;
      lines.push({
        index,
        feeType: f.category,
        feeTypeText: f.feeTypeText,
        amount: f.amount,
        feeDate: f.feeDate,
        query: { ...base, kind: 'hotel' },
        spend: { amount: f.amount, nights },
      });
      continue;
    }
    const query: StandardQuery = { ...base, kind: 'fee', feeType: f.category };
    const key = `${f.category}|${city ?? ''}|${f.feeDate}`;
    if (!answers.has(key)) answers.set(key, standardFor(db, tenantId, query));
    const answer = await answers.get(key);
    // no staff record, or no 费用标准 for this fee type: nothing to judge
    if (!answer?.limit) continue;
    const period = answer.limit.period;
    lines.push({
      index,
      feeType: f.category,
      feeTypeText: f.feeTypeText,
      amount: f.amount,
      feeDate: f.feeDate,
      query,
      spend: { amount: f.amount },
      period: period === 'day' || period === 'month' ? periodOf(period, f.feeDate) : undefined,
    });
  }

  // What the submitter claimed of these categories (their fee types and every one below) in the periods on
  // other documents (one statement), each claim counted under its root category.
  const periodic = lines.filter((l) => l.period);
  const tree = periodic.length ? await feeTypeIndex(db, tenantId) : undefined;
  const claimed = tree
    ? (
        await claimedFeesOfSubmitter(db, tenantId, {
          submitterId: bill.submitterId,
          exceptBillId: bill.id,
          feeTypes: [...new Set(periodic.flatMap((l) => tree.under(l.feeType)))],
          from: Math.min(...periodic.map((l) => l.period!.from)),
          to: Math.max(...periodic.map((l) => l.period!.to)),
        })
      ).map((x) => ({ ...x, feeType: tree.rootOf(x.feeType) }))
    : [];
  const own = bill.fees.map((f) => ({ feeType: f.category, amount: f.amount, feeDate: f.feeDate }));

  for (const l of lines) {
    if (l.period) {
      const { from, to } = l.period;
      const inPeriod = (x: { feeType: string; feeDate: number }) =>
        x.feeType === l.feeType && x.feeDate >= from && x.feeDate < to;
      // other documents, and the lines before this one on this document
      const used =
        claimed.filter(inPeriod).reduce((s, x) => s + x.amount, 0) +
        own
          .slice(0, l.index)
          .filter(inPeriod)
          .reduce((s, x) => s + x.amount, 0);
      l.spend.used = used;
    }
    const voice = await checkAgainstStandard(db, tenantId, l.query, l.spend);
    if (voice.effect === 'pass' || !voice.standard) continue;
    const label = `第${l.index + 1}条费用（${l.feeTypeText}）`;
    const hit: AuditHit = {
      ruleId: STANDARD_RULE_ID,
      ruleName: l.query.kind === 'hotel' ? '差旅标准' : '费用标准',
      ruleKind: STANDARD_RULE_KIND,
      action: voice.effect === 'refuse' ? 'block' : 'flag',
      message: `${label}${voice.message}`,
      detail: `${voice.standard.text}；管控：${voice.standard.controlText}${
        voice.effect === 'excess' && voice.over > 0 ? `；超标 ${yuan(voice.over)} 由员工自付` : ''
      }`,
    };
    (hit.action === 'block' ? out.blocks : out.flags).push(hit);
  }
  return out;
}
