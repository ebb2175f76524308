import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { jsonReply } from '@/test/fetch';
import { renderAt, stubServer, toasts } from '@/test/screenHarness';
import {
  billDetail,
  billPage,
  billRow,
  invoicePage,
  invoiceRow,
  refusal,
  todoPage,
  todoRow,
} from '../test/fixtures';
import BillDetailPage from './BillDetailPage';
import BillEditPage from './BillEditPage';
import BillListPage from './BillListPage';
import SubmittedListPage from './SubmittedListPage';
import TodoListPage from './TodoListPage';

vi.setConfig({ testTimeout: 60_000 });

const F = '/finobill/api/web/flow';
const W = '/invoice/api/web/invoice';
const ORG = '/org-arch-center/api/v1/departments:list';
const T = { timeout: 15_000 };
const button = (name: string, root: HTMLElement = document.body) =>
  within(root).getByRole('button', { name: new RegExp(`^${name.split('').join('\\s*')}$`) });

const perms = (list: string[]) => setSession({ token: 't', userStatus: 2, userMenus: { perms: list } });

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  perms(['billExpense:view', 'billExpense:add', 'billExpense:edit', 'billExpense:delete', 'billApply:view']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

describe('我的单据', () => {
  it('lists the type of its menu with status tabs and filters in the URL', async () => {
    const api = stubServer({ [`GET ${F}/pageList`]: () => billPage([billRow(1, { billType: 'apply' })]) });
    const { router } = renderAt(<BillListPage />, '/bill/apply?status=draft&keyword=上海');
    expect(await screen.findByText('BX202611270001', undefined, T)).toBeTruthy();
    const q = api.to(`GET ${F}/pageList`)[0].query;
    expect([q.get('billType'), q.get('status'), q.get('keyword')]).toEqual(['apply', 'draft', '上海']);
    expect(screen.getByText('我的申请单')).toBeTruthy();
    expect(screen.getByTestId('bill-tab-approving').textContent).toBe('审批中 2');
    // No 新建 without billApply:add.
    expect(screen.queryByRole('button', { name: /新建申请单/ })).toBeNull();
    fireEvent.click(screen.getByTestId('bill-tab-approving'));
    await waitFor(() => expect(router.state.location.search).toContain('status=approving'));
  });

  it('deletes a draft after the question, copies a document into a new draft', async () => {
    const api = stubServer({
      [`GET ${F}/pageList`]: () =>
        billPage([billRow(1), billRow(2, { status: 'approved', statusText: '已通过' })]),
      [`POST ${F}/delete`]: () => null,
      [`POST ${F}/copy`]: () => ({ id: 9, billNumber: 'BX202611270009' }),
    });
    const { router } = renderAt(<BillListPage />, '/bill/expense');
    const draft = (await screen.findByText('BX202611270001', undefined, T)).closest('tr')!;
    const approved = screen.getByText('BX202611270002').closest('tr')!;
    expect(within(approved).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    fireEvent.click(button('删除', draft));
    const confirm = await waitFor(() => {
      const d = document.querySelector('.ant-modal-confirm');
      if (!d) throw new Error('no confirmation');
      return d as HTMLElement;
    }, T);
    expect(confirm.textContent).toContain('确定删除单据【BX202611270001】吗？');
    fireEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(api.to(`POST ${F}/delete`)[0]?.body).toEqual({ id: 1 }));
    fireEvent.click(button('复制', approved));
    await waitFor(() => expect(router.state.location.search).toBe('?type=expense&id=9'));
    expect(api.to(`POST ${F}/copy`)[0].body).toEqual({ id: 2 });
  });
});

describe('填写单据', () => {
  const org = () => [
    {
      key: 'org-2',
      id: 2,
      pid: 0,
      name: '演示科技',
      full_name: '演示科技',
      order: 1,
      has_priv: true,
      source: 0,
      org_type: 'group',
      org_id: 2,
      children: [
        {
          key: 'dept-8',
          id: 8,
          pid: 2,
          name: '研发部',
          full_name: '研发部',
          order: 1,
          has_priv: true,
          source: 0,
          org_type: 'dept',
          org_id: 2,
          children: [],
        },
      ],
    },
  ];

  it('saves a draft in 分 with the invoices, asks for 自选 approvers, and shows an audit refusal on the form', async () => {
    let submits = 0;
    const api = stubServer({
      [`GET ${ORG}`]: org,
      [`GET ${W}/pageList/bill`]: () =>
        invoicePage([
          invoiceRow(7, {
            number: '24112000000048542163',
            sellerName: '杭州融运科技有限公司',
            amountTax: 1120,
          }),
        ]),
      // the tenant's enabled fee types for a 报销单 (a tree: 市内交通 under 交通费)
      ['GET /finobill/api/web/feeType/options']: (c) => {
        expect(c.query.get('bill_type')).toBe('expense');
        return [
          { id: 1, code: 'travel', name: '差旅费', parent_id: 0, level: 1 },
          { id: 2, code: 'traffic', name: '交通费', parent_id: 0, level: 1 },
          { id: 3, code: 'traffic_city', name: '市内交通', parent_id: 2, level: 2 },
        ];
      },
      [`POST ${F}/save`]: () => ({ id: 5, billNumber: 'BX202611270005' }),
      [`GET ${F}/detail`]: () => billDetail(5, { status: 'draft', statusText: '草稿' }),
      [`GET ${F}/previewRoute`]: () => ({
        flowId: 1,
        flowName: '报销审批',
        version: 1,
        steps: [],
        chosenNodes: [{ nodeId: 'pick', name: '自选审批' }],
      }),
      [`POST ${F}/submit`]: () =>
        ++submits === 1
          ? refusal(400, 12100400, '发票24112000000048542163的开票日期不在行程期间内')
          : { id: 5, status: 'approving', statusText: '审批中' },
      // Colleagues (no phones) come from the lookup every staff member may call.
      ['GET /finobase/api/v1/users']: () => ({
        items: [
          {
            id: 2,
            real_name: '审批人甲',
            user_name: '',
            avatar: null,
            org_id: 1,
            dept_name: '财务部',
            org_name: '',
          },
        ],
        page: { page_num: 1, page_size: 20, total: 1 },
      }),
    });
    renderAt(<BillEditPage />, '/bill/edit?type=expense');
    fireEvent.change(await screen.findByLabelText('事由', undefined, T), {
      target: { value: '杭州停车报销' },
    });
    // Fee line 1: type, amount from the picked invoice, date.
    fireEvent.mouseDown(screen.getByLabelText('费用类型1'));
    expect(await screen.findByTitle('市内交通', undefined, T)).toBeTruthy();
    fireEvent.click(await screen.findByTitle('交通费', undefined, T));
    fireEvent.click(screen.getByRole('button', { name: '选择发票' }));
    const picker = await screen.findByRole('dialog', {}, T);
    fireEvent.click(await within(picker).findByText('24112000000048542163', undefined, T));
    fireEvent.click(button('确定', picker));
    const date = screen.getByLabelText('发生日期1');
    fireEvent.mouseDown(date);
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2026-11-20' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getByTestId('bill-amount').textContent).toBe('¥11.20'), T);

    fireEvent.click(button('提交'));
    await waitFor(() => expect(api.to(`POST ${F}/save`)).toHaveLength(1), T);
    const body = api.to(`POST ${F}/save`)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      billType: 'expense',
      title: '杭州停车报销',
      amount: 1120,
      fees: [{ feeType: 'traffic', amount: 1120, invoiceIds: [7], remark: '' }],
      trips: [],
    });
    expect((body.fees as { date: string }[])[0].date).toBe('2026-11-20');

    // The flow asks for the 自选审批 node's approvers.
    const choose = await screen.findByTestId('choose-approvers', undefined, T);
    const modal = choose.closest('.ant-modal') as HTMLElement;
    fireEvent.click(button('提交', modal));
    expect(await within(modal).findByText('请为「自选审批」选择审批人', undefined, T)).toBeTruthy();
    fireEvent.change(within(modal).getByRole('combobox'), { target: { value: '审批人' } });
    fireEvent.click(await screen.findByText('审批人甲', undefined, { timeout: 15_000 }));
    fireEvent.click(button('提交', modal));
    expect(
      await screen.findByText('发票24112000000048542163的开票日期不在行程期间内', undefined, T),
    ).toBeTruthy();
    expect(api.to(`POST ${F}/submit`)[0].body).toEqual({ id: 5, chosen: { pick: ['2'] }, confirm: false });
  }, 180_000);

  it('智能规则集: 提示 rules ask to confirm and 仍要提交 sends confirm; 禁止提交 rules are listed on the form', async () => {
    const hit = (kind: string, message: string) => ({
      ruleId: kind === 'warn' ? 1 : 2,
      ruleName: kind === 'warn' ? '发票超90天' : '住宿标准',
      kind: 'invoiceAge',
      action: kind,
      message,
      detail: '第1条费用（交通费）',
    });
    const warned = { warnings: [hit('warn', '发票已超过90天')], blocks: [] };
    let submits = 0;
    const api = stubServer({
      [`GET ${ORG}`]: org,
      [`GET ${W}/pageList/bill`]: () => invoicePage([]),
      [`GET ${F}/detail`]: () => billDetail(5, { status: 'draft', statusText: '草稿' }),
      [`POST ${F}/save`]: () => ({ id: 5, billNumber: 'BX202611270005' }),
      [`GET ${F}/previewRoute`]: () => ({
        flowId: 1,
        flowName: '报销审批',
        version: 1,
        steps: [],
        chosenNodes: [],
      }),
      [`POST ${F}/submit`]: () => {
        submits += 1;
        if (submits === 1)
          return jsonReply({ status: 11352409, msg: '请确认后提交：发票已超过90天', data: warned }, 409);
        if (submits === 2) return { id: 5, status: 'approving', statusText: '审批中' };
        return jsonReply(
          {
            status: 11351409,
            msg: '不能提交：住宿费超标',
            data: { warnings: [], blocks: [hit('block', '住宿费超标')] },
          },
          409,
        );
      },
    });
    renderAt(<BillEditPage />, '/bill/edit?type=expense&id=5');
    await screen.findByDisplayValue(billDetail(5).title, undefined, T);
    fireEvent.click(button('提交'));
    // antd's confirm carries its title twice (the dialog's accessible title and the visible one).
    const [confirm] = await screen.findAllByText('单据触发了提示规则，确定仍要提交吗？', undefined, T);
    const dialog = confirm!.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('发票已超过90天')).toBeTruthy();
    fireEvent.click(button('仍要提交', dialog));
    await waitFor(() => expect(api.to(`POST ${F}/submit`)).toHaveLength(2), T);
    expect(api.to(`POST ${F}/submit`).map((c) => (c.body as { confirm: boolean }).confirm)).toEqual([
      false,
      true,
    ]);

    // A 禁止提交 rule: nothing to confirm, the rules are listed above the form.
    cleanup();
    renderAt(<BillEditPage />, '/bill/edit?type=expense&id=5');
    await screen.findByDisplayValue(billDetail(5).title, undefined, T);
    fireEvent.click(button('提交'));
    const alert = await screen.findByTestId('audit-result', undefined, T);
    expect(within(alert).getByText('住宿费超标')).toBeTruthy();
    expect(screen.queryAllByText('单据触发了提示规则，确定仍要提交吗？')).toHaveLength(0);
  }, 180_000);
});

