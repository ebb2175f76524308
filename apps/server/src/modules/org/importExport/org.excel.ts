import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { readFirstSheet, withLocalCopy, XlsxFormatError } from '../../../platform/xlsx/reader.js';
import { xlsxRow } from '../../../platform/xlsx/writer.js';
import { taskFailure } from '../../../platform/tasks.js';

/** Excel shapes of the org imports and exports: columns, templates, streaming read and write helpers. */

export const MEMBER_COLUMNS = [
  '姓名',
  '手机号',
  '邮箱',
  '工号',
  '所属公司',
  '所属部门',
  '职级',
  '职位',
] as const;
export const MEMBER_EXPORT_COLUMNS = [...MEMBER_COLUMNS, '职称', '状态'] as const;
export const ORG_COLUMNS = ['公司名称', '上级公司', '公司全称', '税号', '部门路径', '排序'] as const;
export const FAIL_REASON_COLUMN = '失败原因';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Separator of several department paths in one cell; a path's levels are separated by `/`. */
export const DEPT_PATHS_SEPARATOR = /[;；]/;

const MEMBER_NOTES = [
  '1. 第一行为表头，请勿修改；示例行导入前请删除。',
  '2. 姓名、手机号、所属公司、所属部门必填；手机号为11位、以1开头的数字。',
  '3. 所属公司填写公司名称（与组织架构中的名称一致）。',
  '4. 所属部门填写从公司下第一级部门开始的完整路径，层级用“/”分隔，如：研发部/前端组；多个部门用“;”分隔。',
  '5. 职级、职位选填，须为系统中已有的名称。',
  '6. 同一手机号在本组织只能存在一名员工；导入失败的行会连同失败原因生成一个文件供下载。',
];
const ORG_NOTES = [
  '1. 第一行为表头，请勿修改；示例行导入前请删除。',
  '2. 公司名称必填：已存在的公司直接使用，不存在的公司会在“上级公司”下新建（上级公司为空时建在顶级组织下）。',
  '3. 部门路径选填：从公司下第一级部门开始，层级用“/”分隔，如：研发部/前端组；不存在的部门会逐级新建。',
  '4. 税号选填：15–20位数字或大写字母。排序选填：非负整数，作用于本行新建的公司或最末级部门。',
];

async function template(columns: readonly string[], example: string[], notes: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('导入数据');
  sheet.addRow(xlsxRow([...columns]));
  sheet.addRow(xlsxRow(example));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c) => (c.width = 18));
  // Phones and job numbers are text: Excel must not turn 13800138000 into 1.38E+10.
  for (let i = 1; i <= columns.length; i++) sheet.getColumn(i).numFmt = '@';
  const notesSheet = wb.addWorksheet('填写说明');
  notesSheet.getColumn(1).width = 100;
  for (const n of notes) notesSheet.addRow(xlsxRow([n]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Member import template: header + one example row + a notes sheet. */
export function buildMemberTemplate(example?: Partial<Record<(typeof MEMBER_COLUMNS)[number], string>>) {
  const row = {
    姓名: '张三',
    手机号: '13800138000',
    邮箱: 'zhangsan@example.com',
    工号: 'A0001',
    所属公司: '演示科技有限公司',
    所属部门: '研发部/前端组',
    职级: 'P3',
    职位: '前端工程师',
    ...example,
  };
  return template(
    MEMBER_COLUMNS,
    MEMBER_COLUMNS.map((c) => row[c]),
    MEMBER_NOTES,
  );
}

/** Organisation import template: header + one example row + a notes sheet. */
export function buildOrgTemplate() {
  return template(
    ORG_COLUMNS,
    ['演示科技有限公司', '', '演示科技有限公司', '91310115MA1K4QXX1B', '研发部/前端组', '1'],
    ORG_NOTES,
  );
}

/** Sends an .xlsx download with a Chinese file name (RFC 5987 filename*). */
export function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="download.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(body);
}

export interface SheetRow {
  /** 1-based row number in the sheet (the header is row 1). */
  rowNumber: number;
  values: string[];
}

/**
 * Streams the first worksheet's rows after the header, as text cells. The header (row 1) must be
 * the expected columns in order, else the whole file is refused (the task fails with that message).
 */
export async function* readSheetRows(
  input: NodeJS.ReadableStream,
  columns: readonly string[],
): AsyncGenerator<SheetRow> {
  let sawHeader = false;
  try {
    for await (const { rowNumber, cells } of withLocalCopy(input, (file) =>
      readFirstSheet(file, columns.length),
    )) {
      if (!sawHeader) {
        if (rowNumber !== 1 || cells.join('|') !== columns.join('|'))
          throw taskFailure(`导入文件的表头不正确，应为：${columns.join('、')}`);
        sawHeader = true;
        continue;
      }
      yield { rowNumber, values: cells };
    }
  } catch (err) {
    throw err instanceof XlsxFormatError ? taskFailure(err.message) : err;
  }
  if (!sawHeader) throw taskFailure('导入文件中没有数据');
}

/** Writes rows to an .xlsx stream (platform/xlsx/writer.ts: streamed, every cell's text made XML-safe). */
export { writeSheet } from '../../../platform/xlsx/writer.js';
