import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { excelSerialOf, excelSerialToDate } from './dates.js';
import { readFirstSheet } from './reader.js';

const day = (year: number, month: number, d: number) => ({ year, month, day: d });

describe('excelSerialToDate (1900 date system)', () => {
  it('reads the first days, the phantom 1900-02-29 and the days after it', () => {
    expect(excelSerialToDate(1)).toEqual(day(1900, 1, 1));
    expect(excelSerialToDate(59)).toEqual(day(1900, 2, 28));
    expect(excelSerialToDate(60)).toBeNull(); // Lotus' 1900-02-29
    expect(excelSerialToDate(61)).toEqual(day(1900, 3, 1));
    expect(excelSerialToDate(0)).toBeNull();
    expect(excelSerialToDate(-3)).toBeNull();
  });
  it('reads modern days, leap days and the last day Excel knows', () => {
    expect(excelSerialToDate(45658)).toEqual(day(2025, 1, 1));
    expect(excelSerialToDate(46082)).toEqual(day(2026, 3, 1));
    expect(excelSerialToDate(46081)).toEqual(day(2026, 2, 28));
    expect(excelSerialToDate(45351)).toEqual(day(2024, 2, 29));
    expect(excelSerialToDate(2958465)).toEqual(day(9999, 12, 31));
    expect(excelSerialToDate(2958466)).toBeNull();
    expect(excelSerialToDate(Number.NaN)).toBeNull();
  });
  it('drops the time of day, rounding a computed value to the second first', () => {
    expect(excelSerialToDate(46082.75)).toEqual(day(2026, 3, 1));
    expect(excelSerialToDate(46081.9999999999)).toEqual(day(2026, 3, 1));
  });
  it('agrees with JavaScript dates over every day of 1901–2100', () => {
    const base = Date.UTC(1899, 11, 30);
    for (let ms = Date.UTC(1901, 0, 1); ms <= Date.UTC(2100, 11, 31); ms += 86_400_000 * 7) {
      const d = new Date(ms);
      expect(excelSerialToDate((ms - base) / 86_400_000)).toEqual(
        day(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()),
      );
    }
  });
  it('takes plain numbers only as serials', () => {
    expect(excelSerialOf('46082')).toBe(46082);
    expect(excelSerialOf('46082.5')).toBe(46082.5);
    expect(excelSerialOf('2026-03')).toBeNull();
    expect(excelSerialOf('-1')).toBeNull();
    expect(excelSerialOf('1e5')).toBeNull();
  });
  it('a real date cell written by Excel (exceljs) reads back as its day through the bounded reader', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(['期间']);
    ws.addRow([new Date(Date.UTC(2026, 2, 1))]);
    ws.getCell('A2').numFmt = 'yyyy-mm-dd';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-dates-'));
    try {
      const file = path.join(dir, 'd.xlsx');
      await wb.xlsx.writeFile(file);
      const rows = [];
      for await (const r of readFirstSheet(file, 1)) rows.push(r.cells[0]!);
      expect(rows[1]).toBe('46082');
      expect(excelSerialToDate(excelSerialOf(rows[1]!)!)).toEqual(day(2026, 3, 1));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
