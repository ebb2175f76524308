import type { Box, OcrLine, OcrPage } from './ocr.engine.js';
import { norm } from './normalise.js';

/**
 * ocrCutting: one photo or scan holding several invoices → one region (pixels) per invoice.
 *
 * Every invoice prints exactly one title (…发票, …行程单, …客票) and one 价税合计 / 开票日期, so the number of
 * invoices is the most often repeated of those anchors. The text boxes are then clustered around them:
 * k-means over the boxes' middles, started from each title moved down by half an invoice (titles sit on
 * top; about 16 text lines). Each region is its cluster's bounding box with a margin of a line and a half.
 */

/** A title ends the box (names such as 飞翔增值税发票管理软件 hold the words but go on). */
const TITLE = /(?:发票|行程单|客票)\)?$/;
const NOT_TITLE = /专用章|发票代码|发票号码|发票联|抵扣联|记账联|监制|称|:/;

export function invoiceAnchors(lines: OcrLine[]): Box[] {
  const titles = dedupe(
    lines.filter((l) => {
      const t = norm(l.text).replace(/\s+/g, '');
      return TITLE.test(t) && !NOT_TITLE.test(t);
    }),
  );
  const totals = dedupe(lines.filter((l) => /价税合计/.test(norm(l.text))));
  const dates = dedupe(lines.filter((l) => /开票日期/.test(norm(l.text))));
  const sets = [titles, totals, dates];
  const count = Math.max(...sets.map((s) => s.length));
  return (sets.find((s) => s.length === count) ?? []).map((l) => l.box);
}

/** One box per anchor: parts of the same title read as two boxes on one row count once. */
function dedupe(lines: OcrLine[]): OcrLine[] {
  const kept: OcrLine[] = [];
  for (const line of lines) {
    const near = kept.find(
      (k) =>
        Math.abs(mid(k.box).y - mid(line.box).y) < Math.max(k.box.height, line.box.height) &&
        Math.abs(mid(k.box).x - mid(line.box).x) < (k.box.width + line.box.width) / 2 + 3 * line.box.height,
    );
    if (!near) kept.push(line);
  }
  return kept;
}

const mid = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export interface CutRegion extends Box {
  lines: OcrLine[];
}

/** The invoices in one OCR'd image, top to bottom then left to right; one region when there is one invoice. */
export function cutRegions(page: OcrPage): CutRegion[] {
  const { lines } = page;
  if (lines.length === 0) return [];
  const lineHeight = median(lines.map((l) => l.box.height)) || 16;
  const anchors = invoiceAnchors(lines);
  let groups: OcrLine[][];
  if (anchors.length <= 1) {
    groups = [lines];
  } else {
    const points = lines.map((l) => mid(l.box));
    let centres = anchors.map((a) => ({ x: mid(a).x, y: mid(a).y + 16 * lineHeight }));
    let owner: number[] = [];
    for (let round = 0; round < 30; round += 1) {
      const next = points.map((p) => {
        let best = 0;
        let bestDistance = Infinity;
        centres.forEach((c, i) => {
          const d = (p.x - c.x) ** 2 + (p.y - c.y) ** 2;
          if (d < bestDistance) {
            bestDistance = d;
            best = i;
          }
        });
        return best;
      });
      const stable = next.every((o, i) => o === owner[i]);
      owner = next;
      if (stable) break;
      centres = centres.map((c, i) => {
        const mine = points.filter((_, j) => owner[j] === i);
        if (mine.length === 0) return c;
        return {
          x: mine.reduce((s, p) => s + p.x, 0) / mine.length,
          y: mine.reduce((s, p) => s + p.y, 0) / mine.length,
        };
      });
    }
    groups = centres.map((_, i) => lines.filter((_, j) => owner[j] === i)).filter((g) => g.length >= 5);
  }
  const margin = Math.round(lineHeight * 1.5);
  const regions = groups.map((group) => {
    const x0 = Math.max(0, Math.min(...group.map((l) => l.box.x)) - margin);
    const y0 = Math.max(0, Math.min(...group.map((l) => l.box.y)) - margin);
    const x1 = Math.min(page.width, Math.max(...group.map((l) => l.box.x + l.box.width)) + margin);
    const y1 = Math.min(page.height, Math.max(...group.map((l) => l.box.y + l.box.height)) + margin);
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0, lines: group };
  });
  return regions.sort((a, b) => (Math.abs(a.y - b.y) < lineHeight * 4 ? a.x - b.x : a.y - b.y));
}
