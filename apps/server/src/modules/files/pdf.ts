import {
  ParseSpeeds,
  PDFDocument,
  rgb,
  StandardFonts,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import sharp from 'sharp';
import { xmlSafe } from '@feikong/contracts';
import { checkImagePixels } from '../../platform/untrusted/imageSize.js';
import { FILE_LIMITS, FileLimitError, limitMessages } from '../../platform/untrusted/limits.js';
import { scanPdf } from '../../platform/untrusted/pdfScan.js';

/**
 * PDFs for printing (spec 5: jpg, jpeg, png and pdf are merged into the print PDF), with pdf-lib.
 * mergeVertical: one after another — each image on an A4 page of its own, scaled to the page's
 * width (and down to its height when taller), each PDF's pages copied as they are.
 * layoutPerPage: 1, 2 or 4 images or PDF first pages per A4 page (displayMode ONE/TWO/FOUR), each
 * with an optional remark line under it — the invoice export uses it.
 * Remarks are Chinese: pdf-lib's standard fonts write only WinAnsi, and it cannot subset the CJK TTC
 * fonts, so a remark is drawn as a picture of its text (see remarkImage).
 *
 * These run on the PDF thread (pdf.thread.ts; callers use pdfThread.ts), never on the request thread,
 * and every source is checked against FILE_LIMITS before pdf-lib or sharp opens it (decision 0032).
 */
export type PdfSourceKind = 'jpg' | 'png' | 'pdf';

export interface PdfSource {
  bytes: Uint8Array;
  kind: PdfSourceKind;
  /** A line printed under the item (layoutPerPage). */
  remark?: string;
  /** Named in errors. */
  name?: string;
  /** ASCII text written small at the foot of the source's first page (a printed document's number). */
  stamp?: string;
}

/** Optional details of a merge: the PDF's title, and what the user was doing (合并, 打印, 导出) for refusals. */
export interface MergeOptions {
  title?: string;
  verb?: string;
}

export type DisplayMode = 'ONE' | 'TWO' | 'FOUR';

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 24;
const REMARK_SIZE = 10;
const REMARK_GAP = 4;
/** Remark pictures are rendered at this many pixels per PDF point (3 = 216 dpi: sharp on paper). */
const REMARK_PX_PER_PT = 3;
/** Remarks longer than this many lines are cut (a 200-character remark still fits in a cell). */
const REMARK_MAX_LINES = 4;

/** A source pdf-lib cannot read (a broken image or PDF); `source` is the one it failed on. */
export class PdfSourceError extends Error {
  constructor(readonly source: PdfSource) {
    super(`unreadable ${source.kind}: ${source.name ?? ''}`);
    this.name = 'PdfSourceError';
  }
}

export async function mergeVertical(
  sources: readonly PdfSource[],
  options: MergeOptions = {},
): Promise<Uint8Array> {
  const verb = options.verb ?? '合并';
  await checkSources(sources, [], verb);
  const out = await PDFDocument.create();
  // a viewer shows the title, not the storage key
  if (options.title) out.setTitle(options.title);
  await appendVertical(out, new RemarkImages(out), sources, { verb, pages: 0 });
  return out.save(saveOptions(sources));
}

/**
 * Every source against FILE_LIMITS before any is opened: a PDF's pages and inflated streams (scanPdf),
 * a picture's pixels from its header; `firstOnly` sources contribute one page each (layoutPerPage).
 */
async function checkSources(all: readonly PdfSource[], firstOnly: readonly PdfSource[], verb: string) {
  let pages = firstOnly.length;
  for (const src of [...firstOnly, ...all]) {
    const name = src.name ?? '';
    if (src.kind !== 'pdf') {
      checkImagePixels(src.bytes, name, verb);
      if (!firstOnly.includes(src)) pages += 1;
      continue;
    }
    const scan = await scanPdf(src.bytes, name, verb);
    if (!firstOnly.includes(src)) pages += scan.pages;
  }
  if (pages > FILE_LIMITS.mergePages) throw new FileLimitError(limitMessages.mergePages(verb));
}

/** Pages added so far, checked again with pdf-lib's own count of each PDF (scanPdf's is a forecast). */
interface PageCount {
  verb: string;
  pages: number;
}

/** mergeVertical's pages, added to `out`. */
async function appendVertical(
  out: PDFDocument,
  remarks: RemarkImages,
  sources: readonly PdfSource[],
  count: PageCount,
) {
  let font: PDFFont | undefined;
  for (const src of sources) {
    let first: PDFPage | undefined;
    if (src.kind === 'pdf') {
      const doc = await loadPdf(src);
      const n = doc.getPageCount();
      if (n > FILE_LIMITS.pdfPages)
        throw new FileLimitError(limitMessages.pdfPages(src.name ?? '', count.verb));
      count.pages += n;
      if (count.pages > FILE_LIMITS.mergePages)
        throw new FileLimitError(limitMessages.mergePages(count.verb));
      const pages = await out.copyPages(doc, doc.getPageIndices());
      for (const p of pages) out.addPage(p);
      // A PDF's pages are copied as they are: its remark goes in the bottom margin of its first page.
      first = pages[0];
      const remark = first && (await remarks.get(src.remark, first.getWidth() - 2 * MARGIN));
      if (first && remark) drawRemark(first, remark, (first.getWidth() - remark.width) / 2, 6);
    } else {
      first = await appendImage(out, remarks, src);
      count.pages += 1;
    }
    if (src.stamp && first) {
      font ??= await out.embedFont(StandardFonts.Helvetica);
      first.drawText(src.stamp, { x: 28, y: 10, size: 7, font, color: rgb(0.55, 0.55, 0.55) });
    }
  }
}

/** One picture on an A4 page of its own, its remark under it. */
async function appendImage(out: PDFDocument, remarks: RemarkImages, src: PdfSource): Promise<PDFPage> {
  const img = await embedImage(out, src);
  const page = out.addPage([A4.width, A4.height]);
  const remark = await remarks.get(src.remark, A4.width - 2 * MARGIN);
  const remarkH = remark ? remark.height + REMARK_GAP : 0;
  const box = fit(img.width, img.height, A4.width - 2 * MARGIN, A4.height - 2 * MARGIN - remarkH);
  const y = A4.height - MARGIN - box.height;
  page.drawImage(img, { x: (A4.width - box.width) / 2, y, width: box.width, height: box.height });
  if (remark) drawRemark(page, remark, (A4.width - remark.width) / 2, y - REMARK_GAP - remark.height);
  return page;
}

/**
 * `sources` 1, 2 or 4 to an A4 page; then `appendix` (the invoices' attachments) one after another
 * as mergeVertical lays them.
 */
export async function layoutPerPage(
  sources: readonly PdfSource[],
  mode: DisplayMode,
  opts: { appendix?: readonly PdfSource[] } & MergeOptions = {},
): Promise<Uint8Array> {
  const verb = opts.verb ?? '导出';
  await checkSources(opts.appendix ?? [], sources, verb);
  const out = await PDFDocument.create();
  if (opts.title) out.setTitle(opts.title);
  const remarks = new RemarkImages(out);
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
    const pad = 6;
    const remark = await remarks.get(src.remark, cellW - 2 * pad);
    const remarkH = remark ? remark.height + REMARK_GAP : 0;
    const item = await embedItem(out, src);
    const box = fit(item.width, item.height, cellW - 2 * pad, cellH - 2 * pad - remarkH);
    const x = cellX + (cellW - box.width) / 2;
    const y = cellTop - pad - box.height;
    if ('drawAs' in item) page!.drawPage(item.drawAs, { x, y, width: box.width, height: box.height });
    else page!.drawImage(item.image, { x, y, width: box.width, height: box.height });
    if (remark) drawRemark(page!, remark, cellX + (cellW - remark.width) / 2, y - REMARK_GAP - remark.height);
  }
  await appendVertical(out, remarks, opts.appendix ?? [], { verb, pages: out.getPageCount() });
  return out.save(saveOptions(opts.appendix ?? []));
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

/**
 * pdf-lib's save yields every 50 objects by default; a print PDF is made in one go (on its thread). With
 * stamps, no object streams: the stamped numbers stay findable in the file as it is.
 */
function saveOptions(sources: readonly PdfSource[]) {
  return { objectsPerTick: Infinity, useObjectStreams: !sources.some((s) => s.stamp) };
}

/** Longest side of a picture on paper: 2000 px is about 170 dpi across A4, plenty for an invoice. */
const PRINT_MAX_PX = 2000;

/**
 * A picture as the PDF takes it: pdf-lib decodes and deflates PNGs in JavaScript (≈ 150 ms each), while a
 * JPEG goes in as it is. So PNGs, and photos larger than print needs, become JPEGs with sharp (native):
 * turned upright (EXIF), transparency on white, at most PRINT_MAX_PX on the longest side.
 */
async function printableImage(src: PdfSource): Promise<{ bytes: Uint8Array; jpeg: boolean }> {
  // The header was checked (checkSources); libvips checks it again itself.
  const limitInputPixels = FILE_LIMITS.imagePixels;
  const meta = await sharp(src.bytes, { limitInputPixels }).metadata();
  const large = (meta.width ?? 0) > PRINT_MAX_PX || (meta.height ?? 0) > PRINT_MAX_PX;
  if (src.kind === 'jpg' && !large && (meta.orientation ?? 1) === 1) return { bytes: src.bytes, jpeg: true };
  const bytes = await sharp(src.bytes, { limitInputPixels })
    .rotate()
    .resize({ width: PRINT_MAX_PX, height: PRINT_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { bytes, jpeg: true };
}

async function loadPdf(src: PdfSource): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(src.bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      // pdf-lib yields to the event loop every 100 objects by default: a 200-invoice export spent
      // most of its time waiting for those ticks on a busy machine.
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch {
    throw new PdfSourceError(src);
  }
}

async function embedImage(out: PDFDocument, src: PdfSource): Promise<PDFImage> {
  try {
    return await out.embedJpg((await printableImage(src)).bytes);
  } catch {
    throw new PdfSourceError(src);
  }
}

/** The largest box of the item's proportions inside maxW × maxH. */
function fit(w: number, h: number, maxW: number, maxH: number) {
  const scale = Math.min(maxW / w, maxH / h);
  return { width: w * scale, height: h * scale };
}

/** A remark's picture on the page, in points. */
interface Remark {
  image: PDFImage;
  width: number;
  height: number;
}

function drawRemark(page: PDFPage, r: Remark, x: number, y: number) {
  page.drawImage(r.image, { x, y, width: r.width, height: r.height });
}

/** The remark's text as Pango reads it: one paragraph, markup characters escaped. */
export function remarkMarkup(text: string): string {
  // Pango markup is XML: a character XML forbids would make sharp refuse the whole remark (decision 0033).
  return xmlSafe(text)
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * A remark rendered to a transparent PNG by sharp's text input (Pango with the system's fonts:
 * fonts-noto-cjk writes Chinese), REMARK_SIZE pt high, wrapped to maxWidthPt, at most REMARK_MAX_LINES.
 */
export async function remarkImage(
  text: string,
  maxWidthPt: number,
): Promise<{ png: Buffer; widthPx: number; heightPx: number } | null> {
  const markup = remarkMarkup(text);
  if (!markup) return null;
  const widthPx = Math.max(1, Math.floor(maxWidthPt * REMARK_PX_PER_PT));
  const lineH = Math.ceil(REMARK_SIZE * 1.5 * REMARK_PX_PER_PT);
  let img = sharp({
    text: {
      text: `<span foreground="#333333">${markup}</span>`,
      font: `Noto Sans CJK SC ${REMARK_SIZE}`,
      dpi: 72 * REMARK_PX_PER_PT,
      width: widthPx,
      wrap: 'word-char',
      align: 'centre',
      rgba: true,
    },
  });
  const meta = await img.png().toBuffer({ resolveWithObject: true });
  if (meta.info.height > lineH * REMARK_MAX_LINES) {
    img = sharp(meta.data).extract({
      left: 0,
      top: 0,
      width: meta.info.width,
      height: lineH * REMARK_MAX_LINES,
    });
    const cut = await img.png().toBuffer({ resolveWithObject: true });
    return { png: cut.data, widthPx: cut.info.width, heightPx: cut.info.height };
  }
  return { png: meta.data, widthPx: meta.info.width, heightPx: meta.info.height };
}

/** Remark pictures of one document, each text embedded once however often it is printed. */
class RemarkImages {
  private readonly cache = new Map<string, Promise<Remark | null>>();
  constructor(private readonly out: PDFDocument) {}

  get(text: string | undefined, maxWidthPt: number): Promise<Remark | null> {
    if (!text?.trim()) return Promise.resolve(null);
    const key = `${Math.round(maxWidthPt)}|${text}`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = remarkImage(text, maxWidthPt).then(async (r) =>
        r
          ? {
              image: await this.out.embedPng(r.png),
              width: r.widthPx / REMARK_PX_PER_PT,
              height: r.heightPx / REMARK_PX_PER_PT,
            }
          : null,
      );
      this.cache.set(key, hit);
    }
    return hit;
  }
}
