import type { TableColumnType } from 'antd';
import { formatMoney } from '@feikong/contracts';

/**
 * What a column is for on a list screen. The key column (the number or name that opens the row), the
 * amounts and the status must show at 1280×720 without scrolling (e2e/list-columns.spec.ts checks every
 * list): put them first; the frame marks their headers `data-col-role` for that check.
 */
export type ColumnRole = 'key' | 'amount' | 'status';

export type ListColumn<T> = TableColumnType<T> & {
  role?: ColumnRole;
  /** Children are not used on list screens. */
  children?: never;
};

/** Widths a column gets when it names none, so the table's scroll width is the sum of what it draws. */
const DEFAULT_WIDTH = 120;
const MIN_AMOUNT_WIDTH = 110;

/**
 * Fits the columns to the frame: amounts right-aligned and never cut (no ellipsis, no wrap, a width that
 * holds 12 digits with separators), role headers marked for the e2e check; returns the scroll width.
 */
export function fitColumns<T>(columns: ListColumn<T>[]): { columns: TableColumnType<T>[]; width: number } {
  let width = 0;
  const out = columns.map(({ role, ...c }) => {
    const col: TableColumnType<T> = { ...c };
    if (role === 'amount') {
      col.align = 'right';
      col.ellipsis = false;
      col.width = Math.max(Number(c.width) || 0, MIN_AMOUNT_WIDTH);
      col.className = [c.className, 'fk-col-amount'].filter(Boolean).join(' ');
    }
    if (role) {
      const header = c.onHeaderCell;
      col.onHeaderCell = (column) =>
        ({ ...header?.(column), 'data-col-role': role }) as ReturnType<
          NonNullable<TableColumnType<T>['onHeaderCell']>
        >;
    }
    width += Number(col.width) || DEFAULT_WIDTH;
    return col;
  });
  return { columns: out, width };
}

/** An amount in 分 shown in 元 (spec §9), right-aligned and whole. */
export function moneyColumn<T>(
  title: string,
  dataIndex: keyof T & string,
  extra: ListColumn<T> = {},
): ListColumn<T> {
  return {
    title,
    dataIndex,
    width: 120,
    role: 'amount',
    render: (f: number | null | undefined) => (f === null || f === undefined ? '—' : formatMoney(f)),
    ...extra,
  };
}
