/** What the files module offers the rest of the server. */
export { registerFileRoutes } from './files.routes.js';
export type { FileKeyAccess } from './merge.service.js';
/** A tenant's uploaded objects: stat, read, signed download/preview links (keys outside its prefix refused). */
export { isTenantKey, readTenantFile, signedFileUrl, statTenantFile, tenantDir } from './objects.service.js';
/** Who uploaded a key (upload_grants): other modules accept a key from its uploader (decision 0033). */
export { isOwnUpload, uploaderOf } from './grants.repo.js';
/** The reply to a key that does not exist, for a module refusing a key that is not the caller's the same way. */
export { missingFileError } from './objects.service.js';
/**
 * Print PDFs: merge in order, or 1/2/4 items per A4 page with remarks (the invoice export) — on the PDF
 * thread, every file checked against FILE_LIMITS first (decision 0032).
 */
export { A4, PdfSourceError, type DisplayMode, type PdfSource, type PdfSourceKind } from './pdf.js';
export { closePdfThread, layoutPerPage, mergeVertical } from './pdfThread.js';
