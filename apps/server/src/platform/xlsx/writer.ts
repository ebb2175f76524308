import { xmlSafe, xmlSafeValue } from '@feikong/contracts';
import ExcelJS from 'exceljs';

/**
 * Every .xlsx the product writes goes through here (or through xlsxRow / xlsxText for the few writers that
 * build a workbook in memory): a sheet is XML, and exceljs writes a string's characters as they are, so a
 * character XML 1.0 forbids (a control character, U+FFFE …) anywhere in a cell makes Excel call the whole
 * file damaged. xmlSafe (packages/contracts) drops them.
 */

/** A row's values with their text made XML-safe. */
export function xlsxRow<T extends readonly unknown[]>(row: T): T {
  return row.map((v) => xmlSafeValue(v)) as unknown as T;
}

/** A keyed row (exceljs `addRow({ key: value })`) with its text made XML-safe. */
export function xlsxRecord<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, xmlSafeValue(v)])) as T;
}

/** A sheet name or any other text written into a workbook. */
export const xlsxText = xmlSafe;

/** Writes rows to an .xlsx stream with the streaming writer (no shared strings, no styles: fast, small). */
export async function writeSheet(
  out: NodeJS.WritableStream,
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<(string | number)[][]> | Iterable<(string | number)[][]>,
) {
  await writeSheets(out, [{ name: sheetName, header, rows }]);
}

export interface SheetSpec {
  name: string;
  header: readonly string[];
  rows: AsyncIterable<(string | number)[][]> | Iterable<(string | number)[][]>;
}

/** Several sheets, one after another, each streamed as its rows come. */
export async function writeSheets(out: NodeJS.WritableStream, sheets: readonly SheetSpec[]) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out as never,
    useStyles: false,
    useSharedStrings: false,
  });
  for (const spec of sheets) {
    const sheet = wb.addWorksheet(xlsxText(spec.name));
    sheet.addRow(xlsxRow([...spec.header])).commit();
    for await (const page of spec.rows) for (const r of page) sheet.addRow(xlsxRow(r)).commit();
    sheet.commit();
  }
  await wb.commit();
}
