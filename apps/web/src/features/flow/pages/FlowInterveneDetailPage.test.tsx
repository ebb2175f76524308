import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillPrintData } from '@/api/billPrint';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { printPageOf } from '@/subapps/form/FormApp';
import { flowInterveneDetailUrl, readBillId } from '../printPages';
import { B, billDetail, interveneRow, pageOf, refusal } from '../test/fixtures';
import FlowInterveneDetailPage, { waitedText } from './FlowInterveneDetailPage';
import FlowIntervenePage from './FlowIntervenePage';

vi.setConfig({ testTimeout: 60_000 });

const T = { timeout: 15_000 };
const NOW = Date.parse('2026-11-27T10:00:00+08:00');
const HOUR = 3_600_000;
const REASON = '审批人甲离职，部门经理电话确认';
const perms = (list: string[]) => setSession({ token: 't', userStatus: 2, userMenus: { perms: list } });

/** 员工乙's expense: 部门审批 was force-passed with a reason; it now waits on 财务乙 at 财务审批 (since 26h). */
const DETAIL = billDetail(5, {
  currentNodeName: '财务审批',
  currentApprovers: ['财务乙'],
  submitTime: NOW - 50 * HOUR,
  approvalRecord: [
    {
      at: NOW - 50 * HOUR,
      nodeId: 'start',
      nodeName: '提交',
      actorId: 3,
      actorName: '员工乙',
      onBehalfOfText: '',
      action: 'submit',
      actionLabel: '提交',
      toNames: [],
      opinion: '',
      reason: '',
    },
    {
      at: NOW - 26 * HOUR,
      nodeId: 'a1',
      nodeName: '部门审批',
      actorId: 1,
      actorName: '演示管理员',
      onBehalfOfText: '',
      action: 'adminForcePass',
      actionLabel: '强制通过',
      toNames: [],
      opinion: '',
      reason: REASON,
    },
  ],
  currentTasks: [
    {
      taskId: 't9',
      nodeId: 'a2',
      nodeName: '财务审批',
      assigneeId: 6,
      assigneeName: '财务乙',
      onBehalfOfText: '',
      status: 'pending',
      statusText: '待审批',
      signType: null,
      createdAt: NOW - 26 * HOUR - 30 * 60_000,
    },
  ],
});

const PRINT: BillPrintData = {
  billId: 5,
  billNumber: 'BX202611270005',
  flowName: '差旅报销审批',
  template: { orgName: '演示科技集团', title: '报销单', billType: 'expense' },
  data: {
    title: '北京客户拜访',
    amount: 86000,
    status: 'approving',
    statusText: '审批中',
    submitterName: '员工乙',
    deptName: '研发部',
    orgName: '演示科技',
    remark: '',
    submitTime: NOW - 50 * HOUR,
    finishTime: null,
    fees: [],
    trips: [],
  },
  formFields: [{ key: 'title', label: '事由', value: '北京客户拜访' }],
  approveNodeRecord: DETAIL.approvalRecord,
  extendData: { createAt: NOW - 50 * HOUR, billNumber: 'BX202611270005' },
  attachments: [],
  printCount: 0,
  riskFlags: [],
  budgetLines: [],
  budgetPersonal: 0,
};

const server = (over: Record<string, () => unknown> = {}) =>
  stubServer({
    [`GET ${B}/flow/detail`]: () => DETAIL,
    [`GET ${B}/flow/print/data`]: () => ({ items: [{ flowId: 5, data: PRINT }] }),
    ...over,
  });
