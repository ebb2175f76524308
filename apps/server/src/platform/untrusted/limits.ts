/**
 * Caps on files we did not make (uploads, mailed attachments), checked before anything decodes them
 * (decision 0032). A file over a cap is refused with a Chinese reason naming the cap; under the caps
 * the work still runs on a worker thread with a heap limit and a wall-clock limit
 * (platform/workers/), because the caps bound memory only where we can count it beforehand.
 */
export const FILE_LIMITS = {
  /** Pages of one PDF (merge, print, export, recognition). */
  pdfPages: 500,
  /** Pages of one merged PDF (a merge, a print of documents with attachments, an invoice export). */
  mergePages: 2000,
  /** Pixels of one picture, or of one image inside a PDF: 40 M is a 7,300 × 5,500 photo. */
  imagePixels: 40_000_000,
  /** Bytes of one PDF's streams once inflated, all together (a scanned A4 page at 300 dpi is 26 MB). */
  pdfInflatedBytes: 200 * 1024 * 1024,
} as const;

/** Why a file is refused: the cap it passes, in Chinese, for the user. */
export class FileLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileLimitError';
  }
}

/** 4000 万像素 */
const pixelsText = (n: number) => (n % 10_000 === 0 ? `${n / 10_000}万像素` : `${n}像素`);

/** The refusals, each naming its cap; `verb` is what could not be done (合并, 识别, 打印, 导出). */
export const limitMessages = {
  pdfPages: (name: string, verb: string) => `文件“${name}”页数超过${FILE_LIMITS.pdfPages}页，无法${verb}`,
  mergePages: (verb: string) => `文件合计页数超过${FILE_LIMITS.mergePages}页，无法${verb}`,
  imagePixels: (name: string, verb: string) =>
    `图片“${name}”超过${pixelsText(FILE_LIMITS.imagePixels)}，无法${verb}`,
  pdfInflated: (name: string, verb: string) =>
    `文件“${name}”解压后超过${FILE_LIMITS.pdfInflatedBytes / 1024 / 1024} MB，无法${verb}`,
};
