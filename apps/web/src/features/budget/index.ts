// 预算 (issue 22, decision 0052): the list and detail screens are loaded lazily by app/screenRegistry.ts; the
// document detail shows each line's budget result (BillBudgetPanel).
export { BillBudgetPanel } from './components/BillBudgetPanel';
export { BUDGET_PERM } from './queries';
export { BudgetPreviewAlert } from './components/BudgetPreviewAlert';
export { useBudgetPreview, type PreviewLine } from './hooks/useBudgetPreview';
