// What the rights feature offers the shell (expiry prompt, version notice bar) and home (banners, products).
export { useExpiryPrompt, type ExpiryPromptControl } from './components/ExpiryPrompt';
export { readDismissed, saveDismissed, useVersionNotices, useVersionNoticesSettled } from './hooks/notices';
export { bannersQuery, tenantProductsQuery } from './hooks/rights';
export {
  alertTypeOf,
  dateOfSeconds,
  expiryDateOfSeconds,
  noticeOrderPath,
  purchasePath,
  RIGHTS_PERM,
  RIGHTS_ROUTES,
  visibleNotices,
} from './rules';
