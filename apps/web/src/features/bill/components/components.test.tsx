import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { invoicePage as page, invoiceRow as row } from '../test/fixtures';
import { emptyFeeLine, emptyTripLine, type FeeLineValue, type TripLineValue } from '../types';
import { ApprovalTimeline } from './ApprovalTimeline';
import { FeeLinesEditor } from './FeeLinesEditor';
import { RelatedBillsTable } from './RelatedBillsTable';
import { TripLinesEditor } from './TripLinesEditor';

vi.setConfig({ testTimeout: 60_000 });

const W = '/invoice/api/web/invoice';
const FEE_TYPES = [
  { value: 'traffic', title: '交通费' },
  { value: 'hotel', title: '住宿费' },
];

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoice:view'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-modal-root').forEach((n) => n.remove());
});

/** The editor held in state, the latest value readable. */
function FeeHarness({ initial, seen }: { initial: FeeLineValue[]; seen: { current: FeeLineValue[] } }) {
  const [v, setV] = useState(initial);
  seen.current = v;
  return <FeeLinesEditor value={v} onChange={setV} feeTypes={FEE_TYPES} />;
}
function TripHarness({ seen }: { seen: { current: TripLineValue[] } }) {
  const [v, setV] = useState<TripLineValue[]>([emptyTripLine()]);
  seen.current = v;
  return <TripLinesEditor value={v} onChange={setV} />;
}

describe('费用明细', () => {
  it('takes 元 and keeps 分; picks the caller’s available invoices (pageList/bill), the amount following them', async () => {
    const api = stubServer({
      [`GET ${W}/pageList/bill`]: () =>
        page([
          row(1, { number: '24112000000048542163', sellerName: '杭州融运科技有限公司', amountTax: 1120 }),
          row(2, { number: '99934328', amountTax: 52600 }),
        ]),
    });
    const seen = { current: [] as FeeLineValue[] };
    renderAt(<FeeHarness initial={[emptyFeeLine(), emptyFeeLine()]} seen={seen} />, '/bill/edit');
    fireEvent.change(screen.getByLabelText('金额1'), { target: { value: '158.5' } });
    fireEvent.blur(screen.getByLabelText('金额1'));
    expect(seen.current[0].amount).toBe(15850);
    fireEvent.change(screen.getByLabelText('备注1'), { target: { value: '打车' } });
    expect(seen.current[0].remark).toBe('打车');

    // Line 2: pick one invoice; its empty amount becomes the invoice's total.
    fireEvent.click(screen.getAllByRole('button', { name: '选择发票' })[1]);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    fireEvent.click(await within(dialog).findByText('24112000000048542163', undefined, { timeout: 15_000 }));
    expect(within(dialog).getByText(/已选 1 张，合计 ¥11.20/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(seen.current[1].invoices.map((i) => i.id)).toEqual([1]);
    expect(seen.current[1].amount).toBe(1120);
    expect(screen.getByTestId('line-invoice-24112000000048542163').textContent).toContain(
      '杭州融运科技有限公司',
    );
    expect(screen.getByTestId('fee-total').textContent).toBe('¥169.70');
    expect(api.to(`GET ${W}/pageList/bill`)[0].query.get('pageNum')).toBe('1');

    // Line 1 cannot take the invoice line 2 holds.
    fireEvent.click(screen.getAllByRole('button', { name: '选择发票' })[0]);
    const again = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    const held = (
      await within(again).findByText('24112000000048542163', undefined, { timeout: 15_000 })
    ).closest('tr')!;
    expect((within(held).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });

  it('removes an invoice and a line', async () => {
    stubServer({});
    const seen = { current: [] as FeeLineValue[] };
    const line: FeeLineValue = {
      ...emptyFeeLine(),
      amount: 100,
      invoices: [{ id: 5, number: '111', sellerName: '甲', amountTax: 100 }],
    };
    renderAt(<FeeHarness initial={[line, emptyFeeLine()]} seen={seen} />, '/bill/edit');
    fireEvent.click(screen.getByRole('button', { name: '移除发票111' }));
    expect(seen.current[0].invoices).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: '删除费用' })[1]);
    expect(seen.current).toHaveLength(1);
  });
});

describe('行程明细', () => {
  it('sums the three budgets into budget_total, in 分', () => {
    stubServer({});
    const seen = { current: [] as TripLineValue[] };
    renderAt(<TripHarness seen={seen} />, '/bill/edit');
    fireEvent.change(screen.getByLabelText('交通预算1'), { target: { value: '560' } });
    fireEvent.change(screen.getByLabelText('住宿预算1'), { target: { value: '1280.5' } });
    fireEvent.change(screen.getByLabelText('其他预算1'), { target: { value: '0.07' } });
    fireEvent.change(screen.getByLabelText('目的地1'), { target: { value: '上海' } });
    expect(seen.current[0]).toMatchObject({
      budget_traffic: 56000,
      budget_stay: 128050,
      budget_other: 7,
      locationCus: '上海',
    });
    expect(screen.getByTestId('trip-total').textContent).toBe('1840.57');
  });
});

describe('审批记录', () => {
  it('shows node, approver, 代 X 审批, action, opinion and time, then the current step', () => {
    renderAt(
      <ApprovalTimeline
        records={[
          {
            nodeName: '发起',
            actorName: '员工乙',
            actionLabel: '提交',
            action: 'submitted',
            at: 1_795_000_000_000,
          },
          {
            nodeName: '部门审批',
            actorName: '审批人甲',
            onBehalfOfText: '代 张经理 审批',
            actionLabel: '通过',
            action: 'approved',
            opinion: '同意报销',
            at: 1_795_000_060_000,
          },
        ]}
        current={{ nodeName: '财务审批', approverNames: ['演示管理员', '财务乙'] }}
      />,
    );
    const rows = screen.getAllByTestId('timeline-record');
    expect(rows[1].textContent).toContain('部门审批审批人甲代 张经理 审批通过');
    expect(rows[1].textContent).toContain('意见：同意报销');
    expect(screen.getByTestId('timeline-current').textContent).toBe(
      '财务审批审批中待 演示管理员、财务乙 审批',
    );
  });

  it('says so before anything was submitted', () => {
    renderAt(<ApprovalTimeline records={[]} />);
    expect(screen.getByText('尚未提交审批')).toBeTruthy();
  });
});

describe('关联单据', () => {
  it('has the spec’s columns and labels 系统创建 / 手动创建', () => {
    const open = vi.fn();
    renderAt(
      <RelatedBillsTable
        onOpen={open}
        rows={[
          {
            id: 1,
            billNumber: 'SQ202611270001',
            createType: 2,
            name: '上海出差申请',
            time: 1_795_000_000_000,
            submitterName: '员工乙',
            deptName: '研发部',
            orgName: '演示科技',
          },
          {
            id: 2,
            billNumber: 'SQ202611270002',
            createType: 1,
            name: '会务申请',
            time: null,
            submitterName: '员工乙',
            deptName: '',
            orgName: '演示科技',
          },
        ]}
      />,
    );
    const heads = [...document.querySelectorAll('th')].map((t) => t.textContent);
    expect(heads).toEqual(['单据编号', '创建方式', '单据名称', '提交时间', '提交人', '部门', '公司']);
    expect(screen.getByText('系统创建')).toBeTruthy();
    expect(screen.getByText('手动创建')).toBeTruthy();
    fireEvent.click(screen.getByText('SQ202611270001'));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });
});
