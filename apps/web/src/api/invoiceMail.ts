import type {
  MailAddress as MailAddressSchema,
  MailAttachment as MailAttachmentSchema,
  MailDetail as MailDetailSchema,
  MailPage as MailPageSchema,
  MailPageListBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import { http } from './http/request';

// Typed calls of 专属邮箱 (/invoice/api/web/email/…): types inferred from packages/contracts/src/invoiceMail.

const E = '/invoice/api/web/email';

export type MailAddress = z.output<typeof MailAddressSchema>;
export type MailPage = z.output<typeof MailPageSchema>;
export type MailListItem = MailPage['items'][number];
export type MailDetail = z.output<typeof MailDetailSchema>;
export type MailAttachment = z.output<typeof MailAttachmentSchema>;
export type MailListQuery = MailPageListBody;

export const invoiceMailApi = {
  /** The page shows a refusal itself (e.g. a personal account), so nothing is toasted. */
  address: (signal?: AbortSignal) =>
    http.get<MailAddress>(`${E}/address`, undefined, { signal, silent: true }),
  pageList: (body: MailListQuery, signal?: AbortSignal) =>
    http.post<MailPage>(`${E}/pageList`, body, { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<MailDetail>(`${E}/detail`, { id }, { signal }),
  retry: (attachmentId: number) =>
    http.post<MailAttachment>(`${E}/attachment/retry`, { attachment_id: attachmentId }),
};
