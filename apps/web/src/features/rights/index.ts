// What the rights feature offers the shell (expiry prompt, version notice bar) and home (banners, products).
export { useExpiryPrompt, type ExpiryPromptControl } from './components/ExpiryPrompt';
export { VersionNoticeBar, type VersionNotice } from './components/VersionNoticeBar';
export { useVersionNoticesSettled } from './hooks/notices';
export { bannersQuery, tenantProductsQuery } from './hooks/rights';
export { dateOfSeconds, expiryDateOfSeconds, purchasePath, RIGHTS_PERM, RIGHTS_ROUTES } from './rules';
// The transfer receipt control and list (the cashier's), reused by the organisation account's recharge.
export {
  ReceiptList,
  ReceiptUpload,
  uploadedReceiptIds,
  type ReceiptUploadFile,
} from './components/Receipts';
