import { InvoiceInput, type RecognisedDraft } from '@feikong/contracts';
import { AppError } from '../../../platform/errors.js';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import type { Clock } from '../../../platform/types.js';
import { localVerificationProvider } from '../verification/verification.service.js';
import { saveInvoices } from '../core/invoice.service.js';
import { recogniseBytes, toDraft } from '../recognise/recognise.service.js';

/** One attachment of a mail received at a person's 专属邮箱 (the invoiceMail module hands it over). */
export interface MailAttachment {
  tenantId: number;
  userId: number;
  staffId: number | null;
  fileKey: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export type MailIngestResult = { ok: true; invoiceIds: number[] } | { ok: false; reason: string };

/** A draft as saveInvoices takes it, or the Chinese reason it cannot be saved as it is. */
function toInput(
  draft: RecognisedDraft,
): { ok: true; value: ReturnType<typeof InvoiceInput.parse> } | { ok: false; reason: string } {
  const parsed = InvoiceInput.safeParse({
    ...draft.fields,
    kind: draft.kind,
    fileKey: draft.fileKey,
    fileIndex: draft.fileIndex,
    source: 'email',
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const label = (InvoiceInput.shape as Record<string, { description?: string }>)[field]?.description ?? field;
  return {
    ok: false,
    reason:
      draft.fields[field as keyof typeof draft.fields] === undefined
        ? `未识别到${label}`
        : `${label}：${issue.message}`,
  };
}

/**
 * 专属邮箱 → invoices: an attachment goes through the same recognition as an upload on the entry page, and
 * what it yields is saved for the mailbox's owner through saveInvoices (verification, duplicates,
 * compliance and the check count included), all of one attachment or none.
 */
export function invoiceMailIngest(d: { db: Db; clock?: Clock }) {
  return async (a: MailAttachment): Promise<MailIngestResult> => {
    if (a.staffId === null) return { ok: false, reason: '邮箱所有人不是该组织的在职员工' };
    const caller: TenantCaller = {
      sessionId: 0,
      userId: a.userId,
      tenantId: a.tenantId,
      staffId: a.staffId,
      perms: [],
    };
    try {
      const { invoices, viaOcr } = await recogniseBytes(a.bytes, a.fileName);
      if (invoices.length === 0) return { ok: false, reason: '附件中没有识别到发票' };
      const inputs = [];
      for (const [i, inv] of invoices.entries()) {
        const input = toInput(toDraft(inv, viaOcr ? 'ocr' : 'email', a.fileKey, i));
        if (!input.ok) return { ok: false, reason: input.reason };
        inputs.push(input.value);
      }
      const saved = await saveInvoices(
        { db: d.db, provider: localVerificationProvider, clock: d.clock ?? Date.now },
        caller,
        inputs,
        // The file was read just now: the entries are compared with that reading.
        async () => ({ viaOcr, invoices }),
      );
      return { ok: true, invoiceIds: saved.items.map((r) => r.id) };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, reason: err.msg };
      throw err;
    }
  };
}
