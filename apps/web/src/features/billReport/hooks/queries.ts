import { queryOptions } from '@tanstack/react-query';
import type { AuditRuleKind } from '@feikong/contracts';
import {
  billReportApi,
  type EfficiencyFilter,
  type SpendFilter,
  type SpendLineFilter,
} from '@/api/billReport';

export const BILL_REPORT_PERM = {
  ruleView: 'auditRule:view',
  ruleEdit: 'auditRule:edit',
  analysisView: 'billAnalysis:view',
  analysisExport: 'billAnalysis:export',
  flowView: 'flowList:view',
} as const;

export const billReportKeys = {
  rules: ['billReport', 'rules'] as const,
  claimSetting: ['billReport', 'claimSetting'] as const,
  ruleList: (kind?: AuditRuleKind, keyword?: string) =>
    ['billReport', 'rules', kind ?? 'all', keyword ?? ''] as const,
  efficiency: (f: EfficiencyFilter) => ['billReport', 'efficiency', f] as const,
  details: (f: EfficiencyFilter & { pageNum: number; pageSize: number }) =>
    ['billReport', 'details', f] as const,
  spend: (f: SpendFilter) => ['billReport', 'spend', f] as const,
  spendLines: (f: SpendLineFilter) => ['billReport', 'spendLines', f] as const,
};

export const auditRulesQuery = (kind?: AuditRuleKind, keyword?: string) =>
  queryOptions({
    queryKey: billReportKeys.ruleList(kind, keyword),
    queryFn: ({ signal }) =>
      billReportApi.ruleList({ ruleKind: kind, keyword: keyword || undefined }, signal),
  });

export const claimSettingQuery = queryOptions({
  queryKey: billReportKeys.claimSetting,
  queryFn: ({ signal }) => billReportApi.claimSetting(signal),
});

export const efficiencyQuery = (f: EfficiencyFilter) =>
  queryOptions({
    queryKey: billReportKeys.efficiency(f),
    queryFn: ({ signal }) => billReportApi.efficiency(f, signal),
  });

export const detailsQuery = (f: EfficiencyFilter & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: billReportKeys.details(f),
    queryFn: ({ signal }) => billReportApi.details(f, signal),
  });

export const spendQuery = (f: SpendFilter) =>
  queryOptions({
    queryKey: billReportKeys.spend(f),
    queryFn: ({ signal }) => billReportApi.spend(f, signal),
  });

export const spendLinesQuery = (f: SpendLineFilter) =>
  queryOptions({
    queryKey: billReportKeys.spendLines(f),
    queryFn: ({ signal }) => billReportApi.spendLines(f, signal),
  });

/** 元 as typed in a form → 分. */
export const toFen = (yuan: number | null | undefined) =>
  yuan === null || yuan === undefined ? undefined : Math.round(yuan * 100);
