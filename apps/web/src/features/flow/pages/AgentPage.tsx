import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { AGENT_STATUS_LABEL, AGENT_STATUSES, AgentPageQuery, formatDateTime } from '@feikong/contracts';
import { flowApi, type AgentRow } from '@/api/flow';
import { useAccess } from '@/components/Access';
import { ListTable, useListParams, type ListColumn } from '@/components/ListPage';
import { StaffPicker } from '@/components/StaffPicker';
import { agentsQuery, FLOW_PERM, flowListQuery, useFlowMutation } from '../hooks/queries';

const STATUS_COLOR: Record<string, string> = {
  upcoming: 'blue',
  active: 'green',
  ended: 'default',
  cancelled: 'default',
};

/**
 * 审批代理 (flow/Agent): agent windows — while a window is open, tasks of the principal go to the agent and
 * the record shows 代 X 审批. Everyone manages their own; with flowAgent:edit, everyone's (the 全部 tab, and
 * a principal other than oneself). Tab, status and page live in the URL.
 */
export default function AgentPage() {
  const { can } = useAccess();
  const canAll = can([FLOW_PERM.agentEdit]);
  const { modal, message } = App.useApp();
  const u = useListParams(AgentPageQuery);
  const scope = u.query.scope === 'all' && canAll ? 'all' : 'mine';
  const { status } = u.query;
  const list = useQuery({ ...agentsQuery({ ...u.query, scope }), placeholderData: keepPreviousData });
  const cancel = useFlowMutation(flowApi.cancelAgent);
  const [creating, setCreating] = useState(false);

  const columns: ListColumn<AgentRow>[] = [
    { title: '被代理人', dataIndex: 'principalName', width: 100, role: 'key' },
    { title: '代理人', dataIndex: 'agentName', width: 100 },
    {
      title: '代理时间',
      key: 'window',
      width: 300,
      render: (_: unknown, r) =>
        `${formatDateTime(r.startAt, 'YYYY-MM-DD HH:mm')} 至 ${formatDateTime(r.endAt, 'YYYY-MM-DD HH:mm')}`,
    },
    {
      title: '适用流程',
      dataIndex: 'flowNames',
      render: (names: string[]) => (names.length ? names.join('、') : '全部流程'),
    },
    { title: '代理原因', dataIndex: 'reason', ellipsis: true, render: (v: string) => v || '—' },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'statusText',
      width: 90,
      render: (v: string, r) => <Tag color={STATUS_COLOR[r.status]}>{v}</Tag>,
    },
    { title: '创建人', dataIndex: 'createdByName', width: 90 },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_: unknown, r) =>
        r.canCancel && (
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                title: '系统提示',
                content: `确定取消${r.principalName}委托给${r.agentName}的代理吗？取消后待办将回到${r.principalName}。`,
                okText: '取消代理',
                cancelText: '返回',
                okButtonProps: { danger: true },
                onOk: async () => {
                  await cancel.mutateAsync({ id: r.id });
                  void message.success('代理已取消');
                },
              })
            }
          >
            取消
          </Button>
        ),
    },
  ];

  return (
    <Card
      title="审批代理"
      data-testid="flow-agent"
      className="fk-panel"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建代理
        </Button>
      }
    >
      <Tabs
        activeKey={scope}
        onChange={(k) => u.set({ scope: k === 'mine' ? undefined : k })}
        items={[{ key: 'mine', label: '我的代理' }, ...(canAll ? [{ key: 'all', label: '全部代理' }] : [])]}
        tabBarExtraContent={
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 120 }}
            value={status}
            options={AGENT_STATUSES.map((s) => ({ value: s, label: AGENT_STATUS_LABEL[s] }))}
            onChange={(v) => u.set({ status: v })}
            aria-label="状态"
          />
        }
      />
      <ListTable<AgentRow> query={list} paging={u} what="「审批代理」" columns={columns} />
      {creating && <AgentDialog forOthers={canAll} onClose={() => setCreating(false)} />}
    </Card>
  );
}

interface AgentForm {
  principal: number[];
  agent: number[];
  window: [Dayjs, Dayjs];
  flowIds: number[];
  reason: string;
}

function AgentDialog({ forOthers, onClose }: { forOthers: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AgentForm>();
  const { can } = useAccess();
  // Choosing flows needs the flow list (flowList:view); without it a window covers all flows.
  const canPickFlows = can([FLOW_PERM.listView]);
  const flows = useQuery({ ...flowListQuery({ pageNum: 1, pageSize: 100 }), enabled: canPickFlows });
  const save = useFlowMutation(flowApi.saveAgent);
  const [error, setError] = useState('');
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setError('');
    try {
      await save.mutateAsync({
        principalId: v.principal?.[0],
        agentId: v.agent[0]!,
        startAt: v.window[0].valueOf(),
        endAt: v.window[1].valueOf(),
        flowIds: v.flowIds ?? [],
        reason: v.reason ?? '',
      });
      void message.success('代理已创建');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : '保存失败');
    }
  };
  const single = (ids: number[]) => ids.slice(-1);
  return (
    <Modal
      title="新建代理"
      open
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          window: [dayjs().startOf('minute'), dayjs().add(7, 'day').endOf('day')],
          flowIds: [],
          principal: [],
          agent: [],
        }}
      >
        {forOthers && (
          <Form.Item name="principal" label="被代理人" extra="不选则为本人" getValueFromEvent={single}>
            <StaffPicker value={[]} onChange={() => undefined} />
          </Form.Item>
        )}
        <Form.Item
          name="agent"
          label="代理人"
          getValueFromEvent={single}
          rules={[
            {
              validator: (_, v: number[]) =>
                v?.length ? Promise.resolve() : Promise.reject(new Error('请选择代理人')),
            },
          ]}
        >
          <StaffPicker lookup={forOthers ? 'org' : 'colleagues'} value={[]} onChange={() => undefined} />
        </Form.Item>
        <Form.Item
          name="window"
          label="代理时间"
          rules={[
            { required: true, message: '请选择代理时间' },
            {
              validator: (_, v?: [Dayjs, Dayjs]) =>
                !v || v[0].isBefore(v[1])
                  ? Promise.resolve()
                  : Promise.reject(new Error('结束时间必须晚于开始时间')),
            },
            {
              // The server allows a start a few minutes old (the dialog's default "now"), never earlier.
              validator: (_, v?: [Dayjs, Dayjs]) =>
                !v || !v[0].isBefore(dayjs().subtract(10, 'minute'))
                  ? Promise.resolve()
                  : Promise.reject(new Error('开始时间不能早于当前时间')),
            },
          ]}
        >
          <DatePicker.RangePicker
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="flowIds" label="适用流程" extra="不选则代理全部流程" hidden={!canPickFlows}>
          <Select
            mode="multiple"
            placeholder="全部流程"
            options={(flows.data?.items ?? []).map((f) => ({
              value: f.id,
              label: `${f.name}（${f.billTypeText}）`,
            }))}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label="适用流程"
          />
        </Form.Item>
        <Form.Item name="reason" label="代理原因">
          <Input maxLength={200} placeholder="如：出差期间" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
      <Typography.Text type="secondary">
        代理期间到达的待办将转给代理人，审批记录显示“代 X 审批”；代理结束后未处理的待办回到本人。
      </Typography.Text>
    </Modal>
  );
}
