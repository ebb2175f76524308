/**
 * A file's real format from its bytes (never from its name or the client's content type): JPG, PNG,
 * PDF, OFD (a ZIP package whose root holds OFD.xml, GB/T 33190) and XML. Used by the signed upload
 * store and by the rights module's transfer receipts.
 */
export type SniffedKind = 'jpg' | 'png' | 'pdf' | 'ofd' | 'xml';

export interface Sniffed {
  kind: SniffedKind;
  contentType: string;
  /** The canonical extension, with the dot. */
  ext: string;
}

const KINDS: Record<SniffedKind, Sniffed> = {
  jpg: { kind: 'jpg', contentType: 'image/jpeg', ext: '.jpg' },
  png: { kind: 'png', contentType: 'image/png', ext: '.png' },
  pdf: { kind: 'pdf', contentType: 'application/pdf', ext: '.pdf' },
  ofd: { kind: 'ofd', contentType: 'application/ofd', ext: '.ofd' },
  xml: { kind: 'xml', contentType: 'application/xml', ext: '.xml' },
};

const MAGIC: { kind: SniffedKind; magic: readonly number[] }[] = [
  { kind: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { kind: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'pdf', magic: [...Buffer.from('%PDF-')] },
];

const startsWith = (buf: Buffer, magic: readonly number[], at = 0) =>
  buf.length >= at + magic.length && magic.every((b, i) => buf[at + i] === b);

/**
 * The format of `content`, or null when it is none of the known ones. OFD needs the whole file (the
 * ZIP's central directory sits at its end); the others are told by their first bytes.
 */
export function sniffContent(content: Buffer): Sniffed | null {
  for (const m of MAGIC) if (startsWith(content, m.magic)) return KINDS[m.kind];
  if (startsWith(content, [0x50, 0x4b, 0x03, 0x04])) {
    return zipEntryNames(content).some((n) => n === 'OFD.xml') ? KINDS.ofd : null;
  }
  if (looksLikeXml(content)) return KINDS.xml;
  return null;
}

/** The content types of the known formats (the upload policy's allowed list). */
export const SNIFFED_CONTENT_TYPES = Object.values(KINDS).map((k) => k.contentType);

export function sniffedKind(kind: SniffedKind): Sniffed {
  return KINDS[kind];
}

/** An XML declaration (after an optional UTF-8 byte order mark and white space). */
function looksLikeXml(content: Buffer): boolean {
  let i = startsWith(content, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < content.length && i < 1024 && [0x20, 0x09, 0x0a, 0x0d].includes(content[i]!)) i += 1;
  return content.subarray(i, i + 5).toString('latin1') === '<?xml';
}

/** Entry names from a ZIP's central directory; [] when the directory cannot be read. */
function zipEntryNames(zip: Buffer): string[] {
  // End of central directory: signature, then the directory's entry count, size and offset.
  const min = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = zip.length - 22; i >= min; i -= 1) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return [];
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    if (at + 46 + nameLen > zip.length) return [];
    names.push(zip.subarray(at + 46, at + 46 + nameLen).toString('utf8'));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}
