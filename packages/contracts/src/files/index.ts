import { z } from 'zod';

/**
 * Signed file downloads (the links the task centre and other modules hand out). The reply is the
 * file itself, not an envelope, so the route declares `config.rawReply` instead of a reply schema.
 */

/** Every part may be missing or wrong: the service answers 链接无效 rather than a field error. */
export const FileDownloadQuery = z.object({
  key: z.string().max(500).optional().describe('文件'),
  name: z.string().max(300).optional().describe('文件名'),
  expires: z.string().max(20).optional().describe('过期时间'),
  sig: z.string().max(200).optional().describe('签名'),
});
