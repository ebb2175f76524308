import { describe, expect, it } from 'vitest';
import { actionsOf, detailPath, orderKey, refsOfKeys, settleStatusTag } from './settle.rules';

describe('开票 rules', () => {
  it('keys an order by kind and id and reads the keys back', () => {
    expect(orderKey({ kind: 2, id: 15 })).toBe('2:15');
    expect(refsOfKeys(['1:3', '3:9'])).toEqual([
      { kind: 1, id: 3 },
      { kind: 3, id: 9 },
    ]);
  });
  it('names the statuses and what the tenant may do in each', () => {
    expect(settleStatusTag(1).text).toBe('待开票');
    expect(settleStatusTag(3).text).toBe('已邮寄');
    expect(settleStatusTag(9, '未知')).toEqual({ text: '未知', color: 'default' });
    expect(actionsOf(1)).toEqual({ canReturn: true, returnLabel: '撤回申请', canReApply: false });
    expect(actionsOf(2)).toMatchObject({ canReturn: true, returnLabel: '退回发票' });
    expect(actionsOf(4)).toMatchObject({ canReturn: false, canReApply: true });
    expect(actionsOf(5)).toMatchObject({ canReturn: false, canReApply: false });
    expect(detailPath(7)).toBe('/setcenter/rightRecharge/tenantInvoiceDetail?invoice_id=7');
  });
});
