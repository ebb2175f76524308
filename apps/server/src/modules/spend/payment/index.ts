/**
 * 付款管理 (issue 21 "Payment"; decision 0045): approved 报销单 and 借款单 paid in batches to the submitter's
 * bank card, the bank file (task 40), the result import (task 41), one ledger row per paid document.
 */
export { registerPaymentRoutes } from './payment.routes.js';
