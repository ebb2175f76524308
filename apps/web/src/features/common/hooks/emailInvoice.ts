import { queryOptions } from '@tanstack/react-query';
import { MailAttachmentStatus, MailStatus } from '@feikong/contracts';
import {
  invoiceMailApi,
  type MailAddress,
  type MailAttachment,
  type MailListItem,
  type MailListQuery,
} from '@/api/invoiceMail';

/** 专属邮箱: query options and how each result is shown (the list's URL is the frame's, components/ListPage). */

/** While a mail is still being recognised the list and the detail refresh by themselves. */
export const EMAIL_POLL_MS = 3000;

export const emailKeys = {
  all: ['invoiceMail'] as const,
  address: ['invoiceMail', 'address'] as const,
  list: (q: MailListQuery) => ['invoiceMail', 'list', q] as const,
  detail: (id: number) => ['invoiceMail', 'detail', id] as const,
};

export const emailAddressQuery = queryOptions({
  queryKey: emailKeys.address,
  queryFn: ({ signal }) => invoiceMailApi.address(signal),
  retry: false,
});

export const MAIL_STATUS_OPTIONS = [
  { value: MailStatus.pending, label: '待识别' },
  { value: MailStatus.recognized, label: '已导入' },
  { value: MailStatus.partial, label: '部分失败' },
  { value: MailStatus.failed, label: '导入失败' },
  { value: MailStatus.noInvoice, label: '无发票附件' },
];

/** A refusal because the invoice exists already (the server names who entered it and when). */
export const isDuplicateReason = (reason: string | null | undefined) =>
  !!reason && /不能重复录入/.test(reason);

/** A mail's result in the list: imported, refused as a duplicate, failed … at a glance. */
export function mailResult(
  m: Pick<MailListItem, 'status' | 'recognized_count' | 'failed_count' | 'failure_reason'>,
): { text: string; color: string } {
  switch (m.status) {
    case MailStatus.pending:
      return { text: '识别中', color: 'processing' };
    case MailStatus.recognized:
      return { text: `已导入 ${m.recognized_count} 个附件`, color: 'success' };
    case MailStatus.partial:
      return { text: `导入 ${m.recognized_count} 个，失败 ${m.failed_count} 个`, color: 'warning' };
    case MailStatus.failed:
      return isDuplicateReason(m.failure_reason)
        ? { text: '重复发票，已拒绝', color: 'warning' }
        : { text: '导入失败', color: 'error' };
    case MailStatus.noInvoice:
      return { text: '没有发票附件', color: 'default' };
    default:
      return { text: '未知状态', color: 'default' };
  }
}

/** An attachment's outcome on the detail page. */
export function attachmentOutcome(a: Pick<MailAttachment, 'status' | 'reason' | 'invoice_ids'>): {
  kind: 'pending' | 'imported' | 'duplicate' | 'failed';
  text: string;
  retry: boolean;
} {
  if (a.status === MailAttachmentStatus.recognized)
    return { kind: 'imported', text: `已导入 ${a.invoice_ids.length} 张发票`, retry: false };
  if (a.status === MailAttachmentStatus.pending) return { kind: 'pending', text: '识别中', retry: false };
  if (isDuplicateReason(a.reason)) return { kind: 'duplicate', text: a.reason ?? '', retry: true };
  return { kind: 'failed', text: a.reason || '识别失败', retry: true };
}

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10}MB`;

/** The instructions under the address, from the receiver's own limits. */
export function limitTexts(l: MailAddress['limits']): string[] {
  return [
    `支持的附件：${l.file_types.map((t) => t.toUpperCase()).join('、')} 格式的电子发票`,
    `每封邮件不超过 ${mb(l.max_message_bytes)}，最多 ${l.max_attachments} 个附件`,
    `单个附件不超过 ${mb(l.max_attachment_bytes)}，附件合计不超过 ${mb(l.max_total_attachment_bytes)}`,
  ];
}

/** Whether anything on the page is still being recognised (then it refreshes). */
export const anyPending = (statuses: readonly number[] | undefined) =>
  !!statuses?.some((s) => s === MailStatus.pending);
