// 智能规则集 and 单据分析: their screens are loaded lazily by app/screenRegistry.ts; the bill edit page may
// run the rules on a draft before submitting through AuditResultAlert.
export { AuditResultAlert } from './components/AuditResultAlert';
// The printable /subForm/efficiencyAnalysisBillDetail and /subForm/efficiencyDetailsBillDetail pages, shown
// by the /web-form/ sub-app (each its own lazy chunk, with ECharts).
export { EFFICIENCY_PRINT_PAGES, efficiencyPrintUrl, type EfficiencyPrintPage } from './printQuery';
export const efficiencyPrintScreens = {
  efficiencyAnalysisBillDetail: () =>
    import('./pages/EfficiencyPrintPages').then((m) => ({ default: m.EfficiencyAnalysisPrintPage })),
  efficiencyDetailsBillDetail: () =>
    import('./pages/EfficiencyPrintPages').then((m) => ({ default: m.EfficiencyDetailsPrintPage })),
} as const;
