import sharp from 'sharp';
import { FILE_LIMITS, FileLimitError } from '../../../platform/untrusted/limits.js';
import { OfdRefusal, openOfd } from './ofdPage.js';
import { ofdPageSvg } from './ofdSvg.js';

/**
 * OFD pages as pictures for the print PDFs (invoice export, document print): each page drawn to SVG
 * (ofdSvg.ts) and rendered by sharp's librsvg to a JPEG whose longest side is OFD_PRINT_PX — about
 * 240 dpi for an invoice 210 mm wide. pdf-lib writes no Chinese (decision 0021), so text is drawn as
 * pixels, like the document print's pages (decision 0024). Runs on the recognition thread
 * (recognition.thread.ts), never on the request thread; the file's caps are checked while it is read
 * (ofdPage.ts).
 */

export const OFD_PRINT_PX = 2000;

export type OfdPrintResult = { ok: true; pages: Uint8Array[] } | { ok: false; reason: string };

export async function renderOfdPages(
  bytes: Uint8Array,
  opts: { name: string; verb: string; maxPages: number },
): Promise<OfdPrintResult> {
  const ctx = { name: opts.name, verb: opts.verb };
  try {
    const doc = await openOfd(bytes, ctx);
    if (doc.pageCount === 0) return { ok: false, reason: `文件“${opts.name}”没有页面，无法${opts.verb}` };
    const pages: Uint8Array[] = [];
    for (let i = 0; i < Math.min(doc.pageCount, opts.maxPages); i += 1) {
      const page = await doc.page(i);
      if (!(page.width > 0 && page.height > 0 && Number.isFinite(page.width * page.height)))
        return { ok: false, reason: `文件“${opts.name}”的页面大小无效，无法${opts.verb}` };
      const scale = OFD_PRINT_PX / Math.max(page.width, page.height);
      const w = Math.max(1, Math.round(page.width * scale));
      const h = Math.max(1, Math.round(page.height * scale));
      const svg = ofdPageSvg(page, w, h);
      const jpeg = await sharp(Buffer.from(svg), { limitInputPixels: FILE_LIMITS.imagePixels })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 90 })
        .toBuffer();
      pages.push(new Uint8Array(jpeg));
    }
    return { ok: true, pages };
  } catch (err) {
    if (err instanceof OfdRefusal || err instanceof FileLimitError) return { ok: false, reason: err.message };
    // librsvg refusing the drawing (a broken picture inside, …)
    return { ok: false, reason: `文件“${opts.name}”无法绘制，无法${opts.verb}` };
  }
}
