import { z } from 'zod';
import { pageInfoSchema } from '../reply.js';

/** The notification centre (/notify-center/api/v1, spec §7.6): requests and replies. */

export const NotifyListQuery = z.object({
  keyword: z.string().max(100, '不能超过100个字符').optional().describe('关键字'),
  page_num: z.coerce.number().int('必须是整数').min(1, '必须大于等于1').default(1).describe('页码'),
  page_size: z.coerce
    .number()
    .int('必须是整数')
    .min(1, '必须大于等于1')
    .max(100, '不能超过100')
    .default(10)
    .describe('每页条数'),
  // unread | read (spec §7.6), or 0 | 1; empty or absent: both.
  status: z.enum(['', 'unread', 'read', '0', '1']).optional().describe('阅读状态'),
  // Every notification shows on every client; the parameter is accepted as the spec's client sends it.
  client_type: z.enum(['PC', 'APP', 'H5']).optional().describe('客户端类型'),
});

const hasAll = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional()
  .describe('全部标记为已读');
export const NotifyReadBody = z
  .object({
    id: z.coerce.number().int('必须是整数').positive('必须是正整数').optional().describe('通知ID'),
    hasAll,
  })
  .refine((b) => b.id !== undefined || b.hasAll === true, {
    message: '请指定要标记为已读的通知',
    path: ['id'],
  });

export const NotifyStreamQuery = z.object({
  token: z.string().max(200, '不能超过200个字符').optional().describe('登录令牌'),
});

/** A notification (spec §3). `time` in ms; `ext_params` a JSON string; status 0 unread, 1 read. */
export const Notification = z.object({
  id: z.number(),
  msg_name: z.string(),
  time: z.number(),
  title: z.string(),
  content: z.string(),
  action_code: z.number(),
  ext_params: z.string(),
  status: z.number(),
  read_at: z.number().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotifyPage = z.object({
  items: z.array(Notification),
  page: pageInfoSchema,
  unread_total: z.number(),
});
export type NotifyPage = z.infer<typeof NotifyPage>;

export const NotifyReadReply = z.object({ updated: z.number(), unread_total: z.number() });
export type NotifyReadReply = z.infer<typeof NotifyReadReply>;
