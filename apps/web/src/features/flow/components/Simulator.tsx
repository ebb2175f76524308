import {
  Alert,
  Button,
  Drawer,
  Empty,
  Flex,
  InputNumber,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatMoney } from '@feikong/contracts';
import { flowApi, type FlowSimulate, type SimRow } from '@/api/flow';

type Step = SimRow['steps'][number];

function StepLine({ step }: { step: Step }) {
  const who = step.staff.map((s) => s.name).join('、');
  return (
    <div style={{ lineHeight: '22px' }} data-testid="sim-step">
      <Tag color={step.kind === 'cc' ? 'blue' : 'orange'} style={{ marginInlineEnd: 4 }}>
        {step.name}
      </Tag>
      {step.autoPass ? (
        <Typography.Text type="success">
          {who ? `${who} · ` : ''}
          {/* the server's Chinese reason (无审批人，自动通过 …), never the engine's code */}
          {step.note || '自动通过'}
        </Typography.Text>
      ) : step.toAdministrators ? (
        <Typography.Text type="warning">{who ? `${who}（转交管理员）` : '转交管理员'}</Typography.Text>
      ) : step.chosenMissing ? (
        <Typography.Text type="danger">发起人未选择审批人</Typography.Text>
      ) : (
        <span>
          {who || '—'}
          {step.kind === 'approver' && step.modeText && (
            <Typography.Text type="secondary"> · {step.modeText}</Typography.Text>
          )}
          {step.kind === 'cc' && <Typography.Text type="secondary"> · 抄送</Typography.Text>}
        </span>
      )}
      {step.note && !step.autoPass && !step.toAdministrators && !step.chosenMissing && (
        <Typography.Text type="secondary"> （{step.note}）</Typography.Text>
      )}
    </div>
  );
}

const columns: TableColumnsType<SimRow> = [
  {
    title: '单据',
    dataIndex: 'billNumber',
    width: 200,
    render: (v: string, r) => (
      <>
        <div>{v}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.title}
        </Typography.Text>
      </>
    ),
  },
  { title: '提交人', dataIndex: 'submitterName', width: 90 },
  {
    title: '金额（元）',
    dataIndex: 'amount',
    width: 110,
    align: 'right',
    render: (f: number) => formatMoney(f),
  },
  {
    title: '提交时间',
    dataIndex: 'submitTime',
    width: 140,
    render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
  },
  {
    title: '审批路径（每一步由谁审批）',
    dataIndex: 'steps',
    render: (steps: Step[]) =>
      steps.length ? (
        steps.map((s, i) => <StepLine key={`${s.nodeId}-${i}`} step={s} />)
      ) : (
        <Typography.Text type="secondary">无审批步骤</Typography.Text>
      ),
  },
  { title: '结束于', dataIndex: 'endNodeName', width: 110 },
];

/**
 * 流程模拟: runs the flow being designed (its unsaved nodes) against the tenant's last N documents of the
 * bill type and shows who would approve each step, which steps pass by themselves and where it ends.
 */
export function SimulatorDrawer({
  open,
  onClose,
  body,
}: {
  open: boolean;
  onClose: () => void;
  body: Omit<FlowSimulate, 'count'>;
}) {
  const [count, setCount] = useState(20);
  const run = useMutation({ mutationFn: flowApi.simulate });
  const result = run.data;
  return (
    <Drawer title="流程模拟" open={open} onClose={onClose} size={1100} destroyOnHidden={false}>
      <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
        用最近
        <InputNumber
          min={1}
          max={1000}
          precision={0}
          value={count}
          onChange={(v) => setCount(v ?? 20)}
          aria-label="单据数量"
        />
        张该类型的单据试运行当前设计（不保存、不影响真实单据）
        <Button type="primary" loading={run.isPending} onClick={() => run.mutate({ ...body, count })}>
          开始模拟
        </Button>
      </Flex>
      {result && result.issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="流程设计有误，无法模拟"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {result.issues.map((i, k) => (
                <li key={k}>{i.message}</li>
              ))}
            </ul>
          }
        />
      )}
      {result && result.issues.length === 0 && (
        <>
          <Space wrap style={{ marginBottom: 12 }} data-testid="sim-summary">
            <span>
              共模拟 {result.rows.length} 张单据，用时 {result.elapsedMs} 毫秒。
            </span>
            {result.ends.map((e) => (
              <Tag key={e.endNodeId} color="green">
                结束于「{e.endNodeName}」：{e.count} 张
              </Tag>
            ))}
          </Space>
          <Table<SimRow>
            rowKey="billId"
            size="small"
            columns={columns}
            dataSource={result.rows}
            pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 张` }}
            locale={{ emptyText: <Empty description="该单据类型暂无已提交的单据" /> }}
            data-testid="sim-table"
          />
        </>
      )}
    </Drawer>
  );
}