describe('单据详情', () => {
  it('shows fees with invoices, the trip and the timeline with the current step; 同意 acts on my task', async () => {
    const api = stubServer({
      [`GET ${F}/detail`]: () =>
        billDetail(
          3,
          {
            myTasks: [
              {
                taskId: 't1',
                nodeId: 'dept',
                nodeName: '部门审批',
                assigneeId: 2,
                assigneeName: '审批人甲',
                onBehalfOfText: '',
                status: 'running',
                statusText: '待审批',
                signType: null,
                createdAt: 0,
              },
            ],
            rejectNodes: [{ nodeId: 'start', name: '发起人' }],
          },
          { canApprove: true, canReject: true, canTransfer: true, canOpinion: true },
        ),
      [`POST ${F}/approve`]: () => ({ id: 3, status: 'approved', statusText: '已通过' }),
      [`POST ${F}/reject`]: () => ({ id: 3, status: 'returned', statusText: '已退回' }),
    });
    renderAt(<BillDetailPage />, '/bill/detail?id=3');
    expect(await screen.findByTestId('line-invoice-24112000000048542163', undefined, T)).toBeTruthy();
    expect(screen.getByText('杭州融运科技有限公司')).toBeTruthy();
    expect(screen.getByText('上海')).toBeTruthy();
    expect(screen.getByTestId('trip-total').textContent).toBe('1840.00');
    expect(screen.getByTestId('timeline-current').textContent).toContain('待 审批人甲 审批');
    const actions = screen.getByTestId('bill-actions');
    expect(within(actions).queryByRole('button', { name: /撤\s*回/ })).toBeNull();

    fireEvent.click(button('同意', actions));
    const dlg = await screen.findByRole('dialog', {}, T);
    fireEvent.change(within(dlg).getByLabelText('审批意见'), { target: { value: '同意报销' } });
    fireEvent.click(button('确定', dlg));
    await waitFor(() => expect(api.to(`POST ${F}/approve`)).toHaveLength(1), T);
    expect(api.to(`POST ${F}/approve`)[0].body).toEqual({
      id: 3,
      taskId: 't1',
      opinion: '同意报销',
      ccStaffIds: [],
    });

    // 驳回 needs an opinion and may send the document back to a node of rejectNodeList.
    fireEvent.click(button('驳回', actions));
    const rej = await waitFor(() => {
      const d = [...document.querySelectorAll('.ant-modal')].find((m) => m.textContent?.includes('驳回至'));
      if (!d) throw new Error('no reject dialog');
      return d as HTMLElement;
    }, T);
    fireEvent.click(button('确定', rej));
    expect(await within(rej).findByText('请填写驳回意见', undefined, T)).toBeTruthy();
    fireEvent.change(within(rej).getByLabelText('驳回意见'), { target: { value: '发票不全' } });
    fireEvent.mouseDown(within(rej).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('退回至：发起人', undefined, T));
    fireEvent.click(button('确定', rej));
    await waitFor(() => expect(api.to(`POST ${F}/reject`)).toHaveLength(1), T);
    expect(api.to(`POST ${F}/reject`)[0].body).toEqual({
      id: 3,
      taskId: 't1',
      opinion: '发票不全',
      backTo: 'start',
    });
  });
});

