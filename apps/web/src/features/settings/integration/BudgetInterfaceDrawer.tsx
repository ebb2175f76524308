import {
  App,
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BUDGET_EVENT_STATES,
  BudgetEventStateLabel,
  formatDateTime,
  formatMoney,
  type BudgetEventState,
} from '@feikong/contracts';
import { budgetApi } from '@/api/budget';
import {
  integrationApi,
  type BudgetEventRow,
  type BudgetInterfaceDetail,
  type BudgetInterfaceRow,
} from '@/api/integration';
import { applyFieldErrors } from '@/components/formErrors';
import { ProbeResult } from './ProbeResult';
import { interfaceEventsQuery, interfaceInfoQuery, useIntegrationMutation } from './queries';

type LinkRow = BudgetInterfaceDetail['links'][number];
const EVENT_COLOR: Record<string, string> = {
  pending: 'processing',
  sending: 'processing',
  delivered: 'success',
  failed: 'error',
};
const when = (ms: number | null) => (ms ? formatDateTime(ms, 'YYYY-MM-DD HH:mm') : '—');

/** 预算接口详情: linked budgets (关联预算, 取消关联, 立即拉取) and the pushed events (状态, 最后错误, 重试). */
export function BudgetInterfaceDrawer(p: { row: BudgetInterfaceRow; canEdit: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const info = useQuery(interfaceInfoQuery(p.row.id));
  const [status, setStatus] = useState<BudgetEventState | undefined>();
  const [page, setPage] = useState(1);
  const events = useQuery(interfaceEventsQuery(p.row.id, status, page));
  const budgets = useQuery({
    queryKey: ['budget', 'list', 'link-options'],
    queryFn: ({ signal }) => budgetApi.list({ page_num: 1, page_size: 100 }, signal),
    enabled: p.canEdit,
  });
  const [form] = Form.useForm<{ budget_id: number; external_code: string }>();
  const addLink = useIntegrationMutation(integrationApi.addBudget);
  const removeLink = useIntegrationMutation(integrationApi.removeBudget);
  const pull = useIntegrationMutation(integrationApi.pull);
  const retry = useIntegrationMutation(integrationApi.retry);
  const linked = new Set(info.data?.links.map((l) => l.budget_id));

  const onLink = async () => {
    const v = await form.validateFields();
    try {
      await addLink.mutateAsync({
        interface_id: p.row.id,
        budget_id: v.budget_id,
        external_code: v.external_code.trim(),
      });
    } catch (e) {
      applyFieldErrors(form, e, ['budget_id', 'external_code']);
      return;
    }
    form.resetFields();
    void message.success('关联成功');
  };

  const linkColumns = [
    { title: '本地预算', dataIndex: 'budget_name', width: 180 },
    { title: '外部预算编码', dataIndex: 'external_code', width: 140 },
    {
      title: '最近拉取',
      dataIndex: 'last_pull_msg',
      render: (_: string, l: LinkRow) => (
        <ProbeResult ok={l.last_pull_ok} msg={l.last_pull_msg} at={l.last_pull_at} none="未拉取" />
      ),
    },
    { title: '拉取时间', dataIndex: 'last_pull_at', width: 140, render: when },
    ...(p.canEdit
      ? [
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_: unknown, l: LinkRow) => (
              <Popconfirm
                title={`取消关联【${l.budget_name}】？`}
                onConfirm={() => removeLink.mutateAsync(l.id).then(() => void message.success('已取消关联'))}
              >
                <Button type="link" size="small" danger>
                  取消关联
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];
  const eventColumns = [
    { title: '类型', dataIndex: 'kindText', width: 60 },
    { title: '预算', dataIndex: 'budget_name', width: 140, ellipsis: true },
    { title: '期间', dataIndex: 'period', width: 80 },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 100,
      align: 'right' as const,
      render: (v: number) => formatMoney(v),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (s: string, e: BudgetEventRow) => (
        <Space size={4}>
          <Tag color={EVENT_COLOR[s]}>{e.statusText}</Tag>
          {e.duplicate && <Tag>重复送达</Tag>}
        </Space>
      ),
    },
    { title: '次数', dataIndex: 'attempts', width: 50, align: 'right' as const },
    {
      title: '最后错误 / 下次重试',
      dataIndex: 'last_error',
      render: (err: string, e: BudgetEventRow) =>
        e.status === 'delivered' ? (
          <Typography.Text type="secondary">送达 {when(e.delivered_at)}</Typography.Text>
        ) : (
          <Space direction="vertical" size={0}>
            {err && <Typography.Text type="danger">{err}</Typography.Text>}
            {e.next_attempt_at && (
              <Typography.Text type="secondary">下次 {when(e.next_attempt_at)}</Typography.Text>
            )}
          </Space>
        ),
    },
    ...(p.canEdit
      ? [
          {
            title: '操作',
            key: 'op',
            width: 60,
            render: (_: unknown, e: BudgetEventRow) =>
              e.status === 'failed' && (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    retry.mutate(e.id, { onSuccess: () => void message.success('已重新排队推送') })
                  }
                >
                  重试
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Drawer
      open
      width={960}
      title={`预算接口：${p.row.name}`}
      onClose={p.onClose}
      data-testid="budget-interface-drawer"
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        关联预算
      </Typography.Title>
      {p.canEdit && (
        <Form form={form} layout="inline" style={{ marginBottom: 12 }}>
          <Form.Item name="budget_id" rules={[{ required: true, message: '请选择预算' }]}>
            <Select
              style={{ width: 240 }}
              placeholder="选择本地预算"
              loading={budgets.isLoading}
              showSearch
              optionFilterProp="label"
              options={(budgets.data?.items ?? [])
                .filter((b) => !linked.has(b.id))
                .map((b) => ({ value: b.id, label: b.name }))}
            />
          </Form.Item>
          <Form.Item
            name="external_code"
            rules={[{ required: true, whitespace: true, message: '请输入外部预算编码' }]}
          >
            <Input style={{ width: 200 }} placeholder="外部预算编码" maxLength={64} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" loading={addLink.isPending} onClick={() => void onLink()}>
                关联
              </Button>
              <Button
                disabled={!info.data?.links.length}
                loading={pull.isPending}
                onClick={() =>
                  pull.mutate(p.row.id, {
                    onSuccess: () => void message.success('已创建预算同步任务，可在下载中心查看结果'),
                  })
                }
              >
                立即拉取
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Table<LinkRow>
        rowKey="id"
        size="small"
        loading={info.isLoading}
        dataSource={info.data?.links ?? []}
        columns={linkColumns}
        pagination={false}
        locale={{ emptyText: <Empty description="还没有关联预算" /> }}
      />
      <Space style={{ margin: '20px 0 8px', justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          推送事件
        </Typography.Title>
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={BUDGET_EVENT_STATES.map((s) => ({ value: s, label: BudgetEventStateLabel[s] }))}
        />
      </Space>
      <Table<BudgetEventRow>
        rowKey="id"
        size="small"
        loading={events.isLoading}
        dataSource={events.data?.items ?? []}
        columns={eventColumns}
        pagination={{
          current: page,
          pageSize: 10,
          total: events.data?.page.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        locale={{ emptyText: <Empty description="暂无推送事件" /> }}
      />
    </Drawer>
  );
}
