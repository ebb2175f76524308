import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Dropdown,
  Empty,
  Space,
  Table,
  type TableColumnType,
  type TableProps,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type Key, type ReactNode } from 'react';
import { EMPTY_TEXT, SELECT_DATA_FIRST, type Paged } from '@feikong/contracts';
import { tasksApi } from '@/api/tasks';
import { fitColumns, type ListColumn } from './columns';
import type { SortOrder } from './useListParams';
import './listPage.css';

/** A batch action over the selected rows; with none selected it says 请先选择数据！ (spec §5) instead. */
export interface BatchAction<T> {
  key: string;
  label: ReactNode;
  danger?: boolean;
  loading?: boolean;
  /** Another wording of the spec's selection message for this screen (请至少选择一条数据！…). */
  emptyMessage?: string;
  run: (rows: T[], keys: Key[]) => void | Promise<unknown>;
}

/** 导出 through the task queue (spec §4.3): the task is created here, the page's poller opens the file. */
export interface ExportTask {
  operatingType: number;
  /** The list's filters as the export reads them. */
  params: Record<string, unknown>;
  fileName?: string;
  /** Only the selected rows: the ids go in `params[idsKey]`, and nothing selected says 请先选择数据！. */
  idsKey?: string;
  label?: string;
  /** useTaskPolling().track of the page (features/common), so the finished file opens. */
  track: (taskId: number) => void;
}

/** What a list query answers: a page of rows (Paged) or all of them. */
export type ListData<T> = Pick<Paged<T>, 'items'> & { page?: Paged<T>['page'] };

export interface Selection {
  keys: Key[];
  rows: unknown[];
  clear: () => void;
}

interface ListTableProps<T> extends Omit<
  TableProps<T>,
  'columns' | 'dataSource' | 'loading' | 'pagination' | 'rowSelection' | 'title'
> {
  columns: ListColumn<T>[];
  /** One paged query (items + page), or an unpaged one (items). */
  query?: UseQueryResult<ListData<T>>;
  /** The rows of a list held on the client (a query's items filtered by the page), shown instead. */
  rows?: T[];
  /** Overrides the query's fetching (a list that refreshes itself shows its spinner only at first). */
  loading?: boolean;
  /** What the list holds, for the failure message: 「补录记录」加载失败. */
  what?: string;
  /** What the total counts: 共 N 条 (default), 共 N 人, 共 N 封. */
  unit?: string;
  /** Paging from useListParams; without it the list is not paged. */
  paging?: { pageNum: number; pageSize: number; setPage: (n: number, size: number) => void; total?: number };
  /** antd sorter → URL sort (useListParams.setSort). */
  onSort?: (field: string | undefined, order: SortOrder) => void;
  /** Filters and fields above the table, left. */
  filters?: ReactNode;
  /** Buttons above the table, right, before the batch actions (新建 …); a function gets the selection. */
  actions?: ReactNode | ((selection: Selection) => ReactNode);
  batchActions?: BatchAction<T>[];
  /** 导出; several (each with its label) make a 导出 menu. */
  exportTask?: ExportTask | ExportTask[];
  /** Rows can be ticked (implied by batch actions or an export of the selection). */
  selectable?: boolean | TableProps<T>['rowSelection'];
  /** Controlled selection (the page clears it on its own events); otherwise the frame holds it. */
  selectedKeys?: Key[];
  onSelect?: (keys: Key[], rows: T[]) => void;
  testId?: string;
}

/**
 * The frame of a list screen: filters and actions above, batch actions that need a selection, 导出 through
 * the task queue, 空空如也~ when empty, a failure alert with 重试 before the first rows (later failures keep
 * the rows), paging, and columns fitted to the area: the key, amount and status columns first, amounts
 * right-aligned whole, and a horizontal scroll bar that stays visible when the rest cannot fit.
 */
