/** What the invoice module offers the rest of the server: its routes and the verification provider contract. */
export { registerInvoiceRoutes } from './invoice.routes.js';
export {
  localVerificationProvider,
  type VerificationProvider,
  type CheckedInvoice,
} from './verification/verification.service.js';
export { InvoicePerm, type SupportBill, type SupportBillLookup } from './core/invoice.service.js';
export { invoiceMailIngest } from './mail/mailIngest.service.js';
/** Whether a caller may name a stored key: their upload, or a file of an invoice they may read (decision 0033). */
export { mayUseFileKey } from './fileKey.service.js';
export { VoucherPerm } from './voucher/voucher.service.js';
export { registerDueRoutes } from './due/due.routes.js';
export {
  assertClaims,
  billInvoices,
  checkInvoicesForBill,
  claimPlan,
  planClaims,
  yuanText,
  type ClaimLine,
  type ClaimPlan,
  type OverClaim,
  ownInvoiceIds,
  releaseInvoices,
  releaseInvoicesOfBills,
  reserveInvoicesForBill,
  settleInvoices,
  settleInvoicesOfBills,
  type BillInvoice,
} from './billLink/billLink.service.js';
/** An OFD invoice's pages drawn as JPEGs for a print PDF, off the request thread (decision 0038). */
export { ofdPrintPages } from './recognise/recognise.service.js';
export type { OfdPrintResult } from './ofdPrint/ofdPrint.js';
