import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/types.js';
import type { FileStorage } from '../../platform/storage/types.js';
import type { Clock } from '../../platform/types.js';

/** Turns one received attachment into the owner's invoices (recognition + save). Wired by the lead. */
export type MailAttachmentIngest = (input: {
  tenantId: number;
  userId: number;
  staffId: number | null;
  fileKey: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}) => Promise<{ ok: true; invoiceIds: number[] } | { ok: false; reason: string /* Chinese */ }>;

/** What the 专属邮箱 services, its job handler and its SMTP receiver need. */
export interface InvoiceMailDeps {
  db: Db;
  storage: FileStorage;
  jobs: JobQueue;
  clock: Clock;
  mail: MailConfig;
  log: FastifyBaseLogger;
  /**
   * Recognition and saving of one attachment. While none is given, attachments stay 待识别 (the
   * detail screen offers 重新识别 once it is wired); set at registration or by the receiver's starter.
   */
  ingest?: MailAttachmentIngest;
}
