import { Card, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime, formatMoney, QuotaReleaseListQuery } from '@feikong/contracts';
import { quotaApi, type QuotaRelease } from '@/api/quota';
import { ListSelect, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { quotaScenesQuery } from '../queries';
import { OPERATE_STATUS_OPTIONS, releaseDetailPath, RELEASE_SOURCE_OPTIONS } from '../rules';
import { StatusTag } from './StatusTag';

/**
 * The release runs by scene, status and source: 发放列表 (quotaRelease:view) and 操作记录 (quota:view) show
 * the same runs from their two menus; the number opens 发放详情 where the viewer may see it.
 */
export function ReleaseTable({
  title,
  testId,
  source,
  canOpen,
  actions,
}: {
  title: string;
  testId: string;
  source: 'releases' | 'operateRecords';
  canOpen: boolean;
  actions?: React.ReactNode;
}) {
  const u = useListParams(QuotaReleaseListQuery, SNAKE_PAGE);
  const q = u.query;
  const navigate = useNavigate();
  const scenes = useQuery(quotaScenesQuery);
  const list = useQuery({
    queryKey: ['quota', source, q],
    queryFn: ({ signal }) => quotaApi[source](q, signal),
    placeholderData: keepPreviousData,
  });
  const columns: ListColumn<QuotaRelease>[] = [
    {
      title: '发放编号',
      dataIndex: 'id',
      width: 100,
      role: 'key',
      render: (v: number) =>
        canOpen ? <Typography.Link onClick={() => navigate(releaseDetailPath(v))}>{v}</Typography.Link> : v,
    },
    { title: '消费场景', dataIndex: 'scene_name', width: 110 },
    {
      title: '发放总额（元）',
      dataIndex: 'total',
      width: 130,
      role: 'amount',
      render: (v: number) => formatMoney(v),
    },
    {
      title: '执行状态',
      dataIndex: 'operate_status_text',
      width: 100,
      role: 'status',
      render: (v: string, r) => <StatusTag status={r.operate_status} text={v} />,
    },
    { title: '人数', dataIndex: 'people', width: 80 },
    { title: '已发放（元）', dataIndex: 'granted', width: 120, render: (v: number) => formatMoney(v) },
    { title: '发放来源', dataIndex: 'release_source_text', width: 100 },
    {
      title: '发放规则',
      dataIndex: 'plan_name',
      width: 140,
      ellipsis: true,
      render: (v: string) => v || '—',
    },
    { title: '发放方式', dataIndex: 'release_mode_text', width: 100 },
    {
      title: '有效期至',
      dataIndex: 'expires_at',
      width: 150,
      render: (v: number | null) => (v ? formatDateTime(v, 'YYYY-MM-DD HH:mm') : '长期有效'),
    },
    { title: '备注', dataIndex: 'memo', width: 160, ellipsis: true, render: (v: string) => v || '—' },
    { title: '操作人', dataIndex: 'created_by_name', width: 100, render: (v: string) => v || '系统' },
    {
      title: '创建时间',
      dataIndex: 'created_at',
      width: 150,
      render: (v: number) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <Card title={title} data-testid={testId} className="fk-panel">
      <ListTable<QuotaRelease>
        query={list}
        what={`「${title}」`}
        paging={u}
        columns={columns}
        filters={
          <>
            <ListSelect
              u={u}
              field="scene_id"
              placeholder="消费场景"
              options={scenes.data ?? []}
              width={150}
            />
            <ListSelect
              u={u}
              field="operate_status"
              placeholder="执行状态"
              options={OPERATE_STATUS_OPTIONS}
            />
            <ListSelect
              u={u}
              field="release_source"
              placeholder="发放来源"
              options={RELEASE_SOURCE_OPTIONS}
            />
          </>
        }
        actions={actions}
      />
    </Card>
  );
}
