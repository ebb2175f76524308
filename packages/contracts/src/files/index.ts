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

// ---- Signed uploads (spec 7.12, 3 "Upload signing params") ----

/** Directories a signed upload may name; the server scopes each to the caller's tenant. */
export const UPLOAD_DIRS = ['invoice', 'attachment', 'bill'] as const;
export type UploadDir = (typeof UPLOAD_DIRS)[number];

/** Policy lifetime bounds, seconds (spec: expire 86400). */
export const UPLOAD_EXPIRE_MIN_S = 60;
export const UPLOAD_EXPIRE_MAX_S = 7 * 86_400;
export const UPLOAD_EXPIRE_DEFAULT_S = 86_400;

export const FileSignQuery = z.object({
  expire: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(UPLOAD_EXPIRE_MIN_S, `不能少于${UPLOAD_EXPIRE_MIN_S}秒`)
    .max(UPLOAD_EXPIRE_MAX_S, `不能超过${UPLOAD_EXPIRE_MAX_S}秒`)
    .default(UPLOAD_EXPIRE_DEFAULT_S)
    .describe('有效期'),
  dir: z
    .enum(UPLOAD_DIRS, `应为 ${UPLOAD_DIRS.join('、')} 之一`)
    .default('invoice')
    .describe('上传目录'),
});

/**
 * Upload signing params: dir, policy, access_id, signature, host (spec 3). `dir` is the key
 * prefix the policy allows (`invoice/t<tenant>/`); `expire` is when the policy ends (epoch
 * seconds); `fields` are the form fields to post besides `key` and `file`, exactly as given
 * (the embedded store's OSS-style names, or an S3 store's X-Amz-* fields).
 */
export const FileSignReply = z.object({
  dir: z.string(),
  policy: z.string(),
  access_id: z.string(),
  signature: z.string(),
  host: z.string(),
  expire: z.number().int(),
  max_size: z.number().int(),
  fields: z.record(z.string(), z.string()),
});
export type FileSignReply = z.infer<typeof FileSignReply>;

/** What the embedded store answers a stored upload (success_action_status 200). */
export const FileUploadReply = z.object({
  key: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type FileUploadReply = z.infer<typeof FileUploadReply>;

// ---- Merge for printing (spec 7.8 file/merge, 5 print rules) ----

/** Types merged into the print PDF; anything else is listed singly (spec 5). */
export const MERGEABLE_FILE_TYPES = ['jpg', 'jpeg', 'png', 'pdf'] as const;

export const FileMergeItem = z.object({
  filePath: z.string('不能为空').min(1, '不能为空').max(300, '不能超过300个字符').describe('文件路径'),
  fileType: z.string('不能为空').min(1, '不能为空').max(20, '不能超过20个字符').describe('文件类型'),
  fileName: z.string().max(200, '不能超过200个字符').optional().describe('文件名'),
  remark: z.string().max(200, '不能超过200个字符').optional().describe('备注'),
});
export type FileMergeItem = z.infer<typeof FileMergeItem>;

export const FileMergeBody = z.object({
  items: z
    .array(FileMergeItem, '必须是数组')
    .min(1, '请至少选择一个文件')
    .max(100, '一次最多合并100个文件')
    .describe('文件'),
  preview: z.boolean('必须是布尔值').optional().describe('预览'),
  direction: z.enum(['VERTICAL'], '仅支持 VERTICAL').default('VERTICAL').describe('合并方向'),
});
export type FileMergeBody = z.input<typeof FileMergeBody>;

export const FileMergeReply = z.object({
  /** Signed, expiring link to the merged PDF; null when no item could be merged. */
  url: z.string().nullable(),
  /** How many items went into the PDF. */
  merged: z.number().int(),
  /** Items not merged (other types), each with its own signed link. */
  items: z.array(
    z.object({
      filePath: z.string(),
      fileType: z.string(),
      fileName: z.string(),
      remark: z.string(),
      url: z.string(),
    }),
  ),
});
export type FileMergeReply = z.infer<typeof FileMergeReply>;