describe('我的待办', () => {
  it('asks for a selection, then approves the chosen documents and shows each result', async () => {
    const api = stubServer({
      [`GET ${F}/todoPageList`]: () => todoPage([todoRow(1), todoRow(2)]),
      [`GET ${F}/todoCount`]: () => ({ pending: 2, cc: 1 }),
      [`POST ${F}/batchApprove`]: () => ({
        okCount: 1,
        failCount: 1,
        results: [
          { id: 1, billNumber: 'BX202611270001', ok: true, msg: '' },
          { id: 2, billNumber: 'BX202611270002', ok: false, msg: '任务已被其他审批人处理' },
        ],
      }),
    });
    renderAt(<TodoListPage />, '/todo/list');
    await screen.findByText('BX202611270001', undefined, T);
    expect(screen.getByTestId('todo-tab-pending').textContent).toBe('待审批 2');
    fireEvent.click(button('批量同意'));
    await waitFor(() => expect(toasts().join()).toContain('请至少选择一条数据！'), T);
    const rows = screen.getAllByRole('checkbox');
    fireEvent.click(rows[1]);
    fireEvent.click(rows[2]);
    fireEvent.click(button('批量同意'));
    const dlg = await screen.findByRole('dialog', {}, T);
    expect(within(dlg).getByText('确定同意选中的 2 张单据吗？')).toBeTruthy();
    fireEvent.click(button('同意', dlg));
    const summary = await screen.findByTestId('batch-summary', undefined, T);
    expect(summary.textContent).toBe('成功 1 条，失败 1 条');
    expect(screen.getByText('任务已被其他审批人处理')).toBeTruthy();
    expect(api.to(`POST ${F}/batchApprove`)[0].body).toEqual({ ids: [1, 2], opinion: '' });
  });
});

