import { PrinterOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime, formatMoney } from '@feikong/contracts';
import { RequestError } from '@/api/http/errors';
import type { BillDetail } from '@/api/flow';
import { useAccess } from '@/components/Access';
import { NoPermission } from '@/components/NoPermission';
import { BillDocumentView } from '@/features/billPrint';
import { ApprovalTimeline, isIntervention } from '../components/ApprovalTimeline';
import {
  INTERVENE_ACTION_TEXT,
  INTERVENE_ACTIONS,
  InterveneDialog,
  type InterveneAction,
} from '../components/InterveneDialog';
import { billDetailQuery, FLOW_PERM } from '../hooks/queries';
import { readBillId } from '../printPages';
import './flowInterveneDetail.css';

/** The app's 403 state, with the way home (the sub-app has no router of its own). */
const Forbidden = () => (
  <NoPermission
    extra={
      <Button type="primary" href="/">
        返回首页
      </Button>
    }
  />
);

type Task = BillDetail['currentTasks'][number];
const MINUTE = 60_000;

/** How long something has waited, as people say it: 2天3小时, 5小时12分钟, 8分钟, 不足1分钟. */
export function waitedText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days}天${hours ? `${hours}小时` : ''}`;
  if (hours > 0) return `${hours}小时${mins ? `${mins}分钟` : ''}`;
  return mins > 0 ? `${mins}分钟` : '不足1分钟';
}

/**
 * /subForm/flowInterveneDetail?id= (spec 2.3, printable): the administrator's view of one document in
 * approval — where it is now (node, who must act, how long it has waited), the whole approval record with
 * earlier interventions and their reasons, the document's sheet — with 流程干预's actions (flowIntervene:edit)
 * and 打印 (window.print; the print stylesheet hides the toolbar). Opening it needs flowIntervene:view, as the
 * 流程干预 screen; the server checks the same.
 */
export default function FlowInterveneDetailPage({
  search = window.location.search,
  print = () => window.print(),
  now = Date.now,
}: {
  search?: string;
  print?: () => void;
  now?: () => number;
}) {
  const { can } = useAccess();
  const id = readBillId(search);
  if (!can([FLOW_PERM.interveneView])) return <Forbidden />;
  if (id === null)
    return <Result status="warning" title="缺少单据编号" subTitle="请从流程干预列表的“详情”打开本页" />;
  return <Detail id={id} canAct={can([FLOW_PERM.interveneEdit])} print={print} now={now} />;
}

function Detail({
  id,
  canAct,
  print,
  now,
}: {
  id: number;
  canAct: boolean;
  print: () => void;
  now: () => number;
}) {
  const qc = useQueryClient();
  const detail = useQuery({ ...billDetailQuery(id), retry: false });
  const [acting, setActing] = useState<InterveneAction | null>(null);
  if (detail.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (detail.isError) {
    const e = detail.error;
    const http = e instanceof RequestError && e.kind === 'http' ? e.status : 0;
    // The server answers another tenant's id as it answers an unknown one, so the page does too.
    if (http === 403) return <Forbidden />;
    if (http === 404) return <Result status="404" title="单据不存在" subTitle="单据不存在或已被删除" />;
    return <Result status="error" title="无法打开单据" subTitle={e.message} />;
  }
  const d = detail.data;
  const running = d.status === 'approving';
  const at = now();
  const since = d.currentTasks.length ? Math.min(...d.currentTasks.map((t) => t.createdAt)) : null;
  const interventions = d.approvalRecord.filter(isIntervention).length;
  return (
    <div className="fk-intervene-detail" data-testid="flow-intervene-detail">
      <Flex
        justify="space-between"
        align="center"
        wrap
        gap={8}
        className="fk-no-print"
        style={{ marginBottom: 12 }}
      >
        <Typography.Text type="secondary">流程干预 · 打印时将隐藏此工具栏</Typography.Text>
        <Space wrap>
          {canAct &&
            running &&
            INTERVENE_ACTIONS.map((a) => (
              <Button key={a} danger={a === 'forcePass'} onClick={() => setActing(a)}>
                {INTERVENE_ACTION_TEXT[a]}
              </Button>
            ))}
          <Button type="primary" icon={<PrinterOutlined />} onClick={print}>
            打印
          </Button>
        </Space>
      </Flex>
      <div className="fk-intervene-detail-sheet">
        <h1>流程干预 · 单据详情</h1>
        <div className="fk-id-meta">
          <span>单据编号：{d.billNumber}</span>
          <span>打印时间：{formatDateTime(at, 'YYYY-MM-DD HH:mm')}</span>
        </div>
        <Card size="small" title="当前位置" data-testid="intervene-current">
          {!running && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={`单据${d.statusText}，已不在审批中`}
            />
          )}
          <Descriptions size="small" column={3}>
            <Descriptions.Item label="单据状态">{d.statusText}</Descriptions.Item>
            <Descriptions.Item label="当前节点">{d.currentNodeName || '—'}</Descriptions.Item>
            <Descriptions.Item label="已等待">
              {since !== null ? waitedText(at - since) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="审批流程">
              {d.flowName || '—'}
              {d.flowVersion ? ` V${d.flowVersion}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="提交人">{d.submitterName}</Descriptions.Item>
            <Descriptions.Item label="金额">{formatMoney(d.amount)}元</Descriptions.Item>
            <Descriptions.Item label="提交时间">
              {d.submitTime ? formatDateTime(d.submitTime, 'YYYY-MM-DD HH:mm') : '—'}
            </Descriptions.Item>
          </Descriptions>
          {d.currentTasks.length > 0 && (
            <Table<Task>
              rowKey="taskId"
              size="small"
              pagination={false}
              style={{ marginTop: 8 }}
              dataSource={d.currentTasks}
              columns={[
                { title: '节点', dataIndex: 'nodeName', width: 140 },
                {
                  title: '待审批人',
                  dataIndex: 'assigneeName',
                  render: (v: string, t) => (t.onBehalfOfText ? `${v}（${t.onBehalfOfText}）` : v),
                },
                { title: '状态', dataIndex: 'statusText', width: 120 },
                {
                  title: '到达时间',
                  dataIndex: 'createdAt',
                  width: 160,
                  render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
                },
                {
                  title: '已等待',
                  key: 'waited',
                  width: 120,
                  render: (_: unknown, t) => waitedText(at - t.createdAt),
                },
              ]}
            />
          )}
        </Card>
        <Card
          size="small"
          title="审批记录"
          data-testid="intervene-record"
          extra={interventions > 0 && <Tag color="red">含{interventions}次流程干预</Tag>}
        >
          {d.approvalRecord.length ? (
            <ApprovalTimeline record={d.approvalRecord} />
          ) : (
            <Typography.Text type="secondary">暂无审批记录</Typography.Text>
          )}
        </Card>
        <Card size="small" title="单据内容">
          <BillDocumentView id={id} toolbar={false} />
        </Card>
      </div>
      {acting && (
        <InterveneDialog
          action={acting}
          bill={d}
          onClose={() => setActing(null)}
          onDone={() => void qc.invalidateQueries({ queryKey: ['billPrint'] })}
        />
      )}
    </div>
  );
}
