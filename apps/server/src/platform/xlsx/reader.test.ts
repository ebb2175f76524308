import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnIndex, readFirstSheet, withLocalCopy, XlsxFormatError, type XlsxRow } from './reader.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-reader-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function rowsOf(file: string, width: number): Promise<XlsxRow[]> {
  const out: XlsxRow[] = [];
  for await (const row of readFirstSheet(file, width)) out.push(row);
  return out;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

/**
 * A hand-written package, entries in the order given: Excel, WPS and other writers differ in entry
 * order, namespace prefixes and which optional attributes they write.
 */
function writePackage(name: string, parts: [string, string][]) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, zipSync(Object.fromEntries(parts.map(([p, xml]) => [p, strToU8(xml)]))));
  return file;
}

function workbookParts(sheets: { name: string; target: string }[], withShared = true): [string, string][] {
  const wb = `<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${sheets
    .map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('')}</sheets></workbook>`;
  const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
    .map((s, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="${s.target}"/>`)
    .join(
      '',
    )}${withShared ? `<Relationship Id="rIdS" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`;
  return [
    ['_rels/.rels', PKG_RELS],
    ['xl/workbook.xml', wb],
    ['xl/_rels/workbook.xml.rels', rels],
  ];
}

describe('readFirstSheet', () => {
  it('reads a workbook exceljs wrote with shared strings, numbers, booleans, dates, formulas and rich text', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导入数据');
    ws.addRow(['姓名', '手机号', '在职', '入职日期', '合计', '备注']);
    ws.addRow([
      '  欧阳娜娜 ',
      13800138000,
      true,
      new Date(Date.UTC(2026, 10, 22)),
      { formula: 'B2*0', result: 0 },
      { richText: [{ text: '研发部' }, { font: { bold: true }, text: '/前端组' }] },
    ]);
    ws.addRow([]);
    ws.addRow(['李雷', '13900139000', false, '', 1.5, '']);
    wb.addWorksheet('填写说明').addRow(['说明不应被读到']);
    const file = path.join(dir, 'exceljs.xlsx');
    await wb.xlsx.writeFile(file);

    const rows = await rowsOf(file, 6);
    expect(rows).toEqual([
      { rowNumber: 1, cells: ['姓名', '手机号', '在职', '入职日期', '合计', '备注'] },
      {
        rowNumber: 2,
        // exceljs writes a Date as its Excel serial number (no style is read back): shown as the number.
        cells: ['欧阳娜娜', '13800138000', 'TRUE', '46348', '0', '研发部/前端组'],
      },
      { rowNumber: 4, cells: ['李雷', '13900139000', 'FALSE', '', '1.5', ''] },
    ]);
  });

  it('reads inline strings from a streaming writer and keeps Chinese split across chunks intact', async () => {
    const file = path.join(dir, 'inline.xlsx');
    const w = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
    const sheet = w.addWorksheet('导入数据');
    const names = Array.from({ length: 5000 }, (_, i) => `中文姓名测试欧阳${i}`);
    for (const n of names) sheet.addRow([n, '财务部']).commit();
    sheet.commit();
    await w.commit();
    const rows = await rowsOf(file, 2);
    expect(rows.map((r) => r.cells[0])).toEqual(names);
    expect(rows.every((r) => r.cells[1] === '财务部')).toBe(true);
    expect(rows.at(-1)!.rowNumber).toBe(5000);
  });

  it('reads the shared strings first even when the zip stores the sheet before them', async () => {
    const file = writePackage('sheet-first.xlsx', [
      ...workbookParts([{ name: 'S', target: 'worksheets/sheet1.xml' }]),
      [
        'xl/worksheets/sheet1.xml',
        `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
      ],
      ['xl/sharedStrings.xml', `<sst xmlns="${NS}"><si><t>乙</t></si><si><t>甲 &amp; 丙</t></si></sst>`],
    ]);
    expect(await rowsOf(file, 2)).toEqual([{ rowNumber: 1, cells: ['甲 & 丙', '乙'] }]);
  });

  it('takes the first sheet in workbook order, follows relationship targets, and handles prefixes, gaps and phonetics', async () => {
    const file = writePackage('order.xlsx', [
      ...workbookParts([
        { name: '导入数据', target: '/xl/worksheets/data.xml' },
        { name: '说明', target: 'worksheets/sheet1.xml' },
      ]),
      // The notes sheet comes first in the zip and is called sheet1: it must not be read.
      [
        'xl/worksheets/sheet1.xml',
        `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>说明</t></is></c></row></sheetData></worksheet>`,
      ],
      [
        'xl/worksheets/data.xml',
        // Strict-style prefixed elements, cells without `r` after one with it, a skipped column,
        // a phonetic guide that is not part of the text, a formula string, and an error value.
        `<x:worksheet xmlns:x="${NS}"><x:sheetData>` +
          `<x:row r="3"><x:c r="B3" t="s"><x:v>0</x:v></x:c><x:c t="str"><x:f>A1</x:f><x:v>公式</x:v></x:c><x:c r="E3" t="e"><x:v>#N/A</x:v></x:c><x:c r="F3"><x:v>99</x:v></x:c></x:row>` +
          `<x:row><x:c r="A4" t="inlineStr"><x:is><x:r><x:t>王</x:t></x:r><x:r><x:t xml:space="preserve"> 五</x:t></x:r><x:rPh sb="0" eb="1"><x:t>ワン</x:t></x:rPh></x:is></x:c></x:row>` +
          `<x:row r="5"><x:c r="F5"><x:v>1</x:v></x:c></x:row>` +
          // A shared-string cell without its index is empty, not the first string.
          `<x:row r="6"><x:c r="A6" t="s"/><x:c r="B6" t="s"><x:v>0</x:v></x:c></x:row>` +
          `</x:sheetData></x:worksheet>`,
      ],
      [
        'xl/sharedStrings.xml',
        `<sst xmlns="${NS}"><si><r><t>张</t></r><r><t>三</t></r><rPh sb="0" eb="1"><t>チャン</t></rPh></si></sst>`,
      ],
    ]);
    expect(await rowsOf(file, 5)).toEqual([
      { rowNumber: 3, cells: ['', '张三', '公式', '', '#N/A'] },
      { rowNumber: 4, cells: ['王 五', '', '', '', ''] },
      // Row 5 has text only beyond the width asked for: skipped like an empty row.
      { rowNumber: 6, cells: ['', '张三', '', '', ''] },
    ]);
  });

  it('reads a workbook without a shared-strings part', async () => {
    const file = writePackage('no-sst.xlsx', [
      ...workbookParts([{ name: 'S', target: 'worksheets/sheet1.xml' }], false),
      [
        'xl/worksheets/sheet1.xml',
        `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1"><v>12</v></c></row></sheetData></worksheet>`,
      ],
    ]);
    expect(await rowsOf(file, 1)).toEqual([{ rowNumber: 1, cells: ['12'] }]);
  });

  it('refuses files that are not workbooks with a Chinese message', async () => {
    const notZip = path.join(dir, 'not.xlsx');
    fs.writeFileSync(notZip, '姓名,手机号\n张三,13800138000\n');
    const noWorkbook = writePackage('empty.xlsx', [['hello.txt', 'hi']]);
    const noSheets = writePackage('nosheets.xlsx', workbookParts([]));
    const badXml = writePackage('badxml.xlsx', [
      ...workbookParts([{ name: 'S', target: 'worksheets/sheet1.xml' }], false),
      ['xl/worksheets/sheet1.xml', `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1"><v>1</v></row>`],
    ]);
    const truncated = path.join(dir, 'truncated.xlsx');
    fs.writeFileSync(truncated, fs.readFileSync(path.join(dir, 'exceljs.xlsx')).subarray(0, 600));

    const cases: [string, string][] = [
      [notZip, '导入文件不是有效的 Excel（.xlsx）文件'],
      [noWorkbook, '导入文件不是有效的 Excel（.xlsx）文件'],
      [noSheets, '导入文件中没有工作表'],
      [badXml, '导入文件不是有效的 Excel（.xlsx）文件'],
      [truncated, '导入文件不是有效的 Excel（.xlsx）文件'],
    ];
    for (const [file, message] of cases) {
      const err = await rowsOf(file, 2).catch((e) => e);
      expect(err, file).toBeInstanceOf(XlsxFormatError);
      expect(err.message, file).toBe(message);
    }
  });

  it('refuses a cell over 32,767 characters and a text run that would fill memory (a zip bomb)', async () => {
    const sheetWith = (name: string, cell: string) =>
      writePackage(name, [
        ...workbookParts([{ name: 'S', target: 'worksheets/sheet1.xml' }], false),
        [
          'xl/worksheets/sheet1.xml',
          `<worksheet xmlns="${NS}"><sheetData><row r="1">${cell}</row></sheetData></worksheet>`,
        ],
      ]);
    const atLimit = sheetWith(
      'limit.xlsx',
      `<c r="A1" t="inlineStr"><is><t>${'长'.repeat(32_767)}</t></is></c>`,
    );
    expect((await rowsOf(atLimit, 1))[0].cells[0]).toHaveLength(32_767);
    const cases = [
      sheetWith('long-inline.xlsx', `<c r="A1" t="inlineStr"><is><t>${'长'.repeat(32_768)}</t></is></c>`),
      sheetWith(
        'long-runs.xlsx',
        `<c r="A1" t="inlineStr"><is>${'<r><t>长长长长</t></r>'.repeat(9000)}</is></c>`,
      ),
      sheetWith('long-value.xlsx', `<c r="A1" t="str"><v>${'9'.repeat(40_000)}</v></c>`),
      // 8 MB of text in one node compresses to a few KB.
      sheetWith('bomb.xlsx', `<c r="A1" t="str"><v>${'0'.repeat(8 * 1024 * 1024)}</v></c>`),
    ];
    for (const file of cases) {
      const err = await rowsOf(file, 1).catch((e) => e);
      expect(err, file).toBeInstanceOf(XlsxFormatError);
      expect(err.message).toBe('导入文件中有超过32767个字符的单元格，请检查后再导入');
    }
    expect(fs.statSync(cases[3]).size).toBeLessThan(64 * 1024);
  });

  it('stops parsing when the caller stops taking rows, and removes its local copy', async () => {
    const source = path.join(dir, 'inline.xlsx');
    let copy = '';
    const rows = withLocalCopy(fs.createReadStream(source), (file) => {
      copy = file;
      return readFirstSheet(file, 1);
    });
    for await (const row of rows) if (row.rowNumber === 3) break;
    expect(copy).not.toBe('');
    expect(fs.existsSync(copy)).toBe(false);
  });
});

describe('columnIndex', () => {
  it('turns cell references into 0-based columns', () => {
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('z9')).toBe(25);
    expect(columnIndex('AA10')).toBe(26);
    expect(columnIndex('XFD1048576')).toBe(16383);
    expect(columnIndex('12')).toBeUndefined();
  });
});
