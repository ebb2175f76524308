import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import yauzl from 'yauzl';
import type { MailConfig } from '../../config.js';

/**
 * What the SMTP receiver checks in one received message, before anything is stored: the sender is
 * not forged, the attachments are not a bomb, and which attachments are invoices (PDF, OFD, XML,
 * recognised by their content). Pure apart from parsing: no database, no files.
 */

export type InvoiceFileType = 'pdf' | 'ofd' | 'xml';
export const INVOICE_CONTENT_TYPES: Record<InvoiceFileType, string> = {
  pdf: 'application/pdf',
  ofd: 'application/ofd',
  xml: 'application/xml',
};

export interface InvoiceFile {
  fileName: string;
  fileType: InvoiceFileType;
  contentType: string;
  content: Buffer;
}

export interface InspectedMail {
  fromName: string;
  subject: string;
  messageId: string | null;
  /** Invoice attachments only; other attachments (images, documents) are not kept. */
  invoices: InvoiceFile[];
}

/** An SMTP refusal: the reply code and text the sending server sees. */
export interface Refusal {
  responseCode: number;
  message: string;
}

export type Inspection = { ok: true; mail: InspectedMail } | { ok: false; refusal: Refusal };

const refuse = (responseCode: number, message: string): Inspection => ({
  ok: false,
  refusal: { responseCode, message },
});

/** The domain of an address, lower-cased ('' when there is none). */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0
    ? ''
    : address
        .slice(at + 1)
        .toLowerCase()
        .replace(/\.$/, '');
}

/** `Authentication-Results` verdicts that mark the mail as forged (RFC 8601 method=result). */
const FAILED_AUTH = /\b(spf|dkim|dmarc)\s*=\s*(fail|softfail|permerror)\b/i;

/**
 * Parses and checks one message. `mailFrom` is the envelope sender (MAIL FROM) the receiver already
 * required to be non-empty.
 */
export async function inspectMessage(raw: Buffer, mailFrom: string, limits: MailConfig): Promise<Inspection> {
  // The receiver has already capped the raw size (SIZE / sizeExceeded); the MIME structure is capped here
  // before parsing. A malformed mail is refused for good (5xx): retrying it cannot help.
  const shape = mimeShapeProblem(raw, limits);
  if (shape) return refuse(554, shape);
  let parsed: Awaited<ReturnType<typeof simpleParser>>;
  try {
    parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  } catch {
    return refuse(554, '5.6.0 Message rejected: malformed MIME structure');
  }

  // Forged sender: the From header must exist and share the envelope sender's domain, and no
  // Authentication-Results header (added by a receiving relay) may report a failed check.
  const from = firstAddress(parsed.from);
  if (!from?.address) return refuse(550, '5.7.1 Message rejected: missing From header');
  if (domainOf(from.address) !== domainOf(mailFrom)) {
    return refuse(550, '5.7.1 Message rejected: From header domain does not match the envelope sender');
  }
  const authResults = parsed.headers.get('authentication-results');
  const authTexts = (Array.isArray(authResults) ? authResults : [authResults]).map((v) =>
    typeof v === 'string' ? v : JSON.stringify(v ?? ''),
  );
  if (authTexts.some((t) => FAILED_AUTH.test(t))) {
    return refuse(550, '5.7.1 Message rejected: sender authentication failed (SPF/DKIM/DMARC)');
  }

  const attachments = parsed.attachments ?? [];
  if (attachments.length > limits.maxAttachments) {
    return refuse(552, `5.3.4 Message rejected: more than ${limits.maxAttachments} attachments`);
  }
  let total = 0;
  for (const a of attachments) {
    if (a.size > limits.maxAttachmentBytes) {
      return refuse(
        552,
        `5.3.4 Message rejected: an attachment is larger than ${mb(limits.maxAttachmentBytes)} MB`,
      );
    }
    total += a.size;
  }
  if (total > limits.maxTotalAttachmentBytes) {
    return refuse(
      552,
      `5.3.4 Message rejected: attachments exceed ${mb(limits.maxTotalAttachmentBytes)} MB in total`,
    );
  }

  const invoices: InvoiceFile[] = [];
  for (const [i, a] of attachments.entries()) {
    const fileType = await sniffInvoiceFile(a.content);
    if (!fileType) continue;
    invoices.push({
      fileName: cleanFileName(a.filename ?? '', `发票附件${i + 1}.${fileType}`, fileType),
      fileType,
      contentType: INVOICE_CONTENT_TYPES[fileType],
      content: a.content,
    });
  }
  return {
    ok: true,
    mail: {
      fromName: (from.name ?? '').slice(0, 200),
      subject: (parsed.subject ?? '').slice(0, 500),
      messageId: parsed.messageId ? parsed.messageId.slice(0, 500) : null,
      invoices,
    },
  };
}

