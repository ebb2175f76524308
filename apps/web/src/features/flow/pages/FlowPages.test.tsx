import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { jsonReply } from '@/test/fetch';
import { renderAt, stubServer } from '@/test/screenHarness';
import { newDefinition } from '../rules/ops';
import type { FlowNode } from '../rules/types';
import { agentRow, B, flowDetail, flowRow, interveneRow, pageOf, refusal, simRow } from '../test/fixtures';
import AgentPage from './AgentPage';
import FlowEditPage from './FlowEditPage';
import FlowIntervenePage from './FlowIntervenePage';
import FlowListPage from './FlowListPage';
import MatrixPage from './MatrixPage';

vi.setConfig({ testTimeout: 60_000 });

const T = { timeout: 15_000 };
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${name.split('').join('\\s*')}$`) });
const perms = (list: string[]) => setSession({ token: 't', userStatus: 2, userMenus: { perms: list } });
const GROUPS = [
  { id: 1, name: '费用报销', sort: 1, flowCount: 2 },
  { id: 2, name: '借款', sort: 2, flowCount: 0 },
];
/** Side lookups of the designer page (org tree, permission groups, matrices). */
const SIDE = {
  [`GET ${B}/group/list`]: () => GROUPS,
  [`GET ${B}/matrix/list`]: () => [],
  'GET /org-arch-center/api/v1/organizations:list': () => [],
  'GET /org-arch-center/api/v1/departments:list': () => [],
  'GET /auth-center/api/v1/privileges/options': () => ({ items: [] }),
};

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  perms(['*']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root, .ant-drawer').forEach((n) => n.remove());
});

describe('审批流程 list', () => {
  it('shows groups and flows with version and status; a group click filters in the URL', async () => {
    const api = stubServer({
      [`GET ${B}/group/list`]: () => GROUPS,
      [`GET ${B}/flowDesign/pageList`]: () =>
        pageOf([flowRow(1), flowRow(2, { name: '借款审批', version: 0, enabled: false, hasDraft: true })]),
    });
    const { router } = renderAt(<FlowListPage />, '/flow/list?billType=expense');
    const row = (await screen.findByText('差旅报销审批', undefined, T)).closest('tr')!;
    expect(within(row).getByText('V2')).toBeTruthy();
    expect(within(row).getByRole('switch').getAttribute('aria-checked')).toBe('true');
    const draft = screen.getByText('借款审批').closest('tr')!;
    expect(within(draft).getByText('未发布')).toBeTruthy();
    expect(api.to(`GET ${B}/flowDesign/pageList`)[0]!.query.get('billType')).toBe('expense');
    fireEvent.click(await screen.findByText('费用报销（2）'));
    await waitFor(() => expect(router.state.location.search).toContain('groupId=1'));
    await waitFor(() =>
      expect(api.to(`GET ${B}/flowDesign/pageList`).at(-1)!.query.get('groupId')).toBe('1'),
    );
  });

  it('shows the server’s refusal when a flow in use is deleted', async () => {
    stubServer({
      [`GET ${B}/group/list`]: () => GROUPS,
      [`GET ${B}/flowDesign/pageList`]: () => pageOf([flowRow(1, { runningCount: 3 })]),
      [`POST ${B}/flowDesign/delete`]: () =>
        refusal(409, 13001409, '流程【差旅报销审批】还有3张审批中的单据，不能删除'),
    });
    renderAt(<FlowListPage />, '/flow/list');
    const row = (await screen.findByText('差旅报销审批', undefined, T)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByText('确定删除流程【差旅报销审批】吗？');
    fireEvent.click(
      within(confirm.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: /删\s*除/ }),
    );
    expect(
      await screen.findByText('流程【差旅报销审批】还有3张审批中的单据，不能删除', undefined, T),
    ).toBeTruthy();
    expect(screen.getAllByText('无法删除').length).toBeGreaterThan(0);
  });
});

describe('流程设计 page', () => {
  it('refuses to publish with Chinese messages, then saves and publishes a new version', async () => {
    const broken = newDefinition('1', '差旅报销审批');
    const nodes: FlowNode[] = broken.nodes.map((n) => (n.type === 'approver' ? { ...n, sources: [] } : n));
    let version = 2;
    const api = stubServer({
      ...SIDE,
      [`GET ${B}/flowDesign/detail`]: () => flowDetail(1, { version, definition: { ...broken, nodes } }),
      [`POST ${B}/flowDesign/save`]: () => ({ id: 1 }),
      [`POST ${B}/flowDesign/publish`]: () => ({ id: 1, version: ++version }),
    });
    renderAt(<FlowEditPage />, '/flow/edit?id=1');
    expect((await screen.findByTestId('flow-version', undefined, T)).textContent).toBe('当前版本 V2');
    fireEvent.click(button('发布'));
    expect((await screen.findByTestId('flow-issues')).textContent).toContain('节点「审批人」缺少审批人');
    expect(api.to(`POST ${B}/flowDesign/save`)).toHaveLength(0);

    // Give the approver its direct supervisor back in the side panel, then publish.
    fireEvent.click(await screen.findByTestId('flow-node-approver_1'));
    fireEvent.click(
      within(await screen.findByTestId('node-panel')).getByRole('button', { name: /添加审批人来源/ }),
    );
    fireEvent.click(button('发布'));
    await waitFor(() => expect(api.to(`POST ${B}/flowDesign/publish`)).toHaveLength(1));
    const saved = api.to(`POST ${B}/flowDesign/save`)[0]!.body as {
      id: number;
      name: string;
      groupId: number;
      nodes: FlowNode[];
    };
    expect(saved).toMatchObject({ id: 1, name: '差旅报销审批', groupId: 1, billType: 'expense' });
    const approver = saved.nodes.find((n) => n.id === 'approver_1');
    expect(approver?.type === 'approver' && approver.sources).toEqual([{ kind: 'supervisor', levels: 1 }]);
    expect(await screen.findByText('发布成功，当前版本 V3', undefined, T)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('flow-version').textContent).toBe('当前版本 V3'));
  });

  it('shows the server’s refusal of a definition by its nodes', async () => {
    stubServer({
      ...SIDE,
      [`GET ${B}/flowDesign/detail`]: () => flowDetail(1),
      [`POST ${B}/flowDesign/save`]: () => ({ id: 1 }),
      [`POST ${B}/flowDesign/publish`]: () =>
        jsonReply(
          {
            status: 11300400,
            msg: '流程设计有误：节点「审批人」：审批人（ID 99）不存在或已离职',
            data: { issues: [{ nodeId: 'approver_1', message: '审批人（ID 99）不存在或已离职' }] },
          },
          400,
        ),
    });
    renderAt(<FlowEditPage />, '/flow/edit?id=1');
    await screen.findByTestId('flow-version', undefined, T);
    fireEvent.click(button('发布'));
    expect((await screen.findByTestId('flow-issues', undefined, T)).textContent).toBe(
      '审批人（ID 99）不存在或已离职',
    );
    expect(screen.getByTestId('flow-node-approver_1').className).toContain('invalid');
  });

  it('simulates the draft against recent documents and shows who approves each step', async () => {
    const api = stubServer({
      ...SIDE,
      [`GET ${B}/flowDesign/detail`]: () => flowDetail(1),
      [`POST ${B}/flowDesign/simulate`]: () => ({
        issues: [],
        rows: [
          simRow(1),
          simRow(2, {
            submitterName: '审批人甲',
            steps: [
              {
                ...simRow(2).steps[0]!,
                autoPass: 'ASSIGN_START_USER_APPROVE',
                note: '审批人为发起人，自动通过',
              },
            ],
          }),
        ],
        ends: [{ endNodeId: 'end', endNodeName: '流程结束', count: 2 }],
        elapsedMs: 12,
      }),
    });
    renderAt(<FlowEditPage />, '/flow/edit?id=1');
    fireEvent.click(await screen.findByRole('button', { name: /模\s*拟/ }, T));
    const count = await screen.findByLabelText('单据数量');
    fireEvent.change(count, { target: { value: '50' } });
    fireEvent.blur(count);
    fireEvent.click(button('开始模拟'));
    const table = await screen.findByTestId('sim-table', undefined, T);
    expect(within(table).getByText('BX20261127001')).toBeTruthy();
    expect(within(table).getAllByTestId('sim-step')[0]!.textContent).toContain('审批人甲 · 或签');
    const auto = within(table).getAllByTestId('sim-step')[1]!.textContent;
    expect(auto).toContain('审批人为发起人，自动通过');
    expect(auto).not.toContain('ASSIGN_');
    expect(screen.getByTestId('sim-summary').textContent).toContain('结束于「流程结束」：2 张');
    const body = api.to(`POST ${B}/flowDesign/simulate`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 1, billType: 'expense', count: 50 });
    expect((body.nodes as FlowNode[]).map((n) => n.id)).toEqual(['start', 'approver_1', 'end']);
  });
});

describe('审批代理', () => {
  it('lists my windows and cancels one after confirmation', async () => {
    const api = stubServer({
      [`GET ${B}/agent/pageList`]: () =>
        pageOf([agentRow(1), agentRow(2, { status: 'ended', statusText: '已结束', canCancel: false })]),
      [`POST ${B}/agent/cancel`]: () => null,
    });
    perms(['flowAgent:view']);
    renderAt(<AgentPage />, '/flow/agent?scope=all');
    const row = (await screen.findByText('生效中', undefined, T)).closest('tr')!;
    expect(within(row).getByText('全部流程')).toBeTruthy();
    // Without flowAgent:edit only 我的代理 (the URL's scope=all is ignored).
    expect(api.to(`GET ${B}/agent/pageList`)[0]!.query.get('scope')).toBe('mine');
    expect(screen.queryByText('全部代理')).toBeNull();
    expect(
      within(screen.getByText('已结束').closest('tr')!).queryByRole('button', { name: /取\s*消/ }),
    ).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /取\s*消/ }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: '取消代理' }));
    });
    await waitFor(() => expect(api.to(`POST ${B}/agent/cancel`)[0]!.body).toEqual({ id: 1 }));
  });
});

describe('流程干预', () => {
  it('force-passes with a required reason after a confirmation', async () => {
    const api = stubServer({
      [`GET ${B}/flow/intervenePageList`]: () => pageOf([interveneRow(5)]),
      [`POST ${B}/flow/forcePass`]: () => ({ id: 5, status: 'approved', statusText: '已通过' }),
    });
    renderAt(<FlowIntervenePage />, '/flow/intervene');
    const row = (await screen.findByText('BX202611270005', undefined, T)).closest('tr')!;
    expect(within(row).getByText('部门审批')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '强制通过' }));
    const dialog = (await screen.findByText('强制通过 · BX202611270005')).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '强制通过' }));
    expect(await screen.findByText('请填写干预原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText(/必填/), {
      target: { value: '审批人离职，财务确认' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '强制通过' }));
    const confirm = (await screen.findAllByText('确定强制通过单据【BX202611270005】吗？'))
      .at(-1)!
      .closest('.ant-modal') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: '强制通过' }));
    });
    await waitFor(() =>
      expect(api.to(`POST ${B}/flow/forcePass`)[0]!.body).toEqual({ id: 5, reason: '审批人离职，财务确认' }),
    );
    expect(await screen.findByText('强制通过成功，单据状态：已通过', undefined, T)).toBeTruthy();
  });
});

describe('审批矩阵', () => {
  it('saves amount bands in 分; a row needs its approvers', async () => {
    const api = stubServer({
      [`GET ${B}/matrix/list`]: () => [],
      [`POST ${B}/matrix/save`]: () => ({ id: 4 }),
      'GET /org-arch-center/api/v1/organizations:list': () => [],
      'GET /org-arch-center/api/v1/departments:list': () => [],
      'GET /org-arch-center/api/v1/users': () => ({
        items: [
          {
            id: 2,
            real_name: '审批人甲',
            user_name: '审批人甲',
            phone: '13800000002',
            dept_name: '财务部',
            org_name: '',
          },
        ],
        page: { page_num: 1, page_size: 20, total: 1 },
      }),
    });
    renderAt(<MatrixPage />, '/flow/matrix');
    fireEvent.click(await screen.findByRole('button', { name: /新建矩阵/ }, T));
    fireEvent.change(await screen.findByLabelText('矩阵名称'), { target: { value: '公司金额矩阵' } });
    fireEvent.click(screen.getByRole('button', { name: /添加一行/ }));
    const low = screen.getByLabelText('金额下限');
    fireEvent.change(low, { target: { value: '1000.5' } });
    fireEvent.blur(low);
    // No approver yet: refused here, nothing sent.
    fireEvent.click(button('保存'));
    expect(await screen.findByText('第1行请选择审批人')).toBeTruthy();
    expect(api.to(`POST ${B}/matrix/save`)).toHaveLength(0);
    const search = within(screen.getByTestId('staff-picker')).getByRole('combobox');
    fireEvent.change(search, { target: { value: '审批' } });
    fireEvent.click(await screen.findByText('13800000002', undefined, T));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(api.to(`POST ${B}/matrix/save`)).toHaveLength(1));
    expect(api.to(`POST ${B}/matrix/save`)[0]!.body).toEqual({
      name: '公司金额矩阵',
      dimension: 'company',
      remark: '',
      rows: [{ minAmount: 100050, approverIds: [2] }],
    });
  });
});
