import '../../test/layoutDom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { CHOOSE_EXACT, MONEY_RANGE_ERROR, NO_SEARCH_RESULT } from '@feikong/contracts';
import { AutocompleteFilter, DateRangeFilter, MoneyRangeFilter, TextFilter } from './ColumnFilters';
import { decodeFilter } from './rules';

afterEach(() => {
  cleanup();
  document.querySelectorAll('.ant-message').forEach((n) => n.remove());
});

const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function dropdown() {
  const p = {
    selectedKeys: [] as React.Key[],
    setSelectedKeys: vi.fn(),
    confirm: vi.fn(),
    clearFilters: vi.fn(),
  };
  const applied = () => decodeFilter(p.setSelectedKeys.mock.calls.at(-1)?.[0]);
  return { p, applied };
}
const renderIn = (el: ReactElement) => render(<App>{el}</App>);
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

describe('text filter', () => {
  it('Enter applies the trimmed text; 重置 clears', () => {
    const { p, applied } = dropdown();
    renderIn(<TextFilter {...p} field="typeText" />);
    const input = screen.getByPlaceholderText('请输入');
    fireEvent.change(input, { target: { value: '  专票 ' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    expect(applied()).toMatchObject({ data: '专票', value: 'TYPE' });
    expect(p.confirm).toHaveBeenCalled();
    fireEvent.click(button('重置'));
    expect(p.setSelectedKeys).toHaveBeenLastCalledWith([]);
    expect(p.clearFilters).toHaveBeenCalled();
  });
});

describe('money range filter', () => {
  it('min above max warns and is not applied; a valid range applies cents', async () => {
    const { p, applied } = dropdown();
    renderIn(<MoneyRangeFilter {...p} field="amountTax" />);
    fireEvent.change(screen.getByPlaceholderText('最小金额（元）'), { target: { value: '100' } });
    fireEvent.change(screen.getByPlaceholderText('最大金额（元）'), { target: { value: '50' } });
    fireEvent.click(button('确定'));
    await waitFor(() => expect(toasts()).toContain(MONEY_RANGE_ERROR));
    expect(p.confirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText('最大金额（元）'), { target: { value: '150.5' } });
    fireEvent.click(button('确定'));
    expect(applied()).toMatchObject({ start: 10000, end: 15050 });
    expect(p.confirm).toHaveBeenCalled();
  });
});

describe('date range filter', () => {
  it('rangeCanSingle=false with one end shows the configured message', async () => {
    const { p } = dropdown();
    renderIn(
      <DateRangeFilter {...p} field="billingDate" rangeCanSingle={false} message="请选择完整的开票日期" />,
    );
    const start = screen.getByPlaceholderText('开始日期');
    fireEvent.mouseDown(start);
    fireEvent.change(start, { target: { value: '2026-03-10' } });
    fireEvent.keyDown(start, { key: 'Enter', keyCode: 13 });
    fireEvent.click(button('确定'));
    await waitFor(() => expect(toasts()).toContain('请选择完整的开票日期'));
    expect(p.confirm).not.toHaveBeenCalled();
  });

  it('重置 clears', () => {
    const { p } = dropdown();
    renderIn(<DateRangeFilter {...p} field="billingDate" />);
    fireEvent.click(button('重置'));
    expect(p.clearFilters).toHaveBeenCalled();
  });
});

describe('autocomplete filter', () => {
  const items = [
    { id: 1, name: '上海云杉科技有限公司', org_name: '销售方' },
    { id: 2, name: '上海云帆商贸有限公司', dept_name: '采购部' },
  ];

  it('searches only from 3 characters, 500 ms after typing stops', async () => {
    const { p } = dropdown();
    const fetch = vi.fn(async () => items);
    renderIn(<AutocompleteFilter {...p} field="sellerName" fetch={fetch} />);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: '上海' } });
    await sleep(650);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '上海云' } });
    await sleep(300);
    expect(fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect((fetch.mock.calls[0] as unknown[])[0]).toBe('上海云');
    expect(await screen.findByText('上海云杉科技有限公司')).toBeTruthy();
    expect(screen.getByText('采购部')).toBeTruthy(); // user items also show dept_name / org_name
  });

  it('typed text that was not chosen warns 请选择准确的数据; a chosen item applies', async () => {
    const { p, applied } = dropdown();
    renderIn(<AutocompleteFilter {...p} field="sellerName" fetch={async () => items} debounceMs={10} />);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: '上海云杉' } });
    fireEvent.click(button('确定'));
    await waitFor(() => expect(toasts()).toContain(CHOOSE_EXACT));
    expect(p.confirm).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByText('上海云杉科技有限公司'));
    fireEvent.click(button('确定'));
    expect(applied()).toMatchObject({ data: 1, label: '上海云杉科技有限公司', checked: true });
  });

  it('no results say 没有搜索到相关内容~', async () => {
    const { p } = dropdown();
    renderIn(<AutocompleteFilter {...p} field="sellerName" fetch={async () => []} debounceMs={10} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '不存在的' } });
    expect(await screen.findByText(NO_SEARCH_RESULT)).toBeTruthy();
  });
});
