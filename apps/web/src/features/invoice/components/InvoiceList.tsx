import { App, Alert, Button, Space, Tabs, Tag, Typography, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEAL_STATUS_LABEL,
  formatDateTime,
  formatMoney,
  INVOICE_KIND_LABEL,
  INVOICE_SOURCE_LABEL,
  RECENT_STATUS_LABEL,
  SELECT_DATA_TO_OPERATE,
  shanghaiDate,
} from '@feikong/contracts';
import { invoiceApi, type InvoiceRow } from '@/api/invoice';
import { useAccess } from '@/components/Access';
import { ListTable, type ListColumn } from '@/components/ListPage';
import { columnFilter } from '@/components/filters/ColumnFilters';
import { decodeFilter } from '@/components/filters/rules';
import { enumItems, enumsQuery, listQuery, useRemoveInvoices } from '../hooks/queries';
import {
  filteredValueOf,
  filtersToParams,
  LIST_TABS,
  lockedReason,
  patchParams,
  queryFromUrl,
  type ListTab,
  type SortField,
} from '../rules';

export interface InvoiceListProps {
  scope: 'person' | 'org';
  /** The permission that allows deleting (invoice:delete or orgInvoice:delete); none: no delete. */
  removePerm?: string;
  /** Opens an invoice (the detail dialog, or the detail page). */
  onOpen: (row: InvoiceRow) => void;
  /** Buttons left of 批量删除; a function gets the selected rows (打印, 导出). */
  toolbar?: ReactNode | ((selected: InvoiceRow[]) => ReactNode);
  /** Rows can be selected (for the toolbar's batch actions) even without delete permission. */
  selectable?: boolean;
  testId: string;
}

const choices = (o: Record<string | number, string>) =>
  Object.entries(o).map(([value, text]) => ({ value, text }));

/** The server's own reason when it names a filter (您没有该组织的单据权限), else a general one. */
function listErrorText(error: unknown): string {
  const fields = (error as { data?: { fields?: { msg?: unknown }[] } } | null)?.data?.fields;
  const msg = fields?.[0]?.msg;
  return typeof msg === 'string' && msg ? msg : '发票列表加载失败';
}

/**
 * The seller / buyer filter's suggestions: the names on this list's invoices (web sellerPage / buyerPage,
 * 100 a page, spec 9), their tax ids beside them.
 */
const counterparties =
  (side: 'seller' | 'buyer', scope: 'person' | 'org') => async (keyword: string, signal: AbortSignal) => {
    const call = side === 'seller' ? invoiceApi.sellerPage : invoiceApi.buyerPage;
    const page = await call({ keyword, scope, pageSize: 100 }, signal);
    return page.items.map((c) => ({ id: `${c.name}|${c.taxId}`, name: c.name, org_name: c.taxId }));
  };

const TAB_AMOUNT_TITLE = {
  unfinishAmount: '未核销金额',
  finishingAmount: '核销中金额',
  finishAmount: '已核销金额',
} as const;
const STATUS_COLOR: Record<number, string> = { 1: 'default', 2: 'success', 3: 'error' };
const RECENT_COLOR: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'green' };

/**
 * The invoice list (spec §3 list row): column filters, sort, page and tab live in the URL, so a
 * reload or a shared link shows the same list. Tabs carry the counts and amounts of every matching row.
 */
