import { describe, expect, it } from 'vitest';
import { encodeBrackets, trimStrings } from './http/encode';
import { EXEMPT_PATHS, isExemptPath } from './http/exempt';
import { randomId } from './http/ids';

describe('encodeBrackets', () => {
  it('arrays in bracket style, nested objects, arrays of objects; skips null/undefined', () => {
    expect(encodeBrackets({ a: [1, 2] })).toBe('a[]=1&a[]=2');
    expect(encodeBrackets({ o: { k: 'v', n: { m: 1 } } })).toBe('o[k]=v&o[n][m]=1');
    expect(encodeBrackets({ rows: [{ id: 1 }, { id: 2 }] })).toBe('rows[][id]=1&rows[][id]=2');
    expect(encodeBrackets({ a: null, b: undefined, c: '' })).toBe('c=');
  });

  it('percent-encodes names and values (Chinese, &, =, spaces)', () => {
    const qs = encodeBrackets({ 'k&': '张 三=1' });
    expect(qs).toBe('k%26=%E5%BC%A0%20%E4%B8%89%3D1');
    expect(new URLSearchParams(qs).get('k&')).toBe('张 三=1');
  });

  it('dates become millisecond timestamps', () => {
    expect(encodeBrackets({ d: new Date(1_700_000_000_000) })).toBe('d=1700000000000');
  });

  it('trimStrings trims deeply and leaves other values alone', () => {
    expect(trimStrings({ a: ' x ', b: [' y'], c: { d: 'z ' }, n: 1 })).toEqual({
      a: 'x',
      b: ['y'],
      c: { d: 'z' },
      n: 1,
    });
  });
});

describe('isExemptPath', () => {
  it('matches every listed path below its family prefix, with query strings', () => {
    expect(EXEMPT_PATHS).toHaveLength(21);
    expect(isExemptPath('/invoice/api/web/invoice/ocrCheck')).toBe(true);
    expect(isExemptPath('/invoice/api/web/invoice/pageList?page_num=2')).toBe(true);
    expect(isExemptPath('/invoice/api/web/invoice/pageList/bill')).toBe(true);
    expect(isExemptPath('https://gw.example.com/finobill/api/web/bill/fee/saveFee')).toBe(true);
    expect(isExemptPath('/finobill/api/web/trip/item/editTripItem/')).toBe(true);
  });

  it('does not match neighbours', () => {
    expect(isExemptPath('/invoice/api/web/invoice/record/pageList')).toBe(false);
    expect(isExemptPath('/invoice/api/web/invoice/detail')).toBe(false);
    expect(isExemptPath('/invoice/api/web/invoice/pageListX')).toBe(false);
    expect(isExemptPath('/finobill/api/web/bill/fee/saveFeeDraft')).toBe(false);
  });
});

describe('randomId', () => {
  it('is 32 characters of [0-9a-z] and does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{32}$/);
  });
});
