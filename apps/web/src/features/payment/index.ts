// 付款管理 (issue 21): its screens (待支付单据, 付款批次, 批次详情) are loaded lazily by app/screenRegistry.ts;
// the bill detail page shows a document's 支付信息 through BillPaymentBlock.
export { BillPaymentBlock } from './components/BillPaymentBlock';
