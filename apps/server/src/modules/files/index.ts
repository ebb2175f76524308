/** What the files module offers the rest of the server. */
export { registerFileRoutes } from './files.routes.js';
/** A tenant's uploaded objects: stat, read, signed download/preview links (keys outside its prefix refused). */
export { isTenantKey, readTenantFile, signedFileUrl, statTenantFile, tenantDir } from './objects.service.js';
/** Print PDFs: merge in order, or 1/2/4 items per A4 page with remarks (the invoice export). */
export {
  A4,
  layoutPerPage,
  mergeVertical,
  PdfSourceError,
  type DisplayMode,
  type PdfSource,
  type PdfSourceKind,
} from './pdf.js';