export function ListTable<T extends object>({
  columns,
  query,
  rows,
  loading,
  what = '列表',
  unit = '条',
  paging,
  onSort,
  filters,
  actions,
  batchActions = [],
  exportTask,
  selectable,
  selectedKeys,
  onSelect,
  testId,
  className,
  ...table
}: ListTableProps<T>) {
  const { message } = App.useApp();
  const [ownKeys, setOwnKeys] = useState<Key[]>([]);
  const [ownRows, setOwnRows] = useState<T[]>([]);
  const [exporting, setExporting] = useState(false);
  const keys = selectedKeys ?? ownKeys;
  // rows win over the query's items: a list the page filters itself keeps the query's loading and failure
  const data = rows ?? query?.data?.items ?? [];
  const selectedRows = selectedKeys
    ? data.filter((r, i) => keys.includes(rowKeyOf(table.rowKey, r, i)))
    : ownRows;
  const select = (k: Key[], r: T[]) => {
    if (!selectedKeys) {
      setOwnKeys(k);
      setOwnRows(r);
    }
    onSelect?.(k, r);
  };
  const selection: Selection = { keys, rows: selectedRows, clear: () => select([], []) };
  const exports = exportTask === undefined ? [] : Array.isArray(exportTask) ? exportTask : [exportTask];
  const hasSelection = !!selectable || batchActions.length > 0 || exports.some((t) => t.idsKey);

  const needSelection = (msg = SELECT_DATA_FIRST) => {
    if (keys.length > 0) return false;
    void message.warning(msg);
    return true;
  };
  const runExport = async (task: ExportTask) => {
    if (task.idsKey && needSelection()) return;
    setExporting(true);
    try {
      const params = task.idsKey ? { ...task.params, [task.idsKey]: keys } : task.params;
      const { id } = await tasksApi.exportFile(task.operatingType, params, task.fileName);
      void message.info('导出任务已创建，完成后将自动下载，也可在下载中心查看');
      task.track(id);
    } finally {
      setExporting(false);
    }
  };

  const fitted = fitColumns(columns);
  const toolbar =
    filters || actions || batchActions.length > 0 || exports.length > 0 ? (
      <div className="fk-list-toolbar">
        <Space wrap className="fk-list-filters">
          {filters}
        </Space>
        <Space wrap className="fk-list-actions">
          {typeof actions === 'function' ? actions(selection) : actions}
          {batchActions.map((a) => (
            <Button
              key={a.key}
              danger={a.danger}
              loading={a.loading}
              onClick={() => {
                if (!needSelection(a.emptyMessage)) void a.run(selectedRows, keys);
              }}
            >
              {a.label}
            </Button>
          ))}
          {exports.length === 1 && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              data-testid="export-button"
              onClick={() => void runExport(exports[0])}
            >
              {exports[0].label ?? '导出'}
            </Button>
          )}
          {exports.length > 1 && (
            <Dropdown
              menu={{
                items: exports.map((t, i) => ({ key: String(i), label: t.label })),
                onClick: ({ key }) => void runExport(exports[Number(key)]).catch(() => undefined),
              }}
            >
              <Button icon={<DownloadOutlined />} loading={exporting} data-testid="export-button">
                导出 <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </Space>
      </div>
    ) : null;

  const failedFirst = query?.isError && !query.data;
  return (
    <div className={['fk-list', className].filter(Boolean).join(' ')} data-testid={testId}>
      {toolbar}
      {failedFirst ? (
        <Alert
          type="error"
          showIcon
          message={`${what}加载失败`}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Table<T>
          rowKey="id"
          size="middle"
          {...table}
          columns={fitted.columns}
          scroll={{ x: fitted.width + (hasSelection ? 48 : 0), ...table.scroll }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />,
            ...table.locale,
          }}
          loading={loading ?? query?.isFetching}
          dataSource={data}
          rowSelection={
            hasSelection
              ? {
                  preserveSelectedRowKeys: true,
                  ...(typeof selectable === 'object' ? selectable : {}),
                  selectedRowKeys: keys,
                  onChange: (k, r) => select(k, r),
                }
              : undefined
          }
          onChange={(pagination, filtersArg, sorter, extra) => {
            if (onSort && extra.action === 'sort') {
              const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
              const field = s.columnKey ?? (typeof s.field === 'string' ? s.field : undefined);
              onSort(field === undefined ? undefined : String(field), s.order ?? null);
            }
            table.onChange?.(pagination, filtersArg, sorter, extra);
          }}
          pagination={
            paging
              ? {
                  current: paging.pageNum,
                  pageSize: paging.pageSize,
                  total: paging.total ?? (rows ? rows.length : (query?.data?.page?.total ?? data.length)),
                  showSizeChanger: true,
                  showTotal: (t) => `共 ${t} ${unit}`,
                  onChange: paging.setPage,
                }
              : false
          }
        />
      )}
    </div>
  );
}

function rowKeyOf<T>(rowKey: TableProps<T>['rowKey'], row: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(row, index);
  return (row as Record<string, Key>)[(rowKey as string | undefined) ?? 'id'];
}

export type { TableColumnType };
