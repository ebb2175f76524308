import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import BudgetDetailPage from './BudgetDetailPage';

vi.setConfig({ testTimeout: 60_000 });
const B = '/finobill/api/web/budget';

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: ['budgetList:view', 'budgetList:edit'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Opens an antd Select (by its aria-label inside `scope`) and clicks the option titled `title`. */
async function choose(scope: HTMLElement, label: string, title: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === title || o.textContent === title,
    );
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  fireEvent.click(option);
}

describe('预算数据新增: a node of one person with its own 超支控制', () => {
  it('picks a colleague as a 人员 node, sets the node to 禁止, and sends both with the budget', async () => {
    const api = stubServer({
      ['GET /org-arch-center/api/v1/tree']: () => [],
      ['GET /finobase/api/v1/users']: () => ({
        items: [
          {
            id: 42,
            user_name: '员工乙',
            real_name: '员工乙',
            avatar: '',
            org_id: 3,
            org_name: '演示科技',
            dept_name: '研发部',
          },
        ],
        page: { page_num: 1, page_size: 20, total: 1 },
      }),
      [`POST ${B}/add`]: () => ({ id: 9 }),
    });
    renderAt(<BudgetDetailPage />, '/budget/budgetDetail');
    const page = await screen.findByTestId('budget-detail', undefined, { timeout: 15_000 });
    fireEvent.change(within(page).getByLabelText('预算名称'), { target: { value: '个人差旅预算' } });
    fireEvent.click(within(page).getAllByRole('button', { name: /添加下级/ })[0]!);
    const nodes = within(page).getByTestId('budget-nodes');
    const row = nodes.querySelectorAll<HTMLElement>('tr.ant-table-row')[1]!;
    await choose(row, '维度', '人员');
    // The 人员 node's value is a colleague found by name (2 characters, then the picker's debounce).
    const picker = within(row).getByTestId('staff-picker');
    const search = picker.querySelector('input')!;
    fireEvent.mouseDown(search);
    fireEvent.change(search, { target: { value: '员工' } });
    const option = await waitFor(
      () => {
        const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
          o.textContent?.includes('员工乙'),
        );
        if (!found) throw new Error('no colleague yet');
        return found;
      },
      { timeout: 5_000 },
    );
    fireEvent.click(option);
    // The node is named after the person at once (预算节点), before any save.
    await waitFor(() => expect(row.querySelector('td')?.textContent).toBe('员工乙'));
    await choose(row, '节点超支控制', '禁止超支');
    fireEvent.change(within(row).getByLabelText('预算金额'), { target: { value: '800' } });
    fireEvent.click(within(page).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.to(`POST ${B}/add`)).toHaveLength(1));
    const body = api.to(`POST ${B}/add`)[0]!.body as { nodes: Record<string, unknown>[] };
    expect(body.nodes[0]).toMatchObject({ dimension: 'root', control: null });
    expect(body.nodes[1]).toMatchObject({ dimension: 'person', value: '42', label: '员工乙', control: 3 });
    expect(Object.values(body.nodes[1]!.amounts as Record<string, number>)).toEqual([80_000]);
  });
});
