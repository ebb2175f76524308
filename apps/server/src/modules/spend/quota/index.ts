/** The quota area's door (spend/quota, decision 0042): the ledger other areas (orders) move quota through. */
export { quotaLedger, createQuotaLedger } from './quota.ledger.js';
export { QuotaCode } from './quota.errors.js';
