import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fieldText, formFromBill, lineProblems, localDay, saveBody, type BillFormValues } from './billForm';
import { billDetail } from './test/fixtures';
import { emptyFeeLine, emptyTripLine } from './types';

const day = (d: string) => new Date(`${d}T00:00:00`).getTime();

describe('the document form', () => {
  it('sends fee lines in 分 with days and invoice ids; an expense’s amount is their sum', () => {
    const v: BillFormValues = {
      title: ' 上海出差 ',
      departmentId: 8,
      companyId: 2,
      amount: 999,
      remark: '',
      fees: [
        {
          ...emptyFeeLine(),
          feeType: 'meal',
          amount: 52600,
          date: day('2026-11-20'),
          invoices: [{ id: 2, number: '83089647', sellerName: '兰溪市悦济舫餐厅', amountTax: 52600 }],
        },
        {
          ...emptyFeeLine(),
          id: 4,
          feeType: 'traffic',
          amount: 7,
          date: day('2026-11-21'),
          remark: ' 打车 ',
        },
      ],
      trips: [
        {
          ...emptyTripLine(),
          date: [day('2026-11-18'), day('2026-11-21')],
          locationCus: '上海',
          budget_traffic: 56000,
          budget_stay: null,
          budget_other: 1,
        },
      ],
      related: [
        {
          id: 9,
          billNumber: 'SQ1',
          createType: 1,
          name: '',
          time: null,
          submitterName: '',
          deptName: '',
          orgName: '',
        },
      ],
    };
    expect(saveBody('expense', 5, v)).toEqual({
      id: 5,
      billType: 'expense',
      title: '上海出差',
      departmentId: 8,
      companyId: 2,
      amount: 52607,
      remark: '',
      loanId: undefined,
      relatedBillIds: [9],
      fees: [
        { id: undefined, feeType: 'meal', amount: 52600, date: '2026-11-20', remark: '', invoiceIds: [2] },
        { id: 4, feeType: 'traffic', amount: 7, date: '2026-11-21', remark: '打车', invoiceIds: [] },
      ],
      trips: [
        {
          id: undefined,
          peers: '',
          date: ['2026-11-18', '2026-11-21'],
          locationCus: '上海',
          budget_traffic: 56000,
          budget_stay: 0,
          budget_other: 1,
        },
      ],
    });
    // A loan without fee lines sends the amount typed.
    expect(saveBody('loan', undefined, { ...v, fees: [] }).amount).toBe(999);
  });

  it('names the incomplete lines before asking the server', () => {
    const v: BillFormValues = {
      title: 'x',
      fees: [{ ...emptyFeeLine(), feeType: 'meal' }],
      trips: [{ ...emptyTripLine(), locationCus: '上海' }],
      related: [],
    };
    expect(lineProblems(v)).toEqual(['第1条费用：请填写金额、发生日期', '第1条行程：请填写出行日期']);
  });

  it('reads a refused line field as the user sees it', () => {
    expect(fieldText('fees.1.amount', '金额：超出范围')).toBe('第2条费用：金额：超出范围');
    expect(fieldText('trips.0.date', '返回日期不能早于出发日期')).toBe('第1条行程：返回日期不能早于出发日期');
    expect(fieldText('title', '事由：不能为空')).toBe('事由：不能为空');
  });

  it('loads a saved document back into the form', () => {
    const v = formFromBill(billDetail(3));
    expect(v.fees[0]).toMatchObject({ id: 31, feeType: 'traffic', amount: 1120, invoices: [{ id: 7 }] });
    expect(v.trips[0]).toMatchObject({ id: 41, locationCus: '上海', budget_stay: 128000 });
  });

  it('keeps the China day the server sent whatever the browser’s zone', () => {
    const chinaDay = Date.parse('2026-11-20T00:00:00+08:00');
    expect(dayjs(localDay(chinaDay)).format('YYYY-MM-DD')).toBe('2026-11-20');
    const v = formFromBill(billDetail(3));
    expect(saveBody('expense', 3, v).fees?.[0].date).toBe(
      dayjs(localDay(billDetail(3).fees[0].date)).format('YYYY-MM-DD'),
    );
  });
});
