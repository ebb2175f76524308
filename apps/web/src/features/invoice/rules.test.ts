import { describe, expect, it } from 'vitest';
import { decodeFilter } from '@/components/filters/rules';
import {
  buyLinkOf,
  detailLayout,
  filteredValueOf,
  filtersToParams,
  lockedReason,
  patchParams,
  queryFromUrl,
  refusalIndex,
} from './rules';

describe('the list query held in the URL', () => {
  it('keeps known filters, drops malformed ones, defaults page and size', () => {
    const q = queryFromUrl(
      new URLSearchParams(
        'tab=finish&code=0330&dealStatus=2&amountTaxMin=100&amountTaxMax=x&sortField=amountTax&pageSize=500&userOrgId=abc&tab2=1',
      ),
      'org',
    );
    expect(q).toEqual({
      scope: 'org',
      pageNum: 1,
      pageSize: 20,
      tab: 'finish',
      code: '0330',
      dealStatus: 2,
      amountTaxMin: 100,
      sortField: 'amountTax',
      sortOrder: 'desc',
    });
    expect(queryFromUrl(new URLSearchParams('tab=nope&sortField=sellerName'), 'person')).toEqual({
      scope: 'person',
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('a filter change goes back to page 1; a page change keeps the filters', () => {
    const p = new URLSearchParams('pageNum=3&code=1');
    expect(patchParams(p, { number: '8' }).toString()).toBe('code=1&number=8');
    expect(patchParams(p, { pageNum: 4 }).toString()).toBe('pageNum=4&code=1');
    expect(patchParams(p, { code: undefined }).toString()).toBe('');
  });

  it('column filters round-trip: the state shown is the one applied', () => {
    const q = queryFromUrl(new URLSearchParams('sellerName=兰溪&billingDateMin=5&recentStatus=3'), 'person');
    const filters = {
      sellerName: filteredValueOf(q, 'sellerName'),
      billingDate: filteredValueOf(q, 'billingDate'),
      recentStatus: filteredValueOf(q, 'recentStatus'),
      code: filteredValueOf(q, 'code'),
    };
    expect(filters.code).toBeNull();
    expect(decodeFilter(filters.billingDate)).toMatchObject({ kind: 'dateRange', start: 5, end: null });
    const params = filtersToParams(filters, decodeFilter);
    expect(params).toMatchObject({ sellerName: '兰溪', billingDateMin: '5', recentStatus: '3' });
    expect(params.billingDateMax).toBeUndefined();
    expect('code' in params).toBe(true); // cleared filters are removed from the URL
  });
});

describe('detail layout, locks and refusals', () => {
  it('lays out by kind', () => {
    expect(detailLayout('vat_special', false)).toBe('vat');
    expect(detailLayout('digital_normal', false)).toBe('vat');
    expect(detailLayout('train', false)).toBe('train');
    expect(detailLayout('digital_train', false)).toBe('train');
    expect(detailLayout('digital_air', false)).toBe('air');
    expect(detailLayout('air', false)).toBe('air');
    expect(detailLayout('taxi', false)).toBe('simple');
    expect(detailLayout('other', true)).toBe('train');
  });

  it('核销中 and 已核销 are locked', () => {
    expect(lockedReason(1)).toBeNull();
    expect(lockedReason(2)).toBe('核销中的发票不能删除');
    expect(lockedReason(3)).toBe('已核销的发票不能删除');
    expect(lockedReason(1, 10000)).toBe('已部分核销的发票不能删除');
  });

  it('finds the refused invoice from its field path or its message', () => {
    expect(refusalIndex('x', [{ field: 'invoices.2.total' }])).toBe(2);
    expect(refusalIndex('第3张发票：该发票已由员工乙于2026-11-20 10:00录入，不能重复录入')).toBe(2);
    expect(refusalIndex('电子发票查验包余量不足，请购买后再查验')).toBeNull();
  });

  it('only a same-site link to buy checks is followed', () => {
    expect(buyLinkOf({ data: { link: '/setcenter/rightRecharge/productVersion?type=product' } })).toBe(
      '/setcenter/rightRecharge/productVersion?type=product',
    );
    expect(buyLinkOf({ data: { link: 'https://evil.example/' } })).toBeNull();
    expect(buyLinkOf({ data: null })).toBeNull();
    expect(buyLinkOf(null)).toBeNull();
  });
});
