import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Timeline,
  Typography,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BILL_TYPE_LABEL, BILL_TYPES, formatDateTime, formatMoney, type BillType } from '@feikong/contracts';
import { flowApi, type BillDetail, type InterveneRow } from '@/api/flow';
import { useAccess } from '@/components/Access';
import { StaffPicker } from '@/components/StaffPicker';
import { billDetailQuery, FLOW_PERM, interveneQuery, useFlowMutation } from '../hooks/queries';
import { useUrlParams } from '../hooks/useUrlParams';

type Action = 'forcePass' | 'transfer' | 'sendBack' | 'copy';
const ACTION_TEXT: Record<Action, string> = {
  forcePass: '强制通过',
  transfer: '转办',
  sendBack: '退回',
  copy: '抄送',
};

/**
 * 流程干预 (flow/FlowIntervene): the tenant's documents in approval; an administrator with flowIntervene:edit
 * may 强制通过, 转办 a task, 退回 to an earlier node or 抄送, each with a required reason and a confirmation
 * (the server writes the operation log). The approval record opens in a drawer. Filters and page in the URL.
 */
export default function FlowIntervenePage() {
  const { can } = useAccess();
  const canAct = can([FLOW_PERM.interveneEdit]);
  const u = useUrlParams();
  const keyword = u.get('keyword');
  const billType = (BILL_TYPES as readonly string[]).includes(u.get('billType'))
    ? (u.get('billType') as BillType)
    : undefined;
  const list = useQuery({
    ...interveneQuery({ pageNum: u.pageNum, pageSize: u.pageSize, keyword: keyword || undefined, billType }),
    placeholderData: keepPreviousData,
  });
  const [record, setRecord] = useState<number | null>(null);
  const [acting, setActing] = useState<{ action: Action; row: InterveneRow } | null>(null);

  const columns: TableColumnsType<InterveneRow> = [
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 170,
      fixed: 'left',
      render: (v: string, r) => <Typography.Link onClick={() => setRecord(r.id)}>{v}</Typography.Link>,
    },
    { title: '事由', dataIndex: 'title', width: 200, ellipsis: true },
    { title: '单据类型', dataIndex: 'billTypeText', width: 90 },
    { title: '提交人', dataIndex: 'submitterName', width: 90 },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 110,
      align: 'right',
      render: (f: number) => formatMoney(f),
    },
    { title: '审批流程', dataIndex: 'flowName', width: 140, ellipsis: true },
    { title: '当前节点', dataIndex: 'currentNodeName', width: 110 },
    {
      title: '当前审批人',
      dataIndex: 'currentApprovers',
      width: 140,
      render: (v: string[]) => v.join('、') || '—',
    },
    {
      title: '提交时间',
      dataIndex: 'submitTime',
      width: 150,
      render: (ms: number | null) => (ms ? formatDateTime(ms, 'YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: '操作',
      key: 'op',
      width: canAct ? 300 : 90,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setRecord(r.id)}>
            审批记录
          </Button>
          {canAct &&
            (Object.keys(ACTION_TEXT) as Action[]).map((a) => (
              <Button
                key={a}
                type="link"
                size="small"
                danger={a === 'forcePass'}
                onClick={() => setActing({ action: a, row: r })}
              >
                {ACTION_TEXT[a]}
              </Button>
            ))}
        </Space>
      ),
    },
  ];

  return (
    <Card title="流程干预" data-testid="flow-intervene" className="fk-panel">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="单据编号、事由或提交人"
          style={{ width: 240 }}
          defaultValue={keyword}
          onSearch={(v) => u.set({ keyword: v.trim() })}
        />
        <Select
          allowClear
          placeholder="单据类型"
          style={{ width: 140 }}
          value={billType}
          options={BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }))}
          onChange={(v) => u.set({ billType: v })}
        />
      </Flex>
      <Table<InterveneRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 1400 }}
        pagination={{
          current: u.pageNum,
          pageSize: u.pageSize,
          total: list.data?.page.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: u.setPage,
        }}
      />
      {record !== null && <RecordDrawer id={record} onClose={() => setRecord(null)} />}
      {acting && <ActionDialog action={acting.action} row={acting.row} onClose={() => setActing(null)} />}
    </Card>
  );
}

function RecordDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery(billDetailQuery(id));
  const d = detail.data;
  return (
    <Drawer title="审批记录" open onClose={onClose} size={560}>
      {!d ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="单据编号">{d.billNumber}</Descriptions.Item>
            <Descriptions.Item label="状态">{d.statusText}</Descriptions.Item>
            <Descriptions.Item label="提交人">{d.submitterName}</Descriptions.Item>
            <Descriptions.Item label="金额">{formatMoney(d.amount)}元</Descriptions.Item>
            <Descriptions.Item label="审批流程" span={2}>
              {d.flowName}
              {d.flowVersion ? ` V${d.flowVersion}` : ''}
            </Descriptions.Item>
          </Descriptions>
          <Timeline
            items={d.approvalRecord.map((r, i) => ({
              key: i,
              content: (
                <div>
                  <div>
                    <b>{r.nodeName || '—'}</b> · {r.actorName}
                    {r.onBehalfOfText && (
                      <Typography.Text type="secondary">（{r.onBehalfOfText}）</Typography.Text>
                    )}{' '}
                    {r.actionLabel}
                    {r.toNames.length > 0 && ` → ${r.toNames.join('、')}`}
                  </div>
                  {r.opinion && <div>意见：{r.opinion}</div>}
                  {r.reason && <div>原因：{r.reason}</div>}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(r.at, 'YYYY-MM-DD HH:mm:ss')}
                  </Typography.Text>
                </div>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}

interface ActForm {
  reason: string;
  taskId?: string;
  toStaff?: number[];
  targetNodeId?: string;
  staffIds?: number[];
}

function ActionDialog({ action, row, onClose }: { action: Action; row: InterveneRow; onClose: () => void }) {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<ActForm>();
  const needsDetail = action === 'transfer' || action === 'sendBack';
  const detail = useQuery({ ...billDetailQuery(row.id), enabled: needsDetail });
  const run = useFlowMutation(async (v: ActForm) => {
    const reason = v.reason.trim();
    if (action === 'forcePass') return flowApi.forcePass({ id: row.id, reason });
    if (action === 'transfer')
      return flowApi.adminTransfer({ id: row.id, taskId: v.taskId!, toStaffId: v.toStaff![0]!, reason });
    if (action === 'sendBack')
      return flowApi.adminSendBack({ id: row.id, targetNodeId: v.targetNodeId!, reason });
    return flowApi.adminCopy({ id: row.id, staffIds: v.staffIds!, reason });
  });
  const text = ACTION_TEXT[action];
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    modal.confirm({
      title: `确定${text}单据【${row.billNumber}】吗？`,
      content: `原因：${v.reason.trim()}。此操作将记入审批记录和操作日志。`,
      okText: text,
      okButtonProps: { danger: action !== 'copy' },
      onOk: async () => {
        const r = await run.mutateAsync(v);
        void message.success(`${text}成功，单据状态：${r.statusText}`);
        onClose();
      },
    });
  };
  const d: BillDetail | undefined = detail.data;
  const pickOne = (ids: number[]) => ids.slice(-1);
  const required = (msg: string) => [{ required: true, message: msg }];
  return (
    <Modal
      title={`${text} · ${row.billNumber}`}
      open
      onCancel={onClose}
      onOk={() => void submit()}
      okText={text}
      confirmLoading={run.isPending}
    >
      <Form form={form} layout="vertical">
        {action === 'forcePass' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={`单据将跳过当前节点「${row.currentNodeName}」的全部待办，直接通过该节点。`}
          />
        )}
        {action === 'transfer' && (
          <>
            <Form.Item name="taskId" label="转办的待办" rules={required('请选择待办')}>
              <Select
                loading={detail.isLoading}
                placeholder="选择当前待办"
                options={(d?.currentTasks ?? []).map((t) => ({
                  value: t.taskId,
                  label: `${t.nodeName} · ${t.assigneeName}（${t.statusText}）`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="toStaff"
              label="转办给"
              getValueFromEvent={pickOne}
              rules={[
                {
                  validator: (_, v: number[]) =>
                    v?.length ? Promise.resolve() : Promise.reject(new Error('请选择转办人')),
                },
              ]}
            >
              <StaffPicker value={[]} onChange={() => undefined} />
            </Form.Item>
          </>
        )}
        {action === 'sendBack' && (
          <Form.Item name="targetNodeId" label="退回到" rules={required('请选择退回节点')}>
            <Select
              loading={detail.isLoading}
              placeholder="选择此前的节点"
              options={(d?.rejectNodes ?? []).map((n) => ({ value: n.nodeId, label: n.name }))}
              notFoundContent="没有可退回的节点"
            />
          </Form.Item>
        )}
        {action === 'copy' && (
          <Form.Item
            name="staffIds"
            label="抄送给"
            rules={[
              {
                validator: (_, v: number[]) =>
                  v?.length ? Promise.resolve() : Promise.reject(new Error('请选择抄送人')),
              },
            ]}
          >
            <StaffPicker value={[]} onChange={() => undefined} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label="干预原因"
          rules={[
            { required: true, whitespace: true, message: '请填写干预原因' },
            { max: 200, message: '不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="必填，将记入审批记录和操作日志" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
