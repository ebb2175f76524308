import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED, SESSION_MISSING, isSessionLogoutCode } from './envelope.js';
import {
  ApplyType,
  ApplyTypeLabel,
  Category,
  CategoryLabel,
  OrderSource,
  SceneStatus,
  SceneStatusLabel,
  TenantNotifyTypeLabel,
  createTypeLabel,
  isGenericPrintable,
  isNoticeHiddenForUi,
  isPersonalAccount,
  isVersionExpired,
  labelOf,
  optionsOf,
} from './enums.js';
import { EXEMPT_PATHS, isExemptPath } from './constants.js';

describe('labelOf / optionsOf', () => {
  it('finds labels by number or numeric string', () => {
    expect(labelOf(SceneStatusLabel, SceneStatus.closed)).toBe('关闭');
    expect(labelOf(SceneStatusLabel, '2')).toBe('开启');
  });
  it('falls back for unknown, missing and prototype keys', () => {
    expect(labelOf(SceneStatusLabel, 9)).toBe('');
    expect(labelOf(SceneStatusLabel, null, '-')).toBe('-');
    expect(labelOf(SceneStatusLabel, 'toString', '-')).toBe('-');
  });
  it('options keep declaration order with typed values', () => {
    expect(optionsOf(ApplyType, ApplyTypeLabel).map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(optionsOf(SceneStatus, SceneStatusLabel)).toEqual([
      { value: 1, label: '关闭' },
      { value: 2, label: '开启' },
    ]);
  });
});

describe('enumerations of spec §3', () => {
  it('category runs 1 mall … 14 general with a label for each', () => {
    expect(Category.mall).toBe(1);
    expect(Category.medical).toBe(13);
    expect(Category.general).toBe(14);
    expect(Object.values(Category)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(Object.keys(CategoryLabel)).toHaveLength(14);
  });
  it('order source and tenant notify types', () => {
    expect(OrderSource).toEqual({ NORMAL: 1, THIRD: 2, CBS_PAY: 3 });
    expect(labelOf(TenantNotifyTypeLabel, 1)).toBe('紧急');
  });
  it('helpers', () => {
    expect(isPersonalAccount(0)).toBe(true);
    expect(isPersonalAccount(1)).toBe(true);
    expect(isPersonalAccount(2)).toBe(false);
    expect(isVersionExpired(1)).toBe(true);
    expect(isVersionExpired(0)).toBe(false);
    expect(isNoticeHiddenForUi(1, 'welfare')).toBe(true);
    expect(isNoticeHiddenForUi(1, 'fee_control')).toBe(false);
    expect(isNoticeHiddenForUi(2, 'shop_welfare')).toBe(false);
    expect(isGenericPrintable('APPLY_PURCHASE')).toBe(false);
    expect(isGenericPrintable('REIMBURSE')).toBe(true);
    expect(createTypeLabel(true)).toBe('系统创建');
    expect(createTypeLabel(false)).toBe('手动创建');
  });
});

describe('envelope and request constants', () => {
  it('session codes force a logout', () => {
    expect(isSessionLogoutCode(SESSION_MISSING)).toBe(true);
    expect(isSessionLogoutCode(SESSION_EXPIRED)).toBe(true);
    expect(isSessionLogoutCode(0)).toBe(false);
    expect(isSessionLogoutCode('98002005')).toBe(false);
  });
  it('exempt paths match behind a gateway prefix, ignoring the query', () => {
    expect(EXEMPT_PATHS).toHaveLength(21);
    expect(isExemptPath('/invoice/api/web/invoice/pageList?page_num=1')).toBe(true);
    expect(isExemptPath('https://gw.example.com/invoice/api/web/invoice/pageList/bill')).toBe(true);
    expect(isExemptPath('/finobill/api/web/bill/fee/saveFee')).toBe(true);
    expect(isExemptPath('/invoice/api/web/invoice/detail')).toBe(false);
    expect(isExemptPath('/invoice/api/web/invoice/pageListX')).toBe(false);
  });
});