describe('我发起的 and the done tab', () => {
  it('filters my submitted documents by type and status from the URL', async () => {
    const api = stubServer({
      [`GET ${F}/submittedPageList`]: () =>
        billPage([
          billRow(4, {
            status: 'approving',
            statusText: '审批中',
            currentNodeName: '部门审批',
            currentApprovers: ['审批人甲'],
          }),
        ]),
    });
    renderAt(<SubmittedListPage />, '/todo/submitted?billType=expense&status=approving');
    const row = (await screen.findByText('BX202611270004', undefined, T)).closest('tr')!;
    expect(row.textContent).toContain('部门审批审批人甲');
    const q = api.to(`GET ${F}/submittedPageList`)[0].query;
    expect([q.get('billType'), q.get('status')]).toEqual(['expense', 'approving']);
  });

  it('shows what I did on the 已审批 tab, with no selection', async () => {
    const api = stubServer({
      [`GET ${F}/todoPageList`]: () =>
        todoPage([todoRow(1, { actionLabel: '退回', status: 'returned', statusText: '已退回' })]),
      [`GET ${F}/todoCount`]: () => ({ pending: 0, cc: 0 }),
    });
    renderAt(<TodoListPage />, '/todo/list?tab=done');
    const row = (await screen.findByText('BX202611270001', undefined, T)).closest('tr')!;
    expect(within(row).getByText('退回')).toBeTruthy();
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: '批量同意' })).toBeNull();
    expect(api.to(`GET ${F}/todoPageList`)[0].query.get('tab')).toBe('done');
  });
});

