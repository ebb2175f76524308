import { randomUUID } from 'node:crypto';
import { MERGEABLE_ATTACHMENT_TYPES, unprintedMessage, type ExportCustomReply } from '@feikong/contracts';
import { AppError } from '../../../platform/errors.js';
import type { TenantCaller } from '../../../platform/context.js';
import type { AppServices } from '../../../platform/types.js';
import {
  layoutPerPage,
  PdfSourceError,
  readTenantFile,
  signedFileUrl,
  tenantDir,
  type PdfSource,
} from '../../files/index.js';
import * as repo from '../core/invoice.repo.js';
import { readableInvoices } from '../core/invoice.service.js';
import { sniffFileKind } from '../recognition/index.js';
import { ofdPrintPages } from '../recognise/recognise.service.js';

/** Exported PDFs stay readable this long through their link (seconds). */
export const EXPORT_LINK_EXPIRES_S = 3600;

export const exportErrors = {
  /** spec §8: nothing among the chosen invoices can be printed; `why` names each one left out and why. */
  nothingPrintable: (why = '') =>
    new AppError(11220400, why ? `暂无可打印内容：${why}` : '暂无可打印内容', 400),
  unreadable: (number: string) => new AppError(11221400, `发票 ${number} 的文件已损坏，无法导出`, 400),
};

function imageKind(bytes: Uint8Array): 'jpg' | 'png' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  return null;
}

/**
 * POST export/custom: the chosen invoices' own files (PDF first page, the photo, or an OFD's first page
 * drawn on the recognition thread, decision 0038) laid out 1, 2 or 4 to an A4 page in billing-date
 * order, each with its remark; one PDF behind a signed link. Invoices without a printable file (none, or
 * an OFD that cannot be drawn: broken, over a cap) are listed with the reason. With `attach`, the invoices' attachments follow
 * (spec 5: jpg/jpeg/png/pdf merged, each on its own pages; others listed singly with their links).
 * When nothing at all is printable: 暂无可打印内容, followed by what was left out and why.
 */
export async function exportCustom(
  d: AppServices,
  caller: TenantCaller,
  body: {
    invoiceIds: number[];
    displayMode: 'ONE' | 'TWO' | 'FOUR';
    attach?: boolean;
    /** A print preview (打印) rather than a download (导出): only the reasons' wording differs. */
    preview?: boolean;
    fileName?: string;
    items?: { invoiceId: number; remark: string }[];
  },
): Promise<ExportCustomReply> {
  const rows = await readableInvoices(d.db, caller, body.invoiceIds);
  rows.sort((a, b) => Number(a.billing_date) - Number(b.billing_date) || Number(a.id) - Number(b.id));
  const remarks = new Map((body.items ?? []).map((i) => [i.invoiceId, i.remark]));
  const sources: PdfSource[] = [];
  const skipped: ExportCustomReply['skipped'] = [];
  const verb = body.preview === false ? '导出' : '打印';
  for (const row of rows) {
    const id = Number(row.id);
    if (!row.file_key) {
      skipped.push({ invoiceId: id, number: row.number, reason: '没有发票文件（手工录入）' });
      continue;
    }
    const { bytes } = await readTenantFile(d, caller.tenantId, row.file_key);
    const remark = remarks.get(id) || undefined;
    const sniffed = sniffFileKind(bytes);
    if (sniffed === 'ofd') {
      // most 数电票 come as OFD: its first page, drawn off the request thread, goes in as a picture
      const drawn = await ofdPrintPages(bytes, { name: `发票${row.number}.ofd`, verb, maxPages: 1 });
      if (drawn.ok) sources.push({ bytes: drawn.pages[0]!, kind: 'jpg', remark, name: row.number });
      else skipped.push({ invoiceId: id, number: row.number, reason: drawn.reason });
      continue;
    }
    const kind = sniffed === 'pdf' ? 'pdf' : imageKind(bytes);
    if (!kind) {
      skipped.push({
        invoiceId: id,
        number: row.number,
        reason: '发票文件不是 PDF、OFD 或图片，请单独打印',
      });
      continue;
    }
    sources.push({ bytes, kind, remark, name: row.number });
  }
  const appendix: PdfSource[] = [];
  const attachments: ExportCustomReply['attachments'] = [];
  if (body.attach) {
    for (const row of rows) {
      const id = Number(row.id);
      for (const att of await repo.listAttachments(d.db, caller.tenantId, id)) {
        const fileType = (att.file_name.split('.').pop() ?? '').toLowerCase();
        const single = () =>
          attachments.push({
            invoiceId: id,
            number: row.number,
            fileName: att.file_name,
            fileType,
            url: signedFileUrl(d, caller.tenantId, att.file_key, { fileName: att.file_name }),
          });
        if (!(MERGEABLE_ATTACHMENT_TYPES as readonly string[]).includes(fileType)) {
          single();
          continue;
        }
        const { bytes } = await readTenantFile(d, caller.tenantId, att.file_key);
        const kind = sniffFileKind(bytes) === 'pdf' ? 'pdf' : imageKind(bytes);
        // A file whose bytes are not what its name says is handed out as it is rather than merged.
        if (!kind || (kind === 'pdf') !== (fileType === 'pdf')) {
          single();
          continue;
        }
        const remark = remarks.get(id);
        appendix.push({
          bytes,
          kind,
          name: att.file_name,
          remark: `发票 ${row.number} 附件 ${att.file_name}${remark ? `：${remark}` : ''}`,
        });
      }
    }
  }
  const notice = unprintedMessage(
    skipped.map((s) => ({ name: s.number, reason: s.reason })),
    { verb },
  );
  if (sources.length === 0 && appendix.length === 0) throw exportErrors.nothingPrintable(notice);
  const fileName = `${(body.fileName || '发票导出').replace(/\.pdf$/i, '')}.pdf`;
  let pdf: Uint8Array;
  try {
    pdf = await layoutPerPage(sources, body.displayMode, {
      appendix,
      title: fileName.slice(0, -4),
      verb: '导出',
    });
  } catch (err) {
    if (err instanceof PdfSourceError) throw exportErrors.unreadable(err.source.name ?? '');
    throw err;
  }
  const at = new Date((d.clock ?? Date.now)());
  const day = at.toISOString().slice(0, 10).replaceAll('-', '/');
  const key = `${tenantDir('merge', caller.tenantId)}${day}/${randomUUID()}.pdf`;
  await d.storage.put(key, Buffer.from(pdf), { contentType: 'application/pdf' });
  return {
    url: signedFileUrl(d, caller.tenantId, key, { fileName, expiresInS: EXPORT_LINK_EXPIRES_S }),
    fileName,
    printed: sources.length,
    skipped,
    notice,
    attached: appendix.length,
    attachments,
  };
}
