/**
 * Paths of spec §7.1 that are "exempt from some common behaviour": the list and its matcher live in
 * @feikong/contracts (EXEMPT_PATHS, isExemptPath); this module re-exports them for the client.
 *
 * We exempt them from duplicate-request cancelling. Every one of them is legitimately called several
 * times at once with different payloads: OCR / QR / manual checks of a batch of invoice images, saving
 * several fees or trip items in parallel, list pages loaded per tab, and selects or autocompletes that
 * fire per row. Cancelling "the earlier request with the same method + URL" there would silently drop
 * real work (an invoice never saved, a row never loaded), so these calls are never cancelled.
 */
export { EXEMPT_PATHS, isExemptPath } from '@feikong/contracts';

/** The path of a URL without origin, query, hash or trailing slash. */
export function pathOf(url: string): string {
  const noOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  return noOrigin.split(/[?#]/)[0].replace(/\/+$/, '');
}
