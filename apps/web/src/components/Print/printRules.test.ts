import { describe, expect, it } from 'vitest';
import { PRINT_CHOOSE_TYPE, PRINT_NOTHING } from '@feikong/contracts';
import {
  choiceError,
  defaultChoice,
  DISPLAY_MODE_OPTIONS,
  exportBody,
  fileTypeOf,
  isMergeable,
  mergeItems,
  printRoute,
} from './printRules';

describe('print choice (spec 5, 7.8)', () => {
  it('defaults to the invoices, 每页2张 (TWO), by 开票日期', () => {
    expect(defaultChoice()).toEqual({
      types: ['invoice'],
      displayMode: 'TWO',
      sort: 'BILL_DATE',
      remarks: {},
    });
    expect(DISPLAY_MODE_OPTIONS.map((o) => `${o.value}:${o.label}`)).toEqual([
      'ONE:每页1张',
      'TWO:每页2张',
      'FOUR:每页4张',
    ]);
  });

  it('needs at least one print type', () => {
    expect(choiceError({ types: [] })).toBe(PRINT_CHOOSE_TYPE);
    expect(choiceError({ types: ['attachment'] })).toBeNull();
  });

  it('goes through export/custom with 发票 ticked, file/merge for 附件 alone', () => {
    expect(printRoute({ types: ['invoice'] })).toBe('export');
    expect(printRoute({ types: ['invoice', 'attachment'] })).toBe('export');
    expect(printRoute({ types: ['attachment'] })).toBe('merge');
  });

  it('builds the export/custom payload: trimmed remarks, empty ones left out, attach with 附件', () => {
    const choice = {
      ...defaultChoice(),
      types: ['invoice', 'attachment'] as const,
      displayMode: 'FOUR' as const,
      remarks: { 1: '  出差 北京 ', 2: '   ' },
    };
    expect(exportBody([1, 2, 3], { ...choice, types: [...choice.types] }, true)).toEqual({
      invoiceIds: [1, 2, 3],
      sort: 'BILL_DATE',
      format: 'PDF',
      attach: true,
      fileName: '发票打印',
      displayMode: 'FOUR',
      exportMode: 'LOCAL',
      preview: true,
      items: [{ invoiceId: 1, remark: '出差 北京' }],
    });
    const plain = exportBody([5], { ...defaultChoice(), fileName: ' 十一月 ' }, false);
    expect(plain).toMatchObject({ attach: false, preview: false, fileName: '十一月', displayMode: 'TWO' });
    expect(plain).not.toHaveProperty('items');
  });

  it('lists attachments for file/merge in billing-date order, the remark naming the invoice', () => {
    const items = mergeItems(
      [
        {
          id: 2,
          number: '222',
          billingDate: 200,
          attachments: [{ fileKey: 'k/b.PNG', fileName: '水单.PNG' }],
        },
        {
          id: 1,
          number: '111',
          billingDate: 100,
          attachments: [
            { fileKey: 'k/a.pdf', fileName: '行程单.pdf' },
            { fileKey: 'k/c.ofd', fileName: '原件.ofd' },
          ],
        },
      ],
      { 1: ' 报销 ' },
    );
    expect(items).toEqual([
      {
        filePath: 'k/a.pdf',
        fileType: 'pdf',
        fileName: '行程单.pdf',
        remark: '发票 111 附件 行程单.pdf：报销',
      },
      { filePath: 'k/c.ofd', fileType: 'ofd', fileName: '原件.ofd', remark: '发票 111 附件 原件.ofd：报销' },
      { filePath: 'k/b.PNG', fileType: 'png', fileName: '水单.PNG', remark: '发票 222 附件 水单.PNG' },
    ]);
    expect(() => mergeItems([{ id: 1, number: '1', billingDate: 1, attachments: [] }], {})).toThrow(
      PRINT_NOTHING,
    );
  });

  it('knows the mergeable types (jpg, jpeg, png, pdf)', () => {
    expect(fileTypeOf('a.b.JPEG')).toBe('jpeg');
    expect(fileTypeOf('noext')).toBe('');
    expect(['x.jpg', 'x.jpeg', 'x.png', 'x.pdf'].every(isMergeable)).toBe(true);
    expect(['x.ofd', 'x.docx', 'x'].some(isMergeable)).toBe(false);
  });
});
