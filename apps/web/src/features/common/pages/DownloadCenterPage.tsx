import { CloudDownloadOutlined, DeleteOutlined, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Result, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDateTime,
  isImportTask,
  PERSONAL_NO_ORG,
  TASK_POLL,
  TaskOperatingTypeLabel,
  TaskStatus,
  TaskListQuery,
  TaskStatusLabel,
} from '@feikong/contracts';
import { taskFile, tasksApi, type Task, type TaskListQuery as TaskListParams } from '@/api/tasks';
import { confirmDelete } from '@/components/confirmDelete';
import { ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { isPersonalAccount, useSession } from '@/stores/session';

const STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

const downloadKeys = {
  all: ['tasks'] as const,
  list: (q: TaskListParams) => ['tasks', 'list', q] as const,
};

/** While any listed task runs the list refreshes on the task polling rhythm (spec §4.3: every 3 s). */
export function refreshInterval(items: readonly Pick<Task, 'status'>[] | undefined): number | false {
  return items?.some((t) => t.status === TaskStatus.running) ? TASK_POLL.everyMs : false;
}

function StatusTag({ task }: { task: Task }) {
  const tag = (
    <Tag
      color={STATUS_COLOR[task.status] ?? 'default'}
      icon={task.status === TaskStatus.running ? <LoadingOutlined /> : undefined}
    >
      {TaskStatusLabel[task.status as 0 | 1 | 2] ?? '未知'}
    </Tag>
  );
  return task.status === TaskStatus.failure && task.error_msg ? (
    <Tooltip title={task.error_msg}>{tag}</Tooltip>
  ) : (
    tag
  );
}

const STATUS_FILTERS = [
  { value: 'all', label: '全部' },
  { value: String(TaskStatus.running), label: '进行中' },
  { value: String(TaskStatus.success), label: '成功' },
  { value: String(TaskStatus.failure), label: '失败' },
];

/**
 * 下载中心 (/downloadcenter): the caller's own import and export tasks — type, status, counts, times,
 * the file to download (export_attachment) and delete for finished tasks. Refreshes by itself while a
 * task runs. Status, type and page live in the URL.
 */
export default function DownloadCenterPage() {
  const app = App.useApp();
  const client = useQueryClient();
  const session = useSession();
  const personal = isPersonalAccount(session);
  const u = useListParams(TaskListQuery, SNAKE_PAGE);
  const q = u.query;
  const type = q.operating_type;
  const tasks = useQuery({
    queryKey: downloadKeys.list(q),
    queryFn: ({ signal }) => tasksApi.list(q, signal),
    enabled: !personal,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshInterval(query.state.data?.items),
  });

  const remove = (t: Task) =>
    confirmDelete(app, {
      content: `确定删除任务【${t.operating_type_name}】吗？删除后文件将无法下载。`,
      remove: () => tasksApi.remove(t.id),
      then: () => client.invalidateQueries({ queryKey: downloadKeys.all }),
    });

  const columns: ListColumn<Task>[] = [
    {
      title: '任务名称',
      dataIndex: 'operating_type_name',
      key: 'operating_type',
      width: 260,
      role: 'key',
      filters: Object.entries(TaskOperatingTypeLabel).map(([value, text]) => ({
        text,
        value: Number(value),
      })),
      filterMultiple: false,
      filteredValue: type === undefined ? null : [type],
      render: (name: string, t) => (
        <div>
          <div>{name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: t.file_name }}>
            {t.file_name}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      role: 'status',
      render: (_: number, t) => <StatusTag task={t} />,
    },
    {
      title: '数据',
      key: 'amount',
      width: 150,
      render: (_: unknown, t) => {
        if (t.status === TaskStatus.running && !t.success_amount && !t.fail_amount)
          return <Typography.Text type="secondary">处理中…</Typography.Text>;
        if (!isImportTask(t.operating_type))
          return t.status === TaskStatus.failure ? (
            <Typography.Text type="secondary">-</Typography.Text>
          ) : (
            <span>共 {t.success_amount} 条</span>
          );
        return (
          <span>
            成功 <Typography.Text type="success">{t.success_amount}</Typography.Text>
            <Typography.Text type="secondary"> · </Typography.Text>
            失败{' '}
            <Typography.Text type={t.fail_amount ? 'danger' : 'secondary'}>{t.fail_amount}</Typography.Text>
          </span>
        );
      },
    },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: number) => formatDateTime(v) },
    {
      title: '完成时间',
      dataIndex: 'finished_at',
      width: 170,
      render: (v: number | null) => formatDateTime(v) || '-',
    },
    {
      title: '操作',
      key: 'op',
      width: 170,
      fixed: 'right',
      render: (_: unknown, t) => {
        const file = taskFile(t);
        const finished = t.status !== TaskStatus.running;
        const label = isImportTask(t.operating_type) ? '下载失败数据' : '下载';
        return (
          <Space size={4}>
            {file && (!isImportTask(t.operating_type) || t.fail_amount > 0) ? (
              <Button
                type="link"
                size="small"
                href={file.url}
                download={file.name}
                icon={<CloudDownloadOutlined />}
              >
                {label}
              </Button>
            ) : null}
            {finished && (
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(t)}>
                删除
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  if (personal) {
    return (
      <div className="fk-panel" data-testid="download-center-page">
        <Result
          status="info"
          title={PERSONAL_NO_ORG}
          subTitle="加入组织后，您创建的导入、导出任务会显示在这里。"
        />
      </div>
    );
  }

  return (
    <div className="fk-panel" data-testid="download-center-page">
      <div className="fk-toolbar">
        <div>
          <div className="fk-page-title" style={{ margin: 0 }}>
            下载中心
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            您创建的导入、导出任务；导出完成后可在此下载文件，导入失败的数据可下载后修改再导入。
          </Typography.Text>
        </div>
      </div>
      <ListTable<Task>
        query={tasks}
        loading={tasks.isPending}
        what="「任务」"
        paging={u}
        columns={columns}
        onChange={(_p, filters, _s, extra) => {
          if (extra.action !== 'filter') return;
          const v = filters.operating_type?.[0];
          u.set({ operating_type: v === undefined ? undefined : Number(v) });
        }}
        filters={
          <Segmented
            options={STATUS_FILTERS}
            value={q.status === undefined ? 'all' : String(q.status)}
            onChange={(v) => u.set({ status: v === 'all' ? undefined : Number(v) })}
          />
        }
        actions={
          <Button icon={<ReloadOutlined />} onClick={() => void tasks.refetch()} loading={tasks.isFetching}>
            刷新
          </Button>
        }
      />
    </div>
  );
}
