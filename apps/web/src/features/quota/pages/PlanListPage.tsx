import { App, Button, Card, Space, Switch, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatMoney, QuotaPlanListQuery } from '@feikong/contracts';
import { quotaApi, type QuotaPlan } from '@/api/quota';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { ListSelect, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { PlanDialog } from '../components/PlanDialog';
import { quotaScenesQuery } from '../queries';
import { planToForm, QUOTA_PERM, toPlanBody } from '../rules';

/** 发放规则 (quota/PlanList): each scene's release plans, their schedule and next run; 新建, 编辑, 启用/停用, 删除. */
export default function PlanListPage() {
  const u = useListParams(QuotaPlanListQuery, SNAKE_PAGE);
  const q = u.query;
  const { can } = useAccess();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ plan?: QuotaPlan } | null>(null);
  const scenes = useQuery(quotaScenesQuery);
  const list = useQuery({
    queryKey: ['quota', 'plans', q],
    queryFn: ({ signal }) => quotaApi.plans(q, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['quota', 'plans'] });
  const toggle = useMutation({
    mutationFn: (p: QuotaPlan) =>
      quotaApi.updatePlan({ ...toPlanBody(planToForm(p)), enabled: !p.enabled, id: p.id }),
    onSuccess: (p) => {
      void message.success(p.enabled ? '已启用' : '已停用');
      void refresh();
    },
  });
  const canEdit = can([QUOTA_PERM.releaseEdit]);

  const columns: ListColumn<QuotaPlan>[] = [
    { title: '规则名称', dataIndex: 'name', width: 160, role: 'key', ellipsis: true },
    { title: '消费场景', dataIndex: 'scene_name', width: 110 },
    {
      title: '每人金额（元）',
      dataIndex: 'amount',
      width: 120,
      role: 'amount',
      render: (v: number) => formatMoney(v),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 90,
      role: 'status',
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          disabled={!canEdit}
          loading={toggle.isPending && toggle.variables?.id === r.id}
          checkedChildren="启用"
          unCheckedChildren="停用"
          onChange={() => toggle.mutate(r)}
          aria-label={`${r.name}启用`}
        />
      ),
    },
    { title: '发放类型', dataIndex: 'release_type_text', width: 110 },
    { title: '发放时间', dataIndex: 'schedule_text', width: 150, ellipsis: true },
    { title: '发放方式', dataIndex: 'release_mode_text', width: 100 },
    { title: '有效期', dataIndex: 'valid_period_text', width: 130, ellipsis: true },
    { title: '清零周期', dataIndex: 'clear_period_text', width: 90 },
    {
      title: '下次发放',
      dataIndex: 'next_run_at',
      width: 150,
      render: (v: number | null) => (v ? formatDateTime(v, 'YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: '操作',
      width: 120,
      fixed: 'right',
      render: (_, r) =>
        canEdit && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ plan: r })}>
              编辑
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                void confirmDelete(
                  { modal, message },
                  {
                    content: `确定删除发放规则【${r.name}】吗？`,
                    remove: () => quotaApi.deletePlan(r.id),
                    then: refresh,
                  },
                )
              }
            >
              删除
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Card title="发放规则" data-testid="quota-plan-list" className="fk-panel">
      <ListTable<QuotaPlan>
        query={list}
        what="「发放规则」"
        paging={u}
        columns={columns}
        filters={
          <ListSelect u={u} field="scene_id" placeholder="消费场景" options={scenes.data ?? []} width={160} />
        }
        actions={
          can([QUOTA_PERM.releaseAdd]) && (
            <Button type="primary" onClick={() => setEditing({})} data-testid="quota-plan-new">
              新建规则
            </Button>
          )
        }
      />
      <Typography.Text type="secondary">
        固定周期发放按设置的周期和时间自动执行；固定日期发放在指定时间执行一次。
      </Typography.Text>
      <PlanDialog open={editing !== null} plan={editing?.plan} onClose={() => setEditing(null)} />
    </Card>
  );
}
