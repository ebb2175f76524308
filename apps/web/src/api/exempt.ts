/**
 * Paths of spec §7.1 that are "exempt from some common behaviour".
 *
 * We exempt them from duplicate-request cancelling. Every one of them is legitimately called several
 * times at once with different payloads: OCR / QR / manual checks of a batch of invoice images, saving
 * several fees or trip items in parallel, list pages loaded per tab, and selects or autocompletes that
 * fire per row. Cancelling "the earlier request with the same method + URL" there would silently drop
 * real work (an invoice never saved, a row never loaded), so these calls are never cancelled.
 */
export const EXEMPT_PATHS: readonly string[] = [
  '/api/web/invoice/saveInvoices',
  '/api/web/invoice/saveHandInput',
  '/api/web/invoice/qrcodeCheck',
  '/api/web/invoice/ocrCutting',
  '/api/web/invoice/ocrCorrect',
  '/api/web/invoice/ocrCheck',
  '/api/web/invoice/handCheck',
  '/api/web/invoice/sellerPage',
  '/api/web/invoice/pageList',
  '/api/web/invoice/pageList/bill',
  '/api/web/invoice/buyerPage',
  '/api/web/tag/select',
  '/api/web/tag/invoice/relate/num',
  '/api/app/flow/relateBillPageList',
  '/api/web/flow/relateBillPageList',
  '/api/web/consumerOrder/findByUserId',
  '/api/app/consumerOrder/findByUserId',
  '/api/web/bill/fee/saveFee',
  '/api/web/bill/fee/editFee',
  '/api/web/trip/item/saveTripItem',
  '/api/web/trip/item/editTripItem',
];

/** The path of a URL without origin, query, hash or trailing slash. */
export function pathOf(url: string): string {
  const noOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  return noOrigin.split(/[?#]/)[0].replace(/\/+$/, '');
}

/**
 * True when the URL is one of the exempt paths. The list holds paths below a family prefix
 * (/invoice/api/web/invoice/pageList ends with /api/web/invoice/pageList), so we match the end of the
 * path exactly: /api/web/invoice/record/pageList is NOT exempt.
 */
export function isExemptPath(url: string): boolean {
  const path = pathOf(url);
  return EXEMPT_PATHS.some((p) => path === p || path.endsWith(p));
}
