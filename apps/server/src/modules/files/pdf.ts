import { PDFDocument, StandardFonts, rgb, type PDFEmbeddedPage, type PDFFont, type PDFImage } from 'pdf-lib';

/**
 * PDFs for printing (spec 5: jpg, jpeg, png and pdf are merged into the print PDF), with pdf-lib.
 * mergeVertical: one after another — each image on an A4 page of its own, scaled to the page's
 * width (and down to its height when taller), each PDF's pages copied as they are.
 * layoutPerPage: 1, 2 or 4 images or PDF first pages per A4 page (displayMode ONE/TWO/FOUR), each
 * with an optional remark line under it — the invoice export uses it.
 */
export type PdfSourceKind = 'jpg' | 'png' | 'pdf';

export interface PdfSource {
  bytes: Uint8Array;
  kind: PdfSourceKind;
  /** A line printed under the item (layoutPerPage). */
  remark?: string;
  /** Named in errors. */
  name?: string;
}

export type DisplayMode = 'ONE' | 'TWO' | 'FOUR';

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 24;
const REMARK_SIZE = 10;
const REMARK_GAP = 4;

/** A source pdf-lib cannot read (a broken image or PDF); `source` is the one it failed on. */
export class PdfSourceError extends Error {
  constructor(readonly source: PdfSource) {
    super(`unreadable ${source.kind}: ${source.name ?? ''}`);
    this.name = 'PdfSourceError';
  }
}

export async function mergeVertical(sources: readonly PdfSource[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const src of sources) {
    if (src.kind === 'pdf') {
      const doc = await loadPdf(src);
      const pages = await out.copyPages(doc, doc.getPageIndices());
      for (const p of pages) out.addPage(p);
      continue;
    }
    const img = await embedImage(out, src);
    const page = out.addPage([A4.width, A4.height]);
    const box = fit(img.width, img.height, A4.width - 2 * MARGIN, A4.height - 2 * MARGIN);
    page.drawImage(img, {
      x: (A4.width - box.width) / 2,
      y: A4.height - MARGIN - box.height,
      width: box.width,
      height: box.height,
    });
  }
  return out.save();
}

export async function layoutPerPage(sources: readonly PdfSource[], mode: DisplayMode): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const font = await out.embedFont(StandardFonts.Helvetica);
  const [cols, rows] = mode === 'ONE' ? [1, 1] : mode === 'TWO' ? [1, 2] : [2, 2];
  const perPage = cols * rows;
  const cellW = (A4.width - 2 * MARGIN) / cols;
  const cellH = (A4.height - 2 * MARGIN) / rows;
  let page = null as ReturnType<typeof out.addPage> | null;
  for (let i = 0; i < sources.length; i += 1) {
    const src = sources[i]!;
    const slot = i % perPage;
    if (slot === 0) page = out.addPage([A4.width, A4.height]);
    const col = slot % cols;
    const row = Math.floor(slot / cols);
    const cellX = MARGIN + col * cellW;
    const cellTop = A4.height - MARGIN - row * cellH;
    const remark = src.remark ? printable(font, src.remark) : '';
    const remarkH = remark ? REMARK_SIZE + REMARK_GAP : 0;
    const pad = 6;
    const item = await embedItem(out, src);
    const box = fit(item.width, item.height, cellW - 2 * pad, cellH - 2 * pad - remarkH);
    const x = cellX + (cellW - box.width) / 2;
    const y = cellTop - pad - box.height;
    if ('drawAs' in item) page!.drawPage(item.drawAs, { x, y, width: box.width, height: box.height });
    else page!.drawImage(item.image, { x, y, width: box.width, height: box.height });
    if (remark) {
      const textW = font.widthOfTextAtSize(remark, REMARK_SIZE);
      page!.drawText(remark, {
        x: cellX + Math.max(pad, (cellW - textW) / 2),
        y: y - REMARK_GAP - REMARK_SIZE,
        size: REMARK_SIZE,
        font,
        color: rgb(0.2, 0.2, 0.2),
        maxWidth: cellW - 2 * pad,
      });
    }
  }
  return out.save();
}

async function embedItem(
  out: PDFDocument,
  src: PdfSource,
): Promise<{ width: number; height: number } & ({ drawAs: PDFEmbeddedPage } | { image: PDFImage })> {
  if (src.kind === 'pdf') {
    const doc = await loadPdf(src);
    if (doc.getPageCount() === 0) throw new PdfSourceError(src);
    const [first] = await out.embedPdf(doc, [0]);
    return { drawAs: first!, width: first!.width, height: first!.height };
  }
  const image = await embedImage(out, src);
  return { image, width: image.width, height: image.height };
}

async function loadPdf(src: PdfSource): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(src.bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw new PdfSourceError(src);
  }
}

async function embedImage(out: PDFDocument, src: PdfSource): Promise<PDFImage> {
  try {
    return src.kind === 'png' ? await out.embedPng(src.bytes) : await out.embedJpg(src.bytes);
  } catch {
    throw new PdfSourceError(src);
  }
}

/** The largest box of the item's proportions inside maxW × maxH. */
function fit(w: number, h: number, maxW: number, maxH: number) {
  const scale = Math.min(maxW / w, maxH / h);
  return { width: w * scale, height: h * scale };
}

/**
 * The remark as the standard font can write it: characters outside its WinAnsi set (Chinese among
 * them — pdf-lib cannot subset the CJK TTC fonts) become '?'.
 */
function printable(font: PDFFont, text: string): string {
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((c) => {
      try {
        font.encodeText(c);
        return c;
      } catch {
        return '?';
      }
    })
    .join('');
}