const BOUNDARY = /\bboundary\s*=\s*(?:"([^"]{1,200})"|([^\s;"]{1,200}))/i;

/**
 * The mail's MIME structure against MAIL_MAX_MIME_PARTS and MAIL_MAX_MIME_DEPTH, read from its lines alone
 * (one pass, nothing decoded): each multipart's boundary is declared in a Content-Type header (or its folded
 * continuation) and opens a level; its `--boundary` lines start parts, `--boundary--` closes it.
 */
export function mimeShapeProblem(raw: Buffer, limits: Pick<MailConfig, 'maxMimeParts' | 'maxMimeDepth'>) {
  const open: string[] = [];
  let parts = 0;
  let inContentType = false;
  for (const line of raw.toString('latin1').split(/\r?\n/)) {
    if (line.startsWith('--') && open.length > 0) {
      const at = open.findLastIndex((b) => line.startsWith(`--${b}`));
      if (at >= 0) {
        const b = open[at]!;
        if (line.slice(2 + b.length).startsWith('--')) open.length = at;
        else if (++parts > limits.maxMimeParts)
          return `5.6.0 Message rejected: more than ${limits.maxMimeParts} MIME parts`;
        inContentType = false;
        continue;
      }
    }
    if (/^content-type\s*:/i.test(line)) inContentType = true;
    else if (!/^[ \t]/.test(line)) inContentType = false;
    const m = inContentType ? BOUNDARY.exec(line) : null;
    if (m) {
      open.push(m[1] ?? m[2]!);
      if (open.length > limits.maxMimeDepth)
        return `5.6.0 Message rejected: MIME parts nested deeper than ${limits.maxMimeDepth} levels`;
    }
  }
  return null;
}

function firstAddress(v: AddressObject | AddressObject[] | undefined) {
  const list = Array.isArray(v) ? v : v ? [v] : [];
  for (const o of list) for (const a of o.value) if (a.address) return a;
  return undefined;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** PDF by `%PDF-`, OFD by a zip holding OFD.xml, XML by its first tag; anything else is null. */
export async function sniffInvoiceFile(b: Buffer): Promise<InvoiceFileType | null> {
  if (b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) {
    return (await zipHasOfdXml(b)) ? 'ofd' : null;
  }
  let head = b.subarray(0, 512).toString('utf8');
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  head = head.trimStart();
  if (/^<\?xml[\s?]/.test(head)) return 'xml';
  if (/^<(?!html[\s>]|!doctype)[A-Za-z_][\w.:-]*[\s>/]/i.test(head)) return 'xml';
  return null;
}

/** Reads only the zip's central directory (no entry is inflated, so a zip bomb costs nothing). */
function zipHasOfdXml(b: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(b, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return resolve(false);
      let seen = 0;
      zip.on('entry', (e: yauzl.Entry) => {
        if (e.fileName.toLowerCase() === 'ofd.xml') {
          zip.close();
          return resolve(true);
        }
        if (++seen > 10_000) {
          zip.close();
          return resolve(false);
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve(false));
      zip.on('error', () => resolve(false));
      zip.readEntry();
    });
  });
}

/** The sender's file name without any path or control characters, at most 120 characters. */
export function cleanFileName(raw: string, fallback: string, fileType: InvoiceFileType): string {
  let name = raw.split(/[\\/]/).pop() ?? '';
  name = [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || ':*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim();
  if (name === '' || name === '.' || name === '..') name = fallback;
  if (name.length > 120) {
    const ext = path.extname(name).slice(0, 10) || `.${fileType}`;
    name = name.slice(0, 120 - ext.length) + ext;
  }
  return name;
}
