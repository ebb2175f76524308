import { Button, Card, Descriptions, Drawer, Input, Select, Space, Spin, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BILL_TYPE_LABEL,
  BILL_TYPES,
  formatDateTime,
  formatMoney,
  IntervenePageQuery,
} from '@feikong/contracts';
import type { InterveneRow } from '@/api/flow';
import { useAccess } from '@/components/Access';
import { ListTable, moneyColumn, useListParams, type ListColumn } from '@/components/ListPage';
import { ApprovalTimeline } from '../components/ApprovalTimeline';
import {
  INTERVENE_ACTION_TEXT,
  INTERVENE_ACTIONS,
  InterveneDialog,
  type InterveneAction,
} from '../components/InterveneDialog';
import { billDetailQuery, FLOW_PERM, interveneQuery } from '../hooks/queries';
import { flowInterveneDetailUrl } from '../printPages';

/**
 * 流程干预 (flow/FlowIntervene): the tenant's documents in approval; an administrator with flowIntervene:edit
 * may 强制通过, 转办 a task, 退回 to an earlier node or 抄送, each with a required reason and a confirmation
 * (the server writes the operation log). The approval record opens in a drawer; 详情 opens the printable
 * /subForm/flowInterveneDetail page in a new tab. Filters and page in the URL.
 */
export default function FlowIntervenePage() {
  const { can } = useAccess();
  const canAct = can([FLOW_PERM.interveneEdit]);
  const u = useListParams(IntervenePageQuery);
  const { keyword, billType } = u.query;
  const list = useQuery({ ...interveneQuery(u.query), placeholderData: keepPreviousData });
  const [record, setRecord] = useState<number | null>(null);
  const [acting, setActing] = useState<{ action: InterveneAction; row: InterveneRow } | null>(null);

  const columns: ListColumn<InterveneRow>[] = [
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 170,
      role: 'key',
      render: (v: string, r) => <Typography.Link onClick={() => setRecord(r.id)}>{v}</Typography.Link>,
    },
    { title: '事由', dataIndex: 'title', width: 180, ellipsis: true },
    moneyColumn('金额（元）', 'amount'),
    { title: '当前节点', dataIndex: 'currentNodeName', width: 110, role: 'status' },
    {
      title: '当前审批人',
      dataIndex: 'currentApprovers',
      width: 140,
      render: (v: string[]) => v.join('、') || '—',
    },
    { title: '提交人', dataIndex: 'submitterName', width: 90 },
    { title: '单据类型', dataIndex: 'billTypeText', width: 90 },
    { title: '审批流程', dataIndex: 'flowName', width: 140, ellipsis: true },
    {
      title: '提交时间',
      dataIndex: 'submitTime',
      width: 150,
      render: (ms: number | null) => (ms ? formatDateTime(ms, 'YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: '操作',
      key: 'op',
      width: canAct ? 220 : 140,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setRecord(r.id)}>
            审批记录
          </Button>
          <Button type="link" size="small" href={flowInterveneDetailUrl(r.id)} target="_blank">
            详情
          </Button>
          {canAct &&
            INTERVENE_ACTIONS.map((a) => (
              <Button
                key={a}
                type="link"
                size="small"
                danger={a === 'forcePass'}
                onClick={() => setActing({ action: a, row: r })}
              >
                {INTERVENE_ACTION_TEXT[a]}
              </Button>
            ))}
        </Space>
      ),
    },
  ];

  return (
    <Card title="流程干预" data-testid="flow-intervene" className="fk-panel">
      <ListTable<InterveneRow>
        query={list}
        what="「流程干预」"
        columns={columns}
        paging={u}
        filters={
          <>
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
          </>
        }
      />
      {record !== null && <RecordDrawer id={record} onClose={() => setRecord(null)} />}
      {acting && <InterveneDialog action={acting.action} bill={acting.row} onClose={() => setActing(null)} />}
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
          <ApprovalTimeline record={d.approvalRecord} />
        </>
      )}
    </Drawer>
  );
}
