import '@/test/layoutDom';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TodoPageQuery, type Paged } from '@feikong/contracts';
import { ListTable } from './ListTable';
import { fitColumns, moneyColumn } from './columns';
import { patchListParams, readListQuery, useListParams, type ListParams } from './useListParams';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  document.querySelectorAll('.ant-message').forEach((n) => n.remove());
});

function renderAt(node: ReactNode, url: string) {
  const router = createMemoryRouter([{ path: '*', element: <AntApp>{node}</AntApp> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useListParams', () => {
  const Schema = TodoPageQuery;
  let params: ListParams<typeof Schema>;
  function Probe() {
    params = useListParams(Schema);
    return <span data-testid="q">{JSON.stringify(params.query)}</span>;
  }

  it('reads the defaults of the contract from an empty URL', () => {
    renderAt(<Probe />, '/todo');
    expect(params.query).toEqual({ pageNum: 1, pageSize: 20, tab: 'pending' });
    expect([params.pageNum, params.pageSize]).toEqual([1, 20]);
  });

  it('drops each bad value to its default and keeps the good ones', () => {
    renderAt(
      <Probe />,
      '/todo?pageNum=-3&pageSize=abc&tab=nope&billType=expense&submitterId=x&keyword=%20上海%20',
    );
    expect(params.query).toEqual({
      pageNum: 1,
      pageSize: 20,
      tab: 'pending',
      billType: 'expense',
      keyword: '上海',
    });
    expect(readListQuery(Schema, new URLSearchParams('pageSize=500')).pageSize).toBe(20);
  });

  it('round-trips filters, page and size through the URL: a filter goes back to page 1, defaults leave it', async () => {
    const router = renderAt(<Probe />, '/todo?pageNum=3');
    act(() => params.set({ tab: 'done', billType: 'apply', timeMin: 1_700_000_000_000 }));
    await waitFor(() => expect(params.query.tab).toBe('done'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('pageNum')).toBeNull();
    expect(search.get('timeMin')).toBe('1700000000000');
    expect(params.query).toMatchObject({
      tab: 'done',
      billType: 'apply',
      timeMin: 1_700_000_000_000,
      pageNum: 1,
    });
    act(() => params.setPage(2, 50));
    await waitFor(() => expect(params.pageNum).toBe(2));
    expect(params.pageSize).toBe(50);
    act(() => params.set({ tab: 'pending', billType: undefined }));
    await waitFor(() => expect(params.query.billType).toBeUndefined());
    const after = new URLSearchParams(router.state.location.search);
    expect([after.get('tab'), after.get('pageNum'), after.get('pageSize')]).toEqual([null, null, '50']);
  });

  it('maps antd sort orders to the URL and back', async () => {
    const Sorted = z.object({
      pageNum: z.coerce.number().default(1),
      sortField: z.string().optional(),
      sortOrder: z.enum(['asc', 'desc']).optional(),
    });
    let p!: ListParams<typeof Sorted>;
    function SortProbe() {
      p = useListParams(Sorted);
      return null;
    }
    const router = renderAt(<SortProbe />, '/x');
    act(() => p.setSort('amountTax', 'ascend'));
    await waitFor(() => expect(p.sortOf('amountTax')).toBe('ascend'));
    expect(router.state.location.search).toContain('sortOrder=asc');
    act(() => p.setSort(undefined, null));
    await waitFor(() => expect(p.sortOf('amountTax')).toBeNull());
  });

  it('patchListParams removes empty values and values equal to the default', () => {
    const next = patchListParams(new URLSearchParams('a=1&pageNum=4'), { a: '', b: 20, c: 'x' }, { b: 20 });
    expect(next.toString()).toBe('c=x');
  });
});

interface Row {
  id: number;
  no: string;
  amount: number;
}
const paged = (items: Row[]) =>
  ({
    data: { items, page: { pageNum: 1, pageSize: 20, total: items.length } },
    isError: false,
    isFetching: false,
    refetch: vi.fn(),
  }) as unknown as UseQueryResult<Paged<Row>>;

describe('ListTable', () => {
  const columns = [
    { title: '编号', dataIndex: 'no', width: 160, role: 'key' as const },
    moneyColumn<Row>('金额（元）', 'amount', { width: 60 }),
  ];

  it('says 空空如也~ when the list is empty', async () => {
    renderAt(<ListTable<Row> query={paged([])} columns={columns} />, '/');
    expect(await screen.findByText('空空如也~')).toBeTruthy();
  });

  it('asks for a selection before a batch action: 请先选择数据！, then runs it on the ticked rows', async () => {
    const run = vi.fn();
    renderAt(
      <ListTable<Row>
        query={paged([
          { id: 1, no: 'A1', amount: 276000 },
          { id: 2, no: 'A2', amount: 5 },
        ])}
        columns={columns}
        batchActions={[{ key: 'del', label: '批量删除', run }]}
      />,
      '/',
    );
    fireEvent.click(await screen.findByRole('button', { name: '批量删除' }));
    await waitFor(() =>
      expect(document.querySelector('.ant-message')?.textContent).toContain('请先选择数据！'),
    );
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(run).toHaveBeenCalledWith([{ id: 2, no: 'A2', amount: 5 }], [2]);
    // Amounts whole and right-aligned; the role columns marked for the e2e column check.
    expect(screen.getByText('2760.00').closest('td')?.className).toContain('fk-col-amount');
    expect(document.querySelector('th[data-col-role="amount"]')).toBeTruthy();
    expect(document.querySelector('th[data-col-role="key"]')?.textContent).toBe('编号');
  });

  it('shows 加载失败 with 重试 when the first load fails', async () => {
    const refetch = vi.fn();
    const failed = {
      isError: true,
      data: undefined,
      isFetching: false,
      refetch,
    } as unknown as UseQueryResult<Paged<Row>>;
    renderAt(<ListTable<Row> query={failed} what="「单据」" columns={columns} />, '/');
    fireEvent.click(await screen.findByRole('button', { name: /重\s*试/ }));
    expect(screen.getByText('「单据」加载失败')).toBeTruthy();
    expect(refetch).toHaveBeenCalled();
  });

  it('fits the columns: amounts at least 110 px, never cut, the scroll width their sum', () => {
    const fitted = fitColumns(columns);
    expect(fitted.width).toBe(270);
    expect(fitted.columns[1]).toMatchObject({ align: 'right', ellipsis: false, width: 110 });
  });
});