export function InvoiceList({ scope, removePerm, onOpen, toolbar, selectable, testId }: InvoiceListProps) {
  const { modal, message } = App.useApp();
  const { can } = useAccess();
  const [params, setParams] = useSearchParams();
  const query = queryFromUrl(params, scope);
  const list = useQuery({ ...listQuery(query), placeholderData: keepPreviousData });
  const enums = useQuery({ ...enumsQuery, enabled: scope === 'org' });
  const remove = useRemoveInvoices(scope);
  const [selected, setSelected] = useState<number[]>([]);
  const mayRemove = removePerm !== undefined && can([removePerm]);

  const set = (patch: Record<string, string | number | undefined>) => {
    setParams((p) => patchParams(p, patch), { replace: true });
  };

  const askRemove = (rows: InvoiceRow[]) => {
    if (rows.length === 0) {
      void message.warning(SELECT_DATA_TO_OPERATE);
      return;
    }
    const content =
      rows.length === 1 ? `确定删除发票【${rows[0].number}】吗？` : `确定删除选中的${rows.length}张发票吗？`;
    // Like confirmDelete, but a refusal (核销中, 已核销: the server says why, as a toast) closes the question.
    modal.confirm({
      title: '系统提示',
      content,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(rows.map((r) => r.id));
        } catch {
          return; // the request layer has shown the server's reason
        }
        void message.success('删除成功');
        setSelected((s) => s.filter((id) => !rows.some((r) => r.id === id)));
      },
    });
  };

  const sortOrderOf = (field: SortField) =>
    query.sortField === field ? (query.sortOrder === 'asc' ? 'ascend' : 'descend') : null;

  const orgOptions = enumItems(enums.data, 'userOrg').map((i) => ({ value: i.key, text: i.value }));
  const tab = (query.tab ?? 'all') as ListTab;
  // spec §3: an extra amount column by tab (核销中 / 已核销 / 未核销 amount of each invoice)
  const tabAmount = LIST_TABS.find((t) => t.key === tab)?.amount;
  // The number, amounts and statuses first (they show at 1280×720); the rest scroll, the least read last.
  const columns: ListColumn<InvoiceRow>[] = [
    {
      title: '发票号码',
      dataIndex: 'number',
      key: 'number',
      width: 190,
      role: 'key',
      sorter: true,
      sortOrder: sortOrderOf('number'),
      ...columnFilter.text('number', '请输入发票号码'),
      filteredValue: filteredValueOf(query, 'number'),
      render: (v: string, row) => (
        <Typography.Link onClick={() => onOpen(row)} aria-label={`查看发票${v}`}>
          {v}
        </Typography.Link>
      ),
    },
    {
      title: '价税合计',
      dataIndex: 'amountTax',
      key: 'amountTax',
      width: 130,
      role: 'amount',
      sorter: true,
      sortOrder: sortOrderOf('amountTax'),
      ...columnFilter.moneyRange('amountTax'),
      filteredValue: filteredValueOf(query, 'amountTax'),
      render: (fen: number) => formatMoney(fen),
    },
    ...(tabAmount
      ? [
          {
            title: TAB_AMOUNT_TITLE[tabAmount],
            dataIndex: tabAmount,
            key: tabAmount,
            width: 130,
            role: 'amount' as const,
            render: (fen: number) => formatMoney(fen),
          },
        ]
      : []),
    {
      title: '查验状态',
      dataIndex: 'dealStatus',
      key: 'dealStatus',
      width: 100,
      role: 'status',
      filters: choices(DEAL_STATUS_LABEL),
      filterMultiple: false,
      filteredValue: filteredValueOf(query, 'dealStatus'),
      render: (s: number, row) => <Tag color={STATUS_COLOR[s]}>{row.dealStatusText}</Tag>,
    },
    {
      title: '报销状态',
      dataIndex: 'recentStatusText',
      key: 'recentStatus',
      width: 100,
      role: 'status',
      filters: choices(RECENT_STATUS_LABEL),
      filterMultiple: false,
      filteredValue: filteredValueOf(query, 'recentStatus'),
      render: (t: string, row) => <Tag color={RECENT_COLOR[row.recentStatus]}>{t}</Tag>,
    },
    {
      title: '销售方名称',
      dataIndex: 'sellerName',
      key: 'sellerName',
      width: 180,
      ellipsis: true,
      ...columnFilter.autocomplete({
        field: 'sellerName',
        fetch: counterparties('seller', scope),
        valueKey: 'name',
        placeholder: '请输入销售方名称',
      }),
      filteredValue: filteredValueOf(query, 'sellerName'),
    },
    {
      title: '开票日期',
      dataIndex: 'billingDate',
      key: 'billingDate',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf('billingDate'),
      ...columnFilter.dateRange('billingDate'),
      filteredValue: filteredValueOf(query, 'billingDate'),
      render: (ms: number) => shanghaiDate(ms),
    },
    {
      title: '发票类型',
      dataIndex: 'typeText',
      key: 'type',
      width: 150,
      filters: choices(INVOICE_KIND_LABEL),
      filterMultiple: false,
      filteredValue: filteredValueOf(query, 'type'),
    },
    {
      title: '来源',
      dataIndex: 'sourceText',
      key: 'source',
      width: 100,
      filters: choices(INVOICE_SOURCE_LABEL),
      filterMultiple: false,
      filteredValue: filteredValueOf(query, 'source'),
    },
    {
      title: '发票代码',
      dataIndex: 'code',
      key: 'code',
      width: 130,
      ...columnFilter.text('code', '请输入发票代码'),
      filteredValue: filteredValueOf(query, 'code'),
    },
    {
      title: '购买方名称',
      dataIndex: 'buyerName',
      key: 'buyerName',
      width: 180,
      ellipsis: true,
      ...columnFilter.autocomplete({
        field: 'buyerName',
        fetch: counterparties('buyer', scope),
        valueKey: 'name',
        placeholder: '请输入购买方名称',
      }),
      filteredValue: filteredValueOf(query, 'buyerName'),
    },
    scope === 'org'
      ? {
          title: '所属组织',
          dataIndex: 'userOrgName',
          key: 'userOrgId',
          width: 160,
          ellipsis: true,
          filters: orgOptions,
          filterMultiple: false,
          filteredValue: filteredValueOf(query, 'userOrgId'),
        }
      : {
          title: '所属组织',
          dataIndex: 'userOrgName',
          key: 'userOrgName',
          width: 160,
          ellipsis: true,
          ...columnFilter.text('userOrgName', '请输入所属组织'),
          filteredValue: filteredValueOf(query, 'userOrgName'),
        },
    {
      title: '录入人',
      dataIndex: 'userEnterName',
      key: 'userEnterName',
      width: 110,
      ...columnFilter.text('userEnterName', '请输入录入人'),
      filteredValue: filteredValueOf(query, 'userEnterName'),
    },
    {
      title: '录入时间',
      dataIndex: 'createAt',
      key: 'createAt',
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf('createAt'),
      ...columnFilter.dateRange('createAt'),
      filteredValue: filteredValueOf(query, 'createAt'),
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '关联单据',
      dataIndex: 'billId',
      key: 'billId',
      width: 100,
      render: (id: number | null) => (id ? `#${id}` : '—'),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_: unknown, row) => {
        const locked = lockedReason(row.recentStatus, row.finishAmount);
        return (
          <Space size={12}>
            <Typography.Link onClick={() => onOpen(row)}>详情</Typography.Link>
            {mayRemove && (
              <Typography.Link
                type="danger"
                title={locked ?? undefined}
                onClick={() => askRemove([row])}
                aria-label={`删除发票${row.number}`}
              >
                删除
              </Typography.Link>
            )}
          </Space>
        );
      },
    },
  ];

  const onChange: TableProps<InvoiceRow>['onChange'] = (pagination, filters, sorter, extra) => {
    if (extra.action === 'paginate') return; // the frame's paging
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = s?.order ? String(s.columnKey ?? s.field) : undefined;
      set({
        sortField: field,
        sortOrder: field ? (s.order === 'ascend' ? 'asc' : 'desc') : undefined,
      });
      return;
    }
    set(filtersToParams(filters, decodeFilter));
  };

  const data = list.data;
  const tabItems = LIST_TABS.map((t) => {
    const summary = data?.tabs.find((s) => s.tab === t.key);
    const amount = t.amount ? data?.[t.amount] : undefined;
    return {
      key: t.key,
      label: (
        <span data-testid={`tab-${t.key}`}>
          {t.label}
          {summary ? `（${summary.count}）` : ''}
          {amount !== undefined && (
            <Typography.Text type="secondary" style={{ marginLeft: 4 }}>
              ¥{formatMoney(amount)}
            </Typography.Text>
          )}
        </span>
      ),
    };
  });

  return (
    <div data-testid={testId}>
      <Tabs activeKey={tab} items={tabItems} onChange={(k) => set({ tab: k === 'all' ? undefined : k })} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        {typeof toolbar === 'function'
          ? toolbar((data?.items ?? []).filter((r) => selected.includes(r.id)))
          : toolbar}
        {mayRemove && (
          <Button
            danger
            onClick={() => askRemove((data?.items ?? []).filter((r) => selected.includes(r.id)))}
          >
            批量删除
          </Button>
        )}
        {[...params.keys()].some((k) => k !== 'tab' && k !== 'pageNum' && k !== 'pageSize') && (
          <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>清空筛选</Button>
        )}
      </div>
      {list.isError && (
        <Alert
          data-testid="invoice-list-error"
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={listErrorText(list.error)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      {list.isError && !data ? null : (
        <ListTable<InvoiceRow>
          rows={data?.items ?? []}
          loading={list.isFetching}
          columns={columns}
          onChange={onChange}
          selectable={mayRemove || selectable}
          selectedKeys={selected}
          onSelect={(keys) => setSelected(keys as number[])}
          onRow={(row) => ({ onDoubleClick: () => onOpen(row) })}
          paging={{
            pageNum: query.pageNum as number,
            pageSize: query.pageSize as number,
            total: data?.page.total ?? 0,
            setPage: (n, size) =>
              set({ pageNum: n === 1 ? undefined : n, pageSize: size === 20 ? undefined : size }),
          }}
        />
      )}
    </div>
  );
}
