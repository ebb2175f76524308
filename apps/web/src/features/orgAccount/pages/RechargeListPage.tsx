import { Button, Card, DatePicker, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, RechargeListQuery, TaskOperatingType, yuan } from '@feikong/contracts';
import { orgAccountApi, type Recharge } from '@/api/orgAccount';
import { useAccess } from '@/components/Access';
import {
  dayRange,
  ListSearch,
  ListSelect,
  ListTable,
  rangeToMs,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
} from '@/components/ListPage';
import { useTaskPolling } from '@/features/common';
import { RechargeDialog } from '../components/RechargeDialog';
import {
  ORG_ACCOUNT_PERM,
  RECHARGE_STATUS_COLOR,
  RECHARGE_STATUS_OPTIONS,
  rechargeDetailPath,
} from '../rules';
import '../orgAccount.css';

/** 充值记录 (/scenes/orgAccount/recharge): the recharges by status, number and time; 充值导出 (task 5). */
export default function RechargeListPage() {
  const u = useListParams(RechargeListQuery, SNAKE_PAGE);
  const q = u.query;
  const navigate = useNavigate();
  const { can } = useAccess();
  const { track } = useTaskPolling();
  const [recharging, setRecharging] = useState(false);
  const list = useQuery({
    queryKey: ['orgAccount', 'recharges', q],
    queryFn: ({ signal }) => orgAccountApi.recharges(q, signal),
    placeholderData: keepPreviousData,
  });
  const columns: ListColumn<Recharge>[] = [
    {
      title: '充值单号',
      dataIndex: 'recharge_no',
      width: 230,
      role: 'key',
      render: (v: string, r) => (
        <Typography.Link onClick={() => navigate(rechargeDetailPath(r.id))} className="fk-oa-mono">
          {v}
        </Typography.Link>
      ),
    },
    { title: '充值金额', dataIndex: 'amount', width: 140, role: 'amount', render: (v: number) => yuan(v) },
    {
      title: '状态',
      dataIndex: 'status_name',
      width: 100,
      role: 'status',
      render: (v: string, r) => <Tag color={RECHARGE_STATUS_COLOR[r.status]}>{v}</Tag>,
    },
    { title: '付款账户', dataIndex: 'payer_account_name', width: 200 },
    { title: '付款银行', dataIndex: 'payer_bank', width: 160 },
    { title: '转账时间', dataIndex: 'transfer_time', width: 170, render: (v: number) => formatDateTime(v) },
    { title: '提交人', dataIndex: 'created_by_name', width: 110, render: (v: string) => v || '-' },
    { title: '提交时间', dataIndex: 'created_at', width: 170, render: (v: number) => formatDateTime(v) },
    {
      title: '操作',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => navigate(rechargeDetailPath(r.id))}>
          详情
        </Button>
      ),
    },
  ];
  return (
    <Card data-testid="recharge-list">
      <ListTable<Recharge>
        query={list}
        what="「充值记录」"
        paging={u}
        columns={columns}
        filters={
          <>
            <ListSearch
              value={q.recharge_no}
              placeholder="请输入充值单号"
              onSearch={(v) => u.set({ recharge_no: v })}
            />
            <ListSelect
              u={u}
              field="status"
              placeholder="充值状态"
              options={RECHARGE_STATUS_OPTIONS}
              width={140}
            />
            <DatePicker.RangePicker
              value={dayRange(q.start_time, q.end_time)}
              onChange={(v) => {
                const { min, max } = rangeToMs(v);
                u.set({ start_time: min, end_time: max === undefined ? undefined : max + 1 });
              }}
              aria-label="提交时间"
            />
          </>
        }
        actions={
          can([ORG_ACCOUNT_PERM.recharge]) && (
            <Button type="primary" onClick={() => setRecharging(true)}>
              充值
            </Button>
          )
        }
        exportTask={
          can([ORG_ACCOUNT_PERM.export])
            ? {
                operatingType: TaskOperatingType.rechargeExport,
                label: '导出',
                fileName: '充值记录导出.xlsx',
                params: { status: q.status, start_time: q.start_time, end_time: q.end_time },
                track,
              }
            : undefined
        }
      />
      <RechargeDialog
        open={recharging}
        onClose={() => setRecharging(false)}
        onDone={(r) => navigate(rechargeDetailPath(r.id))}
      />
    </Card>
  );
}
