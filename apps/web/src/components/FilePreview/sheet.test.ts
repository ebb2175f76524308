import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeRange, sheetTables } from './sheet';

describe('sheetTables', () => {
  it('reads every sheet of the seeded 费用明细.xlsx: text as Excel shows it, formula results, merges', async () => {
    let dir = process.cwd();
    while (!fs.existsSync(path.join(dir, 'test-data'))) dir = path.dirname(dir);
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, 'test-data/preview/expense_details.xlsx')));
    const [detail, summary] = await sheetTables(bytes);
    expect(detail!.name).toBe('费用明细');
    expect(detail!.rows[0]!.map((c) => c.text)).toEqual(['日期', '费用项目', '金额（元）', '发票号码']);
    expect(detail!.rows[0]![0]!.bold).toBe(true);
    expect(detail!.rows[1]![2]).toMatchObject({ text: '4197.17', numeric: true });
    expect(detail!.rows[3]![2]).toMatchObject({ text: '4449', numeric: true }); // =C2+C3
    expect(summary!.name).toBe('汇总');
    const merged = summary!.rows[3]!;
    expect(merged[0]).toMatchObject({ text: '已提交审批', colSpan: 2, hidden: false });
    expect(merged[1]!.hidden).toBe(true);
  });

  it('refuses a file that is not a workbook', async () => {
    await expect(sheetTables(new TextEncoder().encode('not xlsx'))).rejects.toThrow('Excel 文件解析失败');
  });

  it('reads merge ranges', () => {
    expect(mergeRange('A4:B4')).toEqual({ r: 3, c: 0, rows: 1, cols: 2 });
    expect(mergeRange('AA1:AB3')).toEqual({ r: 0, c: 26, rows: 3, cols: 2 });
    expect(mergeRange('x')).toBeNull();
  });
});