const open = (print = vi.fn(), search = '?id=5') =>
  renderAt(<FlowInterveneDetailPage search={search} print={print} now={() => NOW} />, '/');

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  perms(['flowIntervene:view', 'flowIntervene:edit']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

describe('/subForm/flowInterveneDetail', () => {
  it('shows where the document is, how long it has waited, the record with the intervention and the sheet', async () => {
    const api = server();
    const print = vi.fn();
    open(print);
    const current = await screen.findByTestId('intervene-current', undefined, T);
    expect(current.textContent).toContain('财务审批');
    expect(current.textContent).toContain('审批中');
    const task = within(current).getByText('财务乙').closest('tr')!;
    expect(task.textContent).toContain('待审批');
    expect(task.textContent).toContain('1天2小时');
    expect(api.to(`GET ${B}/flow/detail`)[0]!.query.get('id')).toBe('5');

    const record = screen.getByTestId('intervene-record');
    expect(within(record).getByText('含1次流程干预')).toBeTruthy();
    const forced = within(record)
      .getAllByTestId('approval-record')
      .find((r) => r.textContent!.includes('强制通过'))!;
    expect(forced.dataset.intervention).toBe('true');
    expect(forced.textContent).toContain('演示管理员');
    expect(forced.textContent).toContain(`原因：${REASON}`);
    const submitted = within(record)
      .getAllByTestId('approval-record')
      .find((r) => r.textContent!.includes('提交'))!;
    expect(submitted.dataset.intervention).toBeUndefined();

    // The document's own sheet (print data of this id), without its stand-alone toolbar.
    expect(await screen.findByText('北京客户拜访', undefined, T)).toBeTruthy();
    expect(api.to(`GET ${B}/flow/print/data`)[0]!.query.get('flowIds')).toBe('5');
    expect(screen.queryByText('打开单据详情')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: /打\s*印/ }).closest('.fk-no-print')).toBeTruthy();
  });

  it('force-passes from the page with a required reason, then shows the document again', async () => {
    const api = server({
      [`POST ${B}/flow/forcePass`]: () => ({ id: 5, status: 'approved', statusText: '已通过' }),
    });
    open();
    await screen.findByTestId('intervene-current', undefined, T);
    const toolbar = screen.getByRole('button', { name: /打\s*印/ }).closest('.fk-no-print') as HTMLElement;
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent!.replace(/\s/g, '')),
    ).toEqual(['强制通过', '转办', '退回', '抄送', '打印']);
    fireEvent.click(within(toolbar).getByRole('button', { name: '强制通过' }));
    const dialog = (await screen.findByText('强制通过 · BX202611270005')).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(dialog.textContent).toContain('单据将跳过当前节点「财务审批」的全部待办');
    fireEvent.click(within(dialog).getByRole('button', { name: '强制通过' }));
    expect(await screen.findByText('请填写干预原因')).toBeTruthy();
    expect(api.to(`POST ${B}/flow/forcePass`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByPlaceholderText(/必填/), { target: { value: '  财务乙休假  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '强制通过' }));
    const confirm = (await screen.findAllByText('确定强制通过单据【BX202611270005】吗？'))
      .at(-1)!
      .closest('.ant-modal') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: '强制通过' }));
    });
    await waitFor(() =>
      expect(api.to(`POST ${B}/flow/forcePass`)[0]!.body).toEqual({ id: 5, reason: '财务乙休假' }),
    );
    expect(await screen.findByText('强制通过成功，单据状态：已通过', undefined, T)).toBeTruthy();
    // Both the detail and the sheet are asked again.
    await waitFor(() => expect(api.to(`GET ${B}/flow/detail`).length).toBeGreaterThan(1));
    await waitFor(() => expect(api.to(`GET ${B}/flow/print/data`).length).toBeGreaterThan(1));
  });

  it('with flowIntervene:view only: the page and 打印, no interventions', async () => {
    perms(['flowIntervene:view']);
    server();
    open();
    await screen.findByTestId('intervene-current', undefined, T);
    const toolbar = screen.getByRole('button', { name: /打\s*印/ }).closest('.fk-no-print') as HTMLElement;
    expect(within(toolbar).getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '强制通过' })).toBeNull();
  });

  it('a document no longer in approval: no interventions, no waiting', async () => {
    server({
      [`GET ${B}/flow/detail`]: () =>
        billDetail(5, {
          status: 'approved',
          statusText: '已通过',
          currentNodeName: '',
          currentApprovers: [],
        }),
    });
    open();
    const current = await screen.findByTestId('intervene-current', undefined, T);
    expect(current.textContent).toContain('单据已通过，已不在审批中');
    expect(screen.queryByRole('button', { name: '强制通过' })).toBeNull();
    expect(within(current).queryByText('待审批人')).toBeNull();
    expect(within(current).getByText('已等待').closest('tr')!.textContent).toContain('—');
  });

  it('without flowIntervene:view: the app’s 403 state and nothing asked of the server', async () => {
    perms(['todoList:view']);
    const api = server();
    open();
    expect(await screen.findByText('抱歉，您无权访问该页面')).toBeTruthy();
    expect(screen.getByText('403')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('another tenant’s or an unknown id: the server’s 单据不存在, no actions', async () => {
    server({ [`GET ${B}/flow/detail`]: () => refusal(404, 13000404, '单据不存在') });
    open(vi.fn(), '?id=999999');
    expect(await screen.findByText('单据不存在', undefined, T)).toBeTruthy();
    expect(screen.getByText('单据不存在或已被删除')).toBeTruthy();
    expect(screen.queryByTestId('intervene-current')).toBeNull();
    expect(screen.queryByRole('button', { name: '强制通过' })).toBeNull();
  });

  it('a bad id asks nothing and says how to open the page', async () => {
    const api = server();
    open(vi.fn(), '?id=abc');
    expect(await screen.findByText('缺少单据编号')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('reaching it', () => {
  it('流程干预 rows link to the detail page in a new tab; the form sub-app shows it under /subForm/', async () => {
    stubServer({ [`GET ${B}/flow/intervenePageList`]: () => pageOf([interveneRow(5)]) });
    renderAt(<FlowIntervenePage />, '/flow/intervene');
    const row = (await screen.findByText('BX202611270005', undefined, T)).closest('tr')!;
    const link = within(row).getByRole('link', { name: /详\s*情/ });
    expect(link.getAttribute('href')).toBe('/subForm/flowInterveneDetail?id=5');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(flowInterveneDetailUrl(5)).toBe('/subForm/flowInterveneDetail?id=5');
    expect(printPageOf('/web-form/flowInterveneDetail')).toBe('flowInterveneDetail');
    expect(printPageOf('/web-form/subForm/flowInterveneDetail/')).toBe('flowInterveneDetail');
    expect(readBillId('?id=12')).toBe(12);
    expect(readBillId('?id=0')).toBeNull();
    expect(readBillId('?id=1e3')).toBeNull();
  });

  it('says how long something waited the way people say it', () => {
    expect(waitedText(26 * HOUR + 30 * 60_000)).toBe('1天2小时');
    expect(waitedText(48 * HOUR)).toBe('2天');
    expect(waitedText(5 * HOUR + 12 * 60_000)).toBe('5小时12分钟');
    expect(waitedText(8 * 60_000)).toBe('8分钟');
    expect(waitedText(20_000)).toBe('不足1分钟');
    expect(waitedText(-5)).toBe('不足1分钟');
  });
});
