import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  BudgetListQuery,
  BudgetStatus,
  BudgetStatusLabel,
  formatDateTime,
  optionsOf,
} from '@feikong/contracts';
import { budgetApi, type BudgetRow } from '@/api/budget';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { ListTable, moneyColumn, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { BUDGET_DETAIL as DETAIL, BUDGET_PERM, budgetListQuery, useBudgetMutation } from '../queries';

const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'default' };
const CONTROL_COLOR: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'red' };

/**
 * 预算列表 (budget/BudgetList, /budget/budgetList): the tenant's budgets by name, year and status with the
 * year's budget, occupied and used at the root; 新增预算 opens 预算数据新增, a row its detail (edit, or view
 * without 编辑 permission); 停用/启用 and 删除 (refused once documents occupy the budget).
 */
export default function BudgetListPage() {
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const u = useListParams(BudgetListQuery, SNAKE_PAGE);
  const { keyword, status, year } = u.query;
  const list = useQuery({
    ...budgetListQuery(u.query),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const setStatus = useBudgetMutation(budgetApi.status);
  const remove = useBudgetMutation(budgetApi.remove);
  const canEdit = can([BUDGET_PERM.edit]);

  const onDelete = (r: BudgetRow) =>
    void confirmDelete(
      { modal, message },
      {
        content: `确定删除预算【${r.name}】吗？`,
        remove: () => remove.mutateAsync(r.id),
        refusalAnswers: true,
      },
    );
  const onStatus = (r: BudgetRow, next: number) =>
    setStatus.mutate(
      { id: r.id, status: next },
      { onSuccess: () => void message.success(`预算已${next === BudgetStatus.stopped ? '停用' : '启用'}`) },
    );

  const columns: ListColumn<BudgetRow>[] = [
    {
      title: '预算名称',
      role: 'key',
      dataIndex: 'name',
      width: 160,
      render: (v: string, r) => (
        <Typography.Link onClick={() => navigate(`${DETAIL}/${r.id}`)}>{v}</Typography.Link>
      ),
    },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'status',
      width: 70,
      render: (s: number, r) => <Tag color={STATUS_COLOR[s]}>{r.statusText}</Tag>,
    },
    {
      title: '年度·期间',
      dataIndex: 'year',
      width: 95,
      render: (y: number, r) => `${y} · ${r.periodTypeText}`,
    },
    {
      title: '超支控制',
      dataIndex: 'control',
      width: 120,
      render: (c: number, r) => (
        <Tag
          color={CONTROL_COLOR[c]}
          title={`${r.modeText}，v${r.version}，${formatDateTime(r.updated_at, 'YYYY-MM-DD HH:mm')} ${r.updated_by_name}`}
        >
          {r.controlText}
        </Tag>
      ),
    },
    moneyColumn<BudgetRow>('年度预算', 'total_budget', { width: 105 }),
    moneyColumn<BudgetRow>('预占', 'total_occupied', { width: 100 }),
    moneyColumn<BudgetRow>('已用', 'total_used', { width: 100 }),
    {
      title: '操作',
      key: 'op',
      width: 150,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`${DETAIL}/${r.id}`)}>
            {canEdit ? '编辑' : '查看'}
          </Button>
          {canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                onStatus(r, r.status === BudgetStatus.stopped ? BudgetStatus.enabled : BudgetStatus.stopped)
              }
            >
              {r.status === BudgetStatus.stopped ? '启用' : '停用'}
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" danger onClick={() => onDelete(r)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="预算列表"
      data-testid="budget-list"
      className="fk-panel"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(DETAIL)}>
            新增预算
          </Button>
        )
      }
    >
      <ListTable<BudgetRow>
        query={list}
        paging={{ ...u, total: list.data?.total }}
        what="「预算列表」"
        columns={columns}
        filters={
          <>
            <Input.Search
              allowClear
              placeholder="预算名称"
              style={{ width: 200 }}
              defaultValue={keyword}
              onSearch={(v) => u.set({ keyword: v.trim() })}
            />
            <InputNumber
              placeholder="年度"
              style={{ width: 110 }}
              min={2000}
              max={2100}
              value={year}
              onChange={(v) => u.set({ year: v ?? undefined })}
            />
            <Select
              allowClear
              placeholder="状态"
              style={{ width: 110 }}
              value={status}
              options={optionsOf(BudgetStatus, BudgetStatusLabel)}
              onChange={(v) => u.set({ status: v })}
            />
          </>
        }
      />
    </Card>
  );
}
