/** An .xlsx workbook as plain tables (exceljs, loaded on demand): text as Excel shows it, merges kept. */

export interface SheetCell {
  col: number;
  text: string;
  rowSpan: number;
  colSpan: number;
  /** Covered by a merged cell: not drawn. */
  hidden: boolean;
  bold: boolean;
  numeric: boolean;
}

export interface SheetTable {
  name: string;
  rows: SheetCell[][];
  /** Column widths in px. */
  widths: number[];
  truncated: boolean;
}

/** Rows shown per sheet: a preview, not an editor. */
export const MAX_PREVIEW_ROWS = 1000;

const colNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/** "B2:C4" → 0-based start row/column and spans. */
export function mergeRange(range: string): { r: number; c: number; rows: number; cols: number } | null {
  const m = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/.exec(range.toUpperCase());
  if (!m) return null;
  const [c1, r1, c2, r2] = [colNumber(m[1]!), Number(m[2]), colNumber(m[3]!), Number(m[4])];
  return {
    r: Math.min(r1, r2) - 1,
    c: Math.min(c1, c2) - 1,
    rows: Math.abs(r2 - r1) + 1,
    cols: Math.abs(c2 - c1) + 1,
  };
}

export async function sheetTables(bytes: Uint8Array): Promise<SheetTable[]> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch {
    throw new Error('Excel 文件解析失败，请下载后查看');
  }
  return wb.worksheets
    .filter((ws) => ws.state !== 'hidden' && ws.state !== 'veryHidden')
    .map((ws) => {
      const rowCount = Math.min(ws.rowCount, MAX_PREVIEW_ROWS);
      const colCount = Math.max(ws.columnCount, 1);
      const rows: SheetCell[][] = [];
      for (let r = 1; r <= rowCount; r += 1) {
        const row: SheetCell[] = [];
        for (let c = 1; c <= colCount; c += 1) {
          const cell = ws.getCell(r, c);
          row.push({
            col: c - 1,
            text: cell.text ?? '',
            rowSpan: 1,
            colSpan: 1,
            hidden: false,
            bold: Boolean(cell.font?.bold),
            numeric:
              typeof cell.value === 'number' ||
              typeof (cell.value as { result?: unknown })?.result === 'number',
          });
        }
        rows.push(row);
      }
      const merges = (ws.model as { merges?: string[] }).merges ?? [];
      for (const range of merges) {
        const m = mergeRange(range);
        if (!m || m.r >= rows.length) continue;
        for (let r = m.r; r < Math.min(m.r + m.rows, rows.length); r += 1)
          for (let c = m.c; c < Math.min(m.c + m.cols, colCount); c += 1) rows[r]![c]!.hidden = true;
        const master = rows[m.r]![m.c];
        if (master)
          Object.assign(master, {
            hidden: false,
            rowSpan: Math.min(m.rows, rows.length - m.r),
            colSpan: m.cols,
          });
      }
      const widths = Array.from({ length: colCount }, (_, i) =>
        Math.round((ws.getColumn(i + 1).width ?? 10) * 7 + 10),
      );
      return { name: ws.name, rows, widths, truncated: ws.rowCount > MAX_PREVIEW_ROWS };
    });
}
