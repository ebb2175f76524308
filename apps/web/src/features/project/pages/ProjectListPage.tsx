import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  formatDateTime,
  optionsOf,
  ProjectListQuery,
  ProjectStatus,
  ProjectStatusLabel,
} from '@feikong/contracts';
import { projectApi, type ProjectRow } from '@/api/project';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { PROJECT_PERM, projectListQuery, useProjectMutation } from '../queries';
import { PROJECT_DETAIL as DETAIL, periodText } from '../rules';

const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'default' };

/**
 * 项目列表 (project/ProjectList, /project/projectList): the tenant's projects by code or name and status;
 * 新增项目 opens 项目新增, a row its detail (edit, or view without 编辑 permission); 停用/启用 and 删除 (refused
 * with the documents' numbers while documents carry the project).
 */
export default function ProjectListPage() {
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const u = useListParams(ProjectListQuery, SNAKE_PAGE);
  const { keyword, status } = u.query;
  const list = useQuery({
    ...projectListQuery(u.query),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const setStatus = useProjectMutation(projectApi.status);
  const remove = useProjectMutation(projectApi.remove);
  const canEdit = can([PROJECT_PERM.edit]);

  const onDelete = (r: ProjectRow) =>
    void confirmDelete(
      { modal, message },
      {
        content: `确定删除项目【${r.name}】吗？`,
        remove: () => remove.mutateAsync(r.id),
        refusalAnswers: true,
      },
    );
  const onStatus = (r: ProjectRow, next: number) =>
    setStatus.mutate(
      { id: r.id, status: next },
      { onSuccess: () => void message.success(`项目已${next === ProjectStatus.stopped ? '停用' : '启用'}`) },
    );

  const columns: ListColumn<ProjectRow>[] = [
    { title: '项目编码', dataIndex: 'code', width: 130 },
    {
      title: '项目名称',
      role: 'key',
      dataIndex: 'name',
      width: 190,
      render: (v: string, r) => (
        <Typography.Link onClick={() => navigate(`${DETAIL}/${r.id}`)}>{v}</Typography.Link>
      ),
    },
    { title: '负责人', dataIndex: 'owner_name', width: 110 },
    { title: '成员数', dataIndex: 'member_count', width: 70, align: 'right' },
    {
      title: '项目周期',
      dataIndex: 'start_date',
      width: 200,
      render: (_: string, r) => periodText(r.start_date, r.end_date),
    },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'status',
      width: 80,
      render: (s: number, r) => <Tag color={STATUS_COLOR[s]}>{r.statusText}</Tag>,
    },
    {
      title: '更新时间',
      dataIndex: 'updated_at',
      width: 140,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`${DETAIL}/${r.id}`)}>
            {canEdit ? '编辑' : '查看'}
          </Button>
          {canEdit &&
            (r.status === ProjectStatus.stopped ? (
              <Button type="link" size="small" onClick={() => onStatus(r, ProjectStatus.active)}>
                启用
              </Button>
            ) : (
              <Button type="link" size="small" onClick={() => onStatus(r, ProjectStatus.stopped)}>
                停用
              </Button>
            ))}
          {canEdit && (
            <Button type="link" size="small" danger onClick={() => onDelete(r)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="项目管理"
      data-testid="project-list"
      className="fk-panel"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(DETAIL)}>
            新增项目
          </Button>
        )
      }
    >
      <ListTable<ProjectRow>
        query={list}
        paging={{ ...u, total: list.data?.total }}
        what="「项目管理」"
        columns={columns}
        filters={
          <>
            <Input.Search
              allowClear
              placeholder="项目编码/名称"
              style={{ width: 200 }}
              defaultValue={keyword}
              onSearch={(v) => u.set({ keyword: v.trim() })}
            />
            <Select
              allowClear
              placeholder="状态"
              style={{ width: 120 }}
              value={status}
              options={optionsOf(ProjectStatus, ProjectStatusLabel)}
              onChange={(v) => u.set({ status: v })}
            />
          </>
        }
      />
    </Card>
  );
}
