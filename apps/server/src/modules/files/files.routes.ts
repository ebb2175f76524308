import { FileDownloadQuery } from '@feikong/contracts';
import { PUBLIC } from '../../platform/context.js';
import { DOWNLOAD_PATH } from '../../platform/storage/signing.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import { contentDisposition, openSignedDownload } from './files.service.js';

/** Files: signed downloads (the links the task centre and other modules hand out). */
export function registerFileRoutes(app: ZodApp, deps: AppDeps) {
  const d = appServices(deps);
  // Public by design: a browser opens the link without the session header; the signature is the
  // credential (HMAC over key, name and expiry), and it expires.
  app.get(
    DOWNLOAD_PATH,
    {
      // The reply is the file itself, not an envelope.
      config: { permission: PUBLIC, rawReply: true },
      schema: { querystring: FileDownloadQuery, tags: ['files'] },
    },
    async (req, reply) => {
      const file = await openSignedDownload(d, req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
}
