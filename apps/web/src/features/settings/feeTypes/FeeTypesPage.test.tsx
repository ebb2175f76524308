import '@/test/layoutDom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeeTypeNode } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import FeeTypesPage from './FeeTypesPage';
import { feeTypeTreeData, nestFeeTypes } from './queries';

vi.setConfig({ testTimeout: 60_000 });

const node = (over: Partial<FeeTypeNode>): FeeTypeNode => ({
  id: 1,
  code: 'travel',
  name: '差旅费',
  parent_id: 0,
  level: 1,
  enabled: 1,
  statusText: '启用',
  subject_code: '',
  bill_types: [],
  billTypesText: '全部',
  sort: 1,
  updated_at: 1_795_000_000_000,
  ...over,
});
const TREE = {
  items: [
    node({}),
    node({ id: 5, code: 'travel_air', name: '机票', parent_id: 1, level: 2, subject_code: '6602.01' }),
    node({ id: 2, code: 'meal', name: '餐饮费', sort: 2, enabled: 0, statusText: '停用' }),
  ],
};
const L = '/finobill/api/web/feeType';
const T = { timeout: 20_000 };

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-modal-root').forEach((n) => n.remove());
});

describe('费用类型', () => {
  it('nests the flat list: children under their parents, in order', () => {
    const rows = nestFeeTypes(TREE.items);
    expect(rows.map((r) => r.code)).toEqual(['travel', 'meal']);
    expect(rows[0]!.children!.map((r) => r.code)).toEqual(['travel_air']);
    expect(
      feeTypeTreeData([
        { id: 1, code: 'travel', name: '差旅费', parent_id: 0, level: 1 },
        { id: 5, code: 'travel_air', name: '机票', parent_id: 1, level: 2 },
      ]),
    ).toEqual([{ value: 'travel', title: '差旅费', children: [{ value: 'travel_air', title: '机票' }] }]);
  });

  it('shows the tree open; 新增下级 sends the parent; 停用/启用 send the status', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['feeTypeList:view', 'feeTypeList:edit'] } });
    const server = stubServer({
      [`GET ${L}/tree`]: () => TREE,
      [`POST ${L}/add`]: () => ({ id: 9 }),
      [`POST ${L}/status`]: (c) => ({ id: (c.body as { id: number }).id, changed: [1, 5] }),
    });
    renderAt(<FeeTypesPage />, '/setcenter/feeTypes');
    // the child row is shown under its open parent
    const child = (await screen.findByText('机票', undefined, T)).closest('tr')!;
    expect(within(child).getByText('travel_air')).toBeTruthy();
    expect(within(child).getByText('6602.01')).toBeTruthy();
    const meal = screen.getByText('餐饮费').closest('tr')!;
    expect(within(meal).getByText('停用')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '新增下级差旅费' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('新增费用类型')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'travel_train' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '火车票' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.to(`POST ${L}/add`)).toHaveLength(1), T);
    expect(server.to(`POST ${L}/add`)[0]!.body).toEqual({
      code: 'travel_train',
      name: '火车票',
      parent_id: 1,
      subject_code: '',
      bill_types: [],
      sort: 0,
    });

    fireEvent.click(screen.getByRole('button', { name: '停用差旅费' }));
    await waitFor(() => expect(server.to(`POST ${L}/status`)).toHaveLength(1), T);
    expect(server.to(`POST ${L}/status`)[0]!.body).toEqual({ id: 1, enabled: 0 });
    fireEvent.click(screen.getByRole('button', { name: '启用餐饮费' }));
    await waitFor(() => expect(server.to(`POST ${L}/status`)).toHaveLength(2), T);
    expect(server.to(`POST ${L}/status`)[1]!.body).toEqual({ id: 2, enabled: 1 });
  });

  it('编辑 keeps the code (disabled) and sends no code', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['feeTypeList:edit'] } });
    const server = stubServer({
      [`GET ${L}/tree`]: () => TREE,
      [`POST ${L}/update`]: () => ({ id: 5 }),
    });
    renderAt(<FeeTypesPage />, '/setcenter/feeTypes');
    fireEvent.click(await screen.findByRole('button', { name: '编辑机票' }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    const code = within(dialog).getByLabelText('编码') as HTMLInputElement;
    expect(code.value).toBe('travel_air');
    expect(code.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '飞机票' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.to(`POST ${L}/update`)).toHaveLength(1), T);
    expect(server.to(`POST ${L}/update`)[0]!.body).toEqual({
      id: 5,
      name: '飞机票',
      parent_id: 1,
      subject_code: '6602.01',
      bill_types: [],
      sort: 1,
    });
  });

  it('a viewer sees no actions; an empty tree says 空空如也~', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['feeTypeList:view'] } });
    stubServer({ [`GET ${L}/tree`]: () => ({ items: [] }) });
    renderAt(<FeeTypesPage />, '/setcenter/feeTypes');
    expect(await screen.findByText('空空如也~', undefined, T)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增费用类型/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });
});
