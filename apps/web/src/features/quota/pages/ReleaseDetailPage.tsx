import { Alert, Button, Card, Descriptions, Result, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime, formatMoney, QuotaReleaseDetailQuery, TaskOperatingType } from '@feikong/contracts';
import { quotaApi, type QuotaReleaseLine } from '@/api/quota';
import { useAccess } from '@/components/Access';
import { ListSearch, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { useTaskPolling } from '@/features/common';
import { StatusTag } from '../components/StatusTag';
import { QUOTA_PERM, QUOTA_ROUTES, userDetailPath } from '../rules';

const time = (v: number | null) => (v ? formatDateTime(v, 'YYYY-MM-DD HH:mm') : '—');

/** 发放详情 (quota/ReleaseDetail, ?id=): one run, its people and what each got; 导出 is task 13. */
export default function ReleaseDetailPage() {
  const u = useListParams(QuotaReleaseDetailQuery, SNAKE_PAGE);
  const q = u.query;
  const navigate = useNavigate();
  const { can } = useAccess();
  const { track } = useTaskPolling();
  const id = Number(u.raw('id')) || 0;
  const one = {
    queryKey: ['quota', 'release', q],
    queryFn: ({ signal }: { signal: AbortSignal }) => quotaApi.release(q, signal),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  };
  const detail = useQuery(one);
  // The same request (one cache entry): the page's lines for the list block.
  const lines = useQuery({ ...one, select: (d) => d.lines });
  if (id <= 0) return <Result status="404" title="未找到该发放记录" />;
  const r = detail.data?.release;
  const canUser = can([QUOTA_PERM.view]);

  const columns: ListColumn<QuotaReleaseLine>[] = [
    {
      title: '员工',
      dataIndex: 'name',
      width: 120,
      role: 'key',
      render: (v: string, l) =>
        canUser ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => navigate(userDetailPath(l.user_id))}
          >
            {v}
          </Button>
        ) : (
          v
        ),
    },
    { title: '手机号', dataIndex: 'phone', width: 140 },
    {
      title: '应发金额（元）',
      dataIndex: 'amount',
      width: 130,
      role: 'amount',
      render: (v: number) => formatMoney(v),
    },
    {
      title: '实发金额（元）',
      dataIndex: 'granted',
      width: 130,
      role: 'amount',
      render: (v: number | null) => (v === null ? '—' : formatMoney(v)),
    },
    {
      title: '状态',
      dataIndex: 'done_at',
      width: 90,
      role: 'status',
      render: (v: number | null) => (v ? '已发放' : '未发放'),
    },
    { title: '发放时间', dataIndex: 'done_at', width: 150, render: time },
  ];

  return (
    <Spin spinning={detail.isLoading}>
      <Card
        title="发放详情"
        data-testid="quota-release-detail"
        className="fk-panel"
        extra={<Button onClick={() => navigate(QUOTA_ROUTES.releaseList)}>返回发放列表</Button>}
        style={{ marginBottom: 16 }}
      >
        {r && (
          <Descriptions column={3} size="small">
            <Descriptions.Item label="发放编号">{r.id}</Descriptions.Item>
            <Descriptions.Item label="消费场景">{r.scene_name}</Descriptions.Item>
            <Descriptions.Item label="执行状态">
              <StatusTag status={r.operate_status} text={r.operate_status_text} />
            </Descriptions.Item>
            <Descriptions.Item label="发放来源">{r.release_source_text}</Descriptions.Item>
            <Descriptions.Item label="发放规则">{r.plan_name || '—'}</Descriptions.Item>
            <Descriptions.Item label="发放类型">{r.release_type_text}</Descriptions.Item>
            <Descriptions.Item label="发放方式">{r.release_mode_text}</Descriptions.Item>
            <Descriptions.Item label="发放人数">{r.people} 人</Descriptions.Item>
            <Descriptions.Item label="发放总额">{formatMoney(r.total)} 元</Descriptions.Item>
            <Descriptions.Item label="已发放">{formatMoney(r.granted)} 元</Descriptions.Item>
            <Descriptions.Item label="有效期至">
              {r.expires_at ? time(r.expires_at) : '长期有效'}
            </Descriptions.Item>
            <Descriptions.Item label="操作人">{r.created_by_name || '系统'}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{time(r.created_at)}</Descriptions.Item>
            <Descriptions.Item label="完成时间">{time(r.finished_at)}</Descriptions.Item>
            <Descriptions.Item label="备注">{r.memo || '—'}</Descriptions.Item>
          </Descriptions>
        )}
        {r?.fail_reason && <Alert type="error" showIcon message={`发放失败：${r.fail_reason}`} />}
      </Card>
      <Card title="发放明细" className="fk-panel">
        <ListTable<QuotaReleaseLine>
          query={lines}
          what="「发放明细」"
          unit="人"
          paging={u}
          rowKey="user_id"
          columns={columns}
          filters={
            <ListSearch
              value={q.keyword}
              placeholder="姓名或手机号"
              onSearch={(v) => u.set({ keyword: v })}
            />
          }
          exportTask={
            can([QUOTA_PERM.releaseExport])
              ? {
                  operatingType: TaskOperatingType.quotaReleaseDetailExport,
                  label: '导出',
                  fileName: `额度发放明细_${id}.xlsx`,
                  params: { release_id: id },
                  track,
                }
              : undefined
          }
        />
      </Card>
    </Spin>
  );
}
