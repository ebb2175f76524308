import { describe, expect, it } from 'vitest';
import { chinaDay, chinaDayMs, dedupeKey, matchBlacklist } from './verification.service.js';

/** Pure rules of verification: invoice identity, China-time days, blacklist matching. */

describe('dedupeKey', () => {
  it('is type + code + number, and the number alone for 数电票 of any kind', () => {
    expect(dedupeKey('vat_electronic', '033002000211', '83089647')).toBe(
      'vat_electronic|033002000211|83089647',
    );
    expect(dedupeKey('digital_special', '', '24112000000048542163')).toBe('digital|24112000000048542163');
    expect(dedupeKey('digital_normal', '', '24112000000048542163')).toBe(
      dedupeKey('digital_air', '', '24112000000048542163'),
    );
  });
});

describe('China-time days', () => {
  it('turns YYYY-MM-DD into 00:00 UTC+8 and back, also late in the UTC day', () => {
    expect(chinaDayMs('2024-05-28')).toBe(Date.UTC(2024, 4, 27, 16));
    expect(chinaDay(Date.UTC(2024, 4, 27, 16))).toBe('2024-05-28');
    expect(chinaDay(Date.UTC(2024, 4, 27, 15, 59))).toBe('2024-05-27');
  });
});

describe('matchBlacklist', () => {
  const inv = {
    sellerName: '兰溪市悦济舫餐厅',
    sellerTaxId: '91330106MA7GAL1299',
    goods: [{ name: '*餐饮服务*餐费' }, { name: '*烟草制品*卷烟', taxCode: '1030101' }],
  };
  it('matches seller name exactly, tax id case-insensitively, tax codes by prefix and names by keyword', () => {
    expect(matchBlacklist([{ rule_kind: 'seller_name', value: '兰溪市悦济舫' }], inv)).toBeNull();
    expect(matchBlacklist([{ rule_kind: 'seller_name', value: '兰溪市悦济舫餐厅' }], inv)).toEqual({
      field: 'sellerName',
      rule: '销售方名称黑名单',
      value: '兰溪市悦济舫餐厅',
    });
    expect(matchBlacklist([{ rule_kind: 'seller_tax_id', value: '91330106ma7gal1299' }], inv)?.field).toBe(
      'sellerTaxId',
    );
    expect(matchBlacklist([{ rule_kind: 'goods_tax_code', value: '10301' }], inv)?.field).toBe(
      'goods.1.taxCode',
    );
    expect(matchBlacklist([{ rule_kind: 'goods_tax_code', value: '10302' }], inv)).toBeNull();
    expect(matchBlacklist([{ rule_kind: 'goods_keyword', value: '餐饮' }], inv)?.field).toBe('goods.0.name');
  });
  it('answers the first rule that matches', () => {
    const rules = [
      { rule_kind: 'goods_keyword', value: '礼品' },
      { rule_kind: 'goods_keyword', value: '烟草' },
      { rule_kind: 'seller_name', value: '兰溪市悦济舫餐厅' },
    ];
    expect(matchBlacklist(rules, inv)).toEqual({
      field: 'goods.1.name',
      rule: '商品名称关键字黑名单',
      value: '烟草',
    });
  });
});
