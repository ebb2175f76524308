import { describe, expect, it } from 'vitest';
import { EXPIRY_EXEMPT_ROUTE_NAMES, type VersionNotice } from '@feikong/contracts';
import {
  alertTypeOf,
  checkReceiptFile,
  dateOfSeconds,
  expiryDateOfSeconds,
  fileSizeText,
  isImageReceipt,
  RECEIPT_MAX_BYTES,
  receiptFits,
  monthOptions,
  monthsText,
  noticeOrderPath,
  orderStatusTag,
  periodUnit,
  priceText,
  purchaseTabOf,
  shouldShowExpiryPrompt,
  visibleNotices,
} from './rules';

describe('prices (money in 分, shown ÷100 with 2 decimals)', () => {
  it('formats cents as yuan with two decimals', () => {
    expect(priceText(298_000)).toBe('¥2980.00');
    expect(priceText(1_598_000)).toBe('¥15980.00');
    expect(priceText(8_000)).toBe('¥80.00');
    expect(priceText(1)).toBe('¥0.01');
    expect(priceText(199_999)).toBe('¥1999.99');
    expect(priceText(0)).toBe('¥0.00');
    expect(priceText(null)).toBe('-');
  });
  it('names the billing period and the purchase length', () => {
    expect(periodUnit(12)).toBe('年');
    expect(periodUnit(1)).toBe('月');
    expect(periodUnit(6)).toBe('半年');
    expect(periodUnit(24)).toBe('2年');
    expect(periodUnit(3)).toBe('3个月');
    expect(monthsText(12)).toBe('1年');
    expect(monthsText(36)).toBe('3年');
    expect(monthsText(18)).toBe('18个月');
    expect(monthsText(null)).toBe('-');
  });
  it('offers whole periods up to 60 months', () => {
    expect(monthOptions(12)).toEqual([12, 24, 36, 48, 60]);
    expect(monthOptions(6, 24)).toEqual([6, 12, 18, 24]);
    expect(monthOptions(0)).toEqual([]);
  });
});

describe('productVersion query type (spec §2.3)', () => {
  it('is product or productVersion, productVersion by default', () => {
    expect(purchaseTabOf('product')).toBe('product');
    expect(purchaseTabOf('productVersion')).toBe('productVersion');
    expect(purchaseTabOf(null)).toBe('productVersion');
    expect(purchaseTabOf('other')).toBe('productVersion');
  });
});

describe('version notices (spec §2.4, §3, §6)', () => {
  const notices = [
    { message: '标准版将于2026-12-01到期', notify_type: 2, product_type: 2, product_id: 2 },
    { message: '电子发票查验包余量不足', notify_type: 2, product_type: 1, product_id: 1 },
    { message: '', notify_type: 3, product_type: 2, product_id: null },
  ] satisfies VersionNotice[];
  it('hides product-type (1) notices for welfare and shop_welfare only', () => {
    expect(visibleNotices(notices, 'fee_control').map((n) => n.product_type)).toEqual([2, 1]);
    expect(visibleNotices(notices, 'welfare').map((n) => n.product_type)).toEqual([2]);
    expect(visibleNotices(notices, 'shop_welfare').map((n) => n.product_type)).toEqual([2]);
  });
  it('survives a reply that is not a list', () => {
    expect(visibleNotices(undefined, 'fee_control')).toEqual([]);
    expect(visibleNotices({ items: [] } as never, 'fee_control')).toEqual([]);
  });
  it('maps notify_type to the alert colour and 立即订购 to the right tab', () => {
    expect([1, 2, 3, 9].map(alertTypeOf)).toEqual(['error', 'warning', 'info', 'info']);
    expect(noticeOrderPath({ product_type: 1 })).toBe('/setcenter/rightRecharge/productVersion?type=product');
    expect(noticeOrderPath({ product_type: 2 })).toBe(
      '/setcenter/rightRecharge/productVersion?type=productVersion',
    );
  });
});