describe('the to-do queue (我的待办 → 单据详情)', () => {
  it('a row opens its document from 我的待办; the detail steps 上一条 / 下一条 and goes 返回待办 to the same list', async () => {
    sessionStorage.clear();
    stubServer({
      [`GET ${F}/todoPageList`]: () => todoPage([todoRow(1), todoRow(2), todoRow(3)]),
      [`GET ${F}/todoCount`]: () => ({ pending: 3, cc: 0 }),
      [`GET ${F}/detail`]: (req) => billDetail(Number(req.query.get('id'))),
    });
    const list = renderAt(<TodoListPage />, '/todo/list?keyword=差旅');
    fireEvent.click(await screen.findByText('BX202611270002', undefined, T));
    await waitFor(() =>
      expect(`${list.router.state.location.pathname}${list.router.state.location.search}`).toBe(
        '/bill/detail?id=2&from=/todo/list',
      ),
    );
    cleanup();

    const { router } = renderAt(<BillDetailPage />, '/bill/detail?id=2&from=/todo/list');
    const position = await screen.findByTestId('queue-position', undefined, T);
    expect(position.textContent).toBe('2 / 3');
    fireEvent.click(screen.getByRole('button', { name: /下一条/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=3&from=/todo/list'));
    await waitFor(() => expect(screen.getByTestId('queue-position').textContent).toBe('3 / 3'), T);
    expect((screen.getByRole('button', { name: /下一条/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /上一条/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=2&from=/todo/list'));
    fireEvent.click(await screen.findByRole('button', { name: /返回待办/ }, T));
    await waitFor(() => expect(router.state.location.pathname).toBe('/todo/list'));
    expect(decodeURIComponent(router.state.location.search)).toBe('?keyword=差旅');
  });
});
