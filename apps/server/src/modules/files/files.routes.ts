import { z } from 'zod';
import { PUBLIC } from '../../platform/context.js';
import { DOWNLOAD_PATH } from '../../platform/storage/signing.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import { contentDisposition, openSignedDownload } from './files.service.js';

/** Every part may be missing or wrong: the service answers 链接无效 rather than a field error. */
const DownloadQuery = z.object({
  key: z.string().max(500).optional().describe('文件'),
  name: z.string().max(300).optional().describe('文件名'),
  expires: z.string().max(20).optional().describe('过期时间'),
  sig: z.string().max(200).optional().describe('签名'),
});

/** Files: signed downloads (the links the task centre and other modules hand out). */
export function registerFileRoutes(app: ZodApp, deps: AppDeps) {
  const d = appServices(deps);
  // Public by design: a browser opens the link without the session header; the signature is the
  // credential (HMAC over key, name and expiry), and it expires.
  app.get(
    DOWNLOAD_PATH,
    { config: { permission: PUBLIC }, schema: { querystring: DownloadQuery, tags: ['files'] } },
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
