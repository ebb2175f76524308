/**
 * 采购管理 (client area purchasing; decision 0058): the screens (registered in app/screenRegistry), the purchase
 * lines the bill screens show for a 采购申请 (filling and 逐行审批), and the printable task detail of the form
 * sub-app (/subForm/purchaseTaskDetail/0/0).
 */
export {
  draftProblems,
  draftTotal,
  PurchaseLinesEditor,
  PurchaseLinesPanel,
  usePurchaseLines,
  type DraftLine,
} from './components/PurchaseLines';

export const purchasingPrintScreens = {
  purchaseTaskDetail: () => import('./pages/PurchaseTaskPrintPage'),
};
