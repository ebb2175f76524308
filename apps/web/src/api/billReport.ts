import type {
  AuditResult as AuditResultSchema,
  AuditRule as AuditRuleSchema,
  AuditRuleAddBody,
  AuditRuleKind,
  AuditRuleUpdateBody,
  ClaimSetting,
  EfficiencyDetailPage as EfficiencyDetailPageSchema,
  EfficiencyDetailQuery,
  EfficiencyQuery,
  EfficiencyReport as EfficiencyReportSchema,
  SpendLinePage as SpendLinePageSchema,
  SpendLineQuery,
  SpendQuery,
  SpendReport as SpendReportSchema,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 智能规则集 (/finobill/api/web/auditRule/), 单据分析 and 费用分析 (/finobill/api/web/billAnalysis/),
// designed in docs/decisions/0023-audit-rules-and-bill-analysis.md. Money in 分; dates YYYY-MM-DD.

const RULE = '/finobill/api/web/auditRule';
const ANALYSIS = '/finobill/api/web/billAnalysis';

type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;

export type AuditRule = Out<typeof AuditRuleSchema>;
export type AuditResult = Out<typeof AuditResultSchema>;
export type AuditRuleInput = In<typeof AuditRuleAddBody>;
export type EfficiencyReport = Out<typeof EfficiencyReportSchema>;
export type EfficiencyStat = EfficiencyReport['summary'];
export type EfficiencyFilter = In<typeof EfficiencyQuery>;
export type EfficiencyDetailPage = Out<typeof EfficiencyDetailPageSchema>;
export type EfficiencyDetailRow = EfficiencyDetailPage['items'][number];

export type SpendFilter = In<typeof SpendQuery>;
export type SpendLineFilter = In<typeof SpendLineQuery>;
export type SpendReport = Out<typeof SpendReportSchema>;
export type SpendGroupRow = SpendReport['groups'][number];
export type SpendLinePage = Out<typeof SpendLinePageSchema>;
export type SpendLineRow = SpendLinePage['items'][number];

const q = (o: object) => o as Encodable;

export const billReportApi = {
  ruleList: (filter: { ruleKind?: AuditRuleKind; keyword?: string }, signal?: AbortSignal) =>
    http.get<{ items: AuditRule[] }>(`${RULE}/list`, q(filter), { signal }),
  /** The dialog shows field errors by their inputs. */
  ruleAdd: (body: AuditRuleInput) => http.post<AuditRule>(`${RULE}/add`, body, { handleFieldErrors: true }),
  ruleUpdate: (body: In<typeof AuditRuleUpdateBody>) =>
    http.post<AuditRule>(`${RULE}/update`, body, { handleFieldErrors: true }),
  ruleEnable: (id: number, enabled: boolean) => http.post<AuditRule>(`${RULE}/enable`, { id, enabled }),
  ruleDelete: (id: number) => http.post<null>(`${RULE}/delete`, { id }),
  /** 超额报销: whether a fee line may claim more than its invoices have left (with 超额说明). */
  claimSetting: (signal?: AbortSignal) => http.get<ClaimSetting>(`${RULE}/setting`, undefined, { signal }),
  saveClaimSetting: (allowOverClaim: boolean) =>
    http.post<ClaimSetting>(`${RULE}/setting`, { allowOverClaim }),
  /** Runs the enabled rules on one of the caller's documents (the edit page, before submitting). */
  check: (id: number) => http.post<AuditResult>(`${RULE}/check`, { id }),

  efficiency: (filter: EfficiencyFilter, signal?: AbortSignal) =>
    http.get<EfficiencyReport>(`${ANALYSIS}/efficiency`, q(filter), { signal }),
  details: (filter: In<typeof EfficiencyDetailQuery>, signal?: AbortSignal) =>
    http.get<EfficiencyDetailPage>(`${ANALYSIS}/details`, q(filter), { signal }),
  /** 费用分析: money by one dimension, with the month trend. */
  spend: (filter: SpendFilter, signal?: AbortSignal) =>
    http.get<SpendReport>(`${ANALYSIS}/spend`, q(filter), { signal }),
  /** The fee lines behind one group's figure (key), or behind the whole range. */
  spendLines: (filter: SpendLineFilter, signal?: AbortSignal) =>
    http.get<SpendLinePage>(`${ANALYSIS}/spendLines`, q(filter), { signal }),
};
