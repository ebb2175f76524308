import { App, Button, Drawer, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '@feikong/contracts';
import {
  directorySyncApi,
  type PlatformOrgConfigRow,
  type SyncDiffData,
  type SyncRunRow,
} from '@/api/integration';
import { usePlatformMutation } from './platformQueries';

const STATUS_COLOR: Record<string, string> = {
  fetching: 'processing',
  review: 'warning',
  applied: 'green',
  unchanged: 'default',
  failed: 'red',
  discarded: 'default',
};
const FIELD_TEXT: Record<string, string> = {
  name: '姓名',
  mobile: '手机号',
  email: '邮箱',
  withheld: '平台未返回的字段',
  returned: '重新出现',
  matched: '已匹配员工',
};
const WITHHELD_TEXT: Record<string, string> = { mobile: '手机号', email: '邮箱' };
type Kind = 'added' | 'changed' | 'moved' | 'gone';
const KINDS: { key: Kind; label: string }[] = [
  { key: 'added', label: '新增' },
  { key: 'changed', label: '变更' },
  { key: 'moved', label: '调动' },
  { key: 'gone', label: '离开' },
];

/** One kind of change: departments and users side by side (at most 500 of each listed). */
function DiffTables({ diff, kind }: { diff: SyncDiffData; kind: Kind }) {
  const deptName = (id: string) =>
    (id === diff.root ? '（组织顶层）' : undefined) ??
    [...diff.depts.added, ...diff.depts.changed, ...diff.depts.moved, ...diff.depts.gone].find(
      (d) => d.id === id,
    )?.name ??
    id;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Table
        size="small"
        rowKey="id"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        title={() => `部门（${diff.depts[kind].length}）`}
        dataSource={diff.depts[kind]}
        locale={{ emptyText: '空空如也~' }}
        columns={[
          { title: '部门', dataIndex: 'name' },
          { title: '上级', dataIndex: 'parent', render: (p: string) => deptName(p) },
          ...(kind === 'changed' ? [{ title: '原名称', dataIndex: 'from' }] : []),
          ...(kind === 'moved'
            ? [{ title: '原上级', dataIndex: 'from', render: (p: string) => deptName(p) }]
            : []),
        ]}
      />
      <Table
        size="small"
        rowKey="id"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        title={() => `成员（${diff.users[kind].length}）`}
        dataSource={diff.users[kind]}
        locale={{ emptyText: '空空如也~' }}
        columns={[
          { title: '姓名', dataIndex: 'name', width: 120 },
          { title: '平台账号', dataIndex: 'id', width: 140 },
          {
            title: '手机号',
            dataIndex: 'mobile',
            width: 160,
            render: (m: string | null, r) =>
              m ??
              (r.withheld.includes('mobile') ? (
                <Tag color="orange">平台未返回</Tag>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              )),
          },
          {
            title: '部门',
            dataIndex: 'depts',
            render: (ds: string[]) => ds.map(deptName).join('、'),
          },
          ...(kind === 'changed'
            ? [
                {
                  title: '变更',
                  dataIndex: 'fields',
                  render: (fs: string[] | undefined, r: SyncDiffData['users']['changed'][number]) =>
                    (fs ?? [])
                      .map((f) =>
                        f === 'withheld' && r.withheld.length > 0
                          ? `平台未返回${r.withheld.map((w) => WITHHELD_TEXT[w] ?? w).join('、')}`
                          : (FIELD_TEXT[f] ?? f),
                      )
                      .join('、'),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}

/**
 * 通讯录同步 of one organisation's configuration (decision 0061): 同步 starts task 159; the history lists each run
 * (同步中, 待确认, 已应用, 无变化, 失败); a run waiting for review shows its diff (新增、变更、调动、离开 of
 * departments and members) with 应用. Members the sync cannot match go to 同步冲突处理.
 */
export function DirectorySyncDrawer(props: {
  row: PlatformOrgConfigRow;
  canEdit: boolean;
  onClose: () => void;
}) {
  const app = App.useApp();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const runs = useQuery({
    queryKey: ['integration', 'platform', 'runs', props.row.id, page],
    queryFn: ({ signal }) => directorySyncApi.runs(props.row.id, page, signal),
    refetchInterval: (q) => (q.state.data?.items.some((r) => r.status === 'fetching') ? 1000 : false),
  });
  const shown =
    chosen ?? runs.data?.items.find((r) => r.status === 'review' || r.status === 'applied')?.id ?? null;
  // The run's status is in the key: a run that finishes fetching is read again with its diff.
  const shownStatus = runs.data?.items.find((r) => r.id === shown)?.status ?? '';
  const diff = useQuery({
    queryKey: ['integration', 'platform', 'diff', shown, shownStatus],
    queryFn: ({ signal }) => directorySyncApi.diff(shown!, signal),
    enabled: shown !== null,
  });
  const start = usePlatformMutation(directorySyncApi.start);
  const apply = usePlatformMutation(directorySyncApi.apply);
  const running = runs.data?.items.some((r) => r.status === 'fetching') ?? false;

  const onApply = (run: SyncRunRow) =>
    apply.mutate(run.id, {
      onSuccess: () => {
        app.message.success('已应用同步结果');
        void runs.refetch();
        void diff.refetch();
      },
    });

  const current = diff.data;
  return (
    <Drawer
      open
      width={980}
      title={`通讯录同步 · ${props.row.org_name}`}
      onClose={props.onClose}
      data-testid="directory-sync-drawer"
      extra={
        props.canEdit && (
          <Button
            type="primary"
            loading={start.isPending || running}
            onClick={() =>
              start.mutate(props.row.id, {
                onSuccess: (r) => {
                  setChosen(r.run_id);
                  setPage(1);
                  void runs.refetch();
                },
              })
            }
          >
            同步
          </Button>
        )
      }
    >
      <Typography.Title level={5}>同步记录</Typography.Title>
      <Table<SyncRunRow>
        size="small"
        rowKey="id"
        loading={runs.isLoading}
        dataSource={runs.data?.items ?? []}
        locale={{ emptyText: '空空如也~' }}
        onRow={(r) => ({ onClick: () => setChosen(r.id), style: { cursor: 'pointer' } })}
        rowClassName={(r) => (r.id === shown ? 'ant-table-row-selected' : '')}
        pagination={{
          current: page,
          pageSize: 10,
          total: runs.data?.page.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          {
            title: '开始时间',
            dataIndex: 'started_at',
            width: 150,
            render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: string, r) => <Tag color={STATUS_COLOR[s]}>{r.statusText}</Tag>,
          },
          {
            title: '方式',
            dataIndex: 'run_trigger',
            width: 70,
            render: (v: string) => (v === 'schedule' ? '定时' : '手动'),
          },
          { title: '部门', dataIndex: 'dept_count', width: 60, align: 'right' },
          { title: '成员', dataIndex: 'user_count', width: 70, align: 'right' },
          {
            title: '新增/变更/调动/离开',
            key: 'changes',
            width: 150,
            render: (_: unknown, r) => `${r.added} / ${r.changed} / ${r.moved} / ${r.gone}`,
          },
          { title: '冲突', dataIndex: 'conflicts', width: 60, align: 'right' },
          { title: '说明', dataIndex: 'error_msg', ellipsis: true },
        ]}
      />
      {current && (
        <>
          <Space style={{ margin: '16px 0 8px', justifyContent: 'space-between', width: '100%' }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              同步差异 <Tag color={STATUS_COLOR[current.run.status]}>{current.run.statusText}</Tag>
            </Typography.Title>
            {props.canEdit && current.run.status === 'review' && (
              <Button type="primary" loading={apply.isPending} onClick={() => onApply(current.run)}>
                应用
              </Button>
            )}
          </Space>
          {current.run.status === 'review' && (
            <Typography.Paragraph type="secondary">
              确认后应用：新增部门与员工，更新变更与调动；离开的成员不会被删除，超过宽限天数后标记给管理员；无法匹配的成员进入「同步冲突处理」。
            </Typography.Paragraph>
          )}
          <Tabs
            items={KINDS.map((k) => ({
              key: k.key,
              label: `${k.label}（${current.depts[k.key].length + current.users[k.key].length}）`,
              children: <DiffTables diff={current} kind={k.key} />,
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
