import { describe, expect, it } from 'vitest';
import { fieldsFromLayout, kindFromTitle, parseCnDate, type TextItem } from './layout.js';

const at = (x: number, baseline: number, text: string, size = 3): TextItem => ({ x, baseline, size, text });
const values = (items: TextItem[]) =>
  Object.fromEntries(
    Object.entries(fieldsFromLayout(items, 'pdf_text').fields).map(([k, f]) => [
      k,
      (f as { value: unknown }).value,
    ]),
  );

describe('fieldsFromLayout', () => {
  it('reads a value in the same run as its label, and one in the next run', () => {
    expect(
      values([at(10, 10, '发票号码：12345678'), at(10, 20, '开票日期:'), at(30, 20, '2021年3月9日')]),
    ).toEqual({ number: '12345678', date: '2021-03-09' });
  });

  it('a value stops at the next label and at text far to the right', () => {
    expect(
      values([
        at(5, 30, '购'),
        at(10, 30, '纳税人识别号：'),
        at(35, 30, '91320115MA202UKD7X'),
        at(150, 30, '说明文字'),
        at(5, 40, '购'),
        at(10, 40, '名称：'),
        at(25, 40, '某某'),
        at(31, 40, '公司'),
        at(60, 40, '地址、电话：'),
        at(80, 40, '杭州'),
      ]),
    ).toEqual({ buyerTaxId: '91320115MA202UKD7X', buyerName: '某某公司' });
  });

  it('an empty value does not take a run from across the page', () => {
    expect(values([at(5, 30, '购'), at(10, 30, '名称：'), at(150, 30, '说明文字')])).toEqual({});
  });

  it('*** as the 合计 tax is tax exempt (0), and the total comes from （小写）', () => {
    expect(
      values([
        at(20, 90, '合'),
        at(36, 90, '计'),
        at(140, 90, '¥600.00'),
        at(190, 90, '***'),
        at(140, 97, '（小写）'),
        at(160, 97, '¥600.00'),
      ]),
    ).toEqual({ amount: 60000, tax: 0, total: 60000 });
  });

  it('buyer and seller side by side (数电票) or stacked (old layout)', () => {
    const side = values([
      at(6, 36, '购'),
      at(106, 36, '销'),
      at(11, 37, '名称：'),
      at(22, 37, '甲公司'),
      at(112, 37, '名称：'),
      at(122, 37, '乙公司'),
    ]);
    expect(side).toEqual({ buyerName: '甲公司', sellerName: '乙公司' });
    const stacked = values([
      at(7, 35, '购买方'),
      at(7, 110, '销售方'),
      at(14, 34, '名      称:'),
      at(36, 34, '甲公司'),
      at(14, 108, '名      称:'),
      at(36, 108, '乙公司'),
    ]);
    expect(stacked).toEqual({ buyerName: '甲公司', sellerName: '乙公司' });
  });

  it('kinds from titles, most specific first', () => {
    expect(kindFromTitle('电子发票（增值税专用发票）')).toBe('digital_special');
    expect(kindFromTitle('电子发票(普通发票)')).toBe('digital_normal');
    expect(kindFromTitle('浙江增值税电子普通发票')).toBe('vat_electronic');
    expect(kindFromTitle('北京增值税专用发票')).toBe('vat_special');
    expect(kindFromTitle('增值税电子专用发票')).toBe('vat_electronic_special');
    expect(kindFromTitle('某某收据')).toBeUndefined();
  });

  it('parseCnDate', () => {
    expect(parseCnDate('2020年07月23日')).toBe('2020-07-23');
    expect(parseCnDate('2020-7-3')).toBe('2020-07-03');
    expect(parseCnDate('2020年02月30日')).toBeUndefined();
  });
});
