/** 单据打印: the print view of the /web-form-print/ sub-app and the 打印 buttons of the bill pages. */
export { BillPrintView } from './BillPrintView';
export { BillPrintSheet } from './BillPrintSheet';
export { BillDocumentView } from './BillDocumentView';
export { BillBatchPrintButton, BillPrintButton, openBillPrint } from './BillPrintButtons';
export { isDeveloperMode, DEVELOPER_MODE_KEY } from './developerMode';
export { PRINT_APP_BASE, printAppUrl, readPrintIds } from './printTarget';