describe('expiry prompt (spec §2.2, §4.4)', () => {
  const expired = { status: 1 };
  it('exempts exactly login, productVersion, cashier and tenantOrder', () => {
    expect([...EXPIRY_EXEMPT_ROUTE_NAMES].sort()).toEqual([
      'cashier',
      'login',
      'productVersion',
      'tenantOrder',
    ]);
    for (const name of EXPIRY_EXEMPT_ROUTE_NAMES) {
      expect(shouldShowExpiryPrompt(expired, ['rightRecharge', name])).toBe(false);
    }
  });
  it('shows on any other guarded route when the version is expired (status 1)', () => {
    expect(shouldShowExpiryPrompt(expired, ['home', 'homeIndex'])).toBe(true);
    expect(shouldShowExpiryPrompt({ status: '1' }, ['orgInfo'])).toBe(true);
    expect(shouldShowExpiryPrompt({ status: 0 }, ['home'])).toBe(false);
    expect(shouldShowExpiryPrompt(null, ['home'])).toBe(false);
  });
});

describe('orders', () => {
  it('tags each status', () => {
    expect([1, 2, 3, 4].map((s) => orderStatusTag(s).text)).toEqual([
      '待支付',
      '已付款待确认',
      '已完成',
      '已取消',
    ]);
    expect(orderStatusTag(9, '未知').text).toBe('未知');
  });
  it('shows version dates (seconds) as days in Shanghai, whatever the browser time zone', () => {
    expect(dateOfSeconds(Date.parse('2026-10-23T04:00:00Z') / 1000)).toBe('2026-10-23');
    expect(dateOfSeconds(Date.parse('2026-10-24T16:00:00Z') / 1000)).toBe('2026-10-25');
    expect(dateOfSeconds(null)).toBe('');
  });
  it('shows an expiry as its last valid day (the server notices use the same rule)', () => {
    // 2026-10-24T16:00:00Z is 10-25 00:00 in Shanghai: the version works through 10-24.
    expect(expiryDateOfSeconds(Date.parse('2026-10-24T16:00:00Z') / 1000)).toBe('2026-10-24');
    expect(expiryDateOfSeconds(Date.parse('2026-10-24T15:59:59.999Z') / 1000)).toBe('2026-10-24');
    expect(expiryDateOfSeconds(Date.parse('2026-10-24T18:30:00Z') / 1000)).toBe('2026-10-25');
    expect(expiryDateOfSeconds(undefined)).toBe('');
  });
});

describe('transfer receipts (转账凭证)', () => {
  it('accepts JPG, PNG and PDF up to 10 MB, with the server’s messages otherwise', () => {
    expect(checkReceiptFile({ name: '回单.jpg', size: 1000 })).toBeNull();
    expect(checkReceiptFile({ name: '回单.JPEG', size: 1000 })).toBeNull();
    expect(checkReceiptFile({ name: 'a.b.PNG', size: 1000 })).toBeNull();
    expect(checkReceiptFile({ name: '电子回单.pdf', size: RECEIPT_MAX_BYTES })).toBeNull();
    expect(checkReceiptFile({ name: '回单.gif', size: 1000 })).toBe('仅支持 JPG、PNG 或 PDF 格式的凭证');
    expect(checkReceiptFile({ name: '回单', size: 1000 })).toBe('仅支持 JPG、PNG 或 PDF 格式的凭证');
    expect(checkReceiptFile({ name: 'pdf', size: 1000 })).toBe('仅支持 JPG、PNG 或 PDF 格式的凭证');
    expect(checkReceiptFile({ name: '回单.png', size: RECEIPT_MAX_BYTES + 1 })).toBe('凭证不能超过 10MB');
    expect(checkReceiptFile({ name: '回单.png', size: 0 })).toBe('凭证文件为空，请重新选择');
  });
  it('lets at most 3 receipts in, counting a batch chosen at once', () => {
    expect(receiptFits(0, 0)).toBe(true);
    expect(receiptFits(0, 2)).toBe(true);
    expect(receiptFits(0, 3)).toBe(false);
    expect(receiptFits(2, 0)).toBe(true);
    expect(receiptFits(2, 1)).toBe(false);
    expect(receiptFits(3, 0)).toBe(false);
  });
  it('tells images from PDFs and formats sizes', () => {
    expect(isImageReceipt({ content_type: 'image/png' })).toBe(true);
    expect(isImageReceipt({ content_type: 'application/pdf', file_name: 'x.png' })).toBe(false);
    expect(isImageReceipt({ file_name: '回单.JPG' })).toBe(true);
    expect(isImageReceipt({ file_name: '回单.pdf' })).toBe(false);
    expect(fileSizeText(2048)).toBe('2.0 KB');
    expect(fileSizeText(3_500_000)).toBe('3.3 MB');
  });
});
