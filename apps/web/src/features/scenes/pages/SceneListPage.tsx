import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  Category,
  CategoryLabel,
  formatDateTime,
  SceneListQuery,
  SceneStatus,
  SceneStatusLabel,
  SceneType,
  SceneTypeLabel,
  optionsOf,
} from '@feikong/contracts';
import { scenesApi, type SceneRow } from '@/api/scenes';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { SCENE_PERM, sceneListQuery, useSceneMutation } from '../queries';

/**
 * 场景管理 (scenes/SceneList, /scenes/rule/list): the tenant's preset and custom consumption scenes with their
 * category, status and published version; 编辑 opens the rule designer, 详情 the versions, 复制, 开启/关闭 (a
 * published scene only) and 删除 (custom scenes only: presets are closed, never deleted).
 */
export default function SceneListPage() {
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const u = useListParams(SceneListQuery, SNAKE_PAGE);
  const { name, category, status, scene_type } = u.query;
  const list = useQuery({
    ...sceneListQuery(u.query),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.list, total: d.total }),
  });
  const setStatus = useSceneMutation(scenesApi.status);
  const copy = useSceneMutation(scenesApi.copy);
  const remove = useSceneMutation(scenesApi.remove);
  const canEdit = can([SCENE_PERM.edit]);

  const onDelete = (r: SceneRow) =>
    void confirmDelete(
      { modal, message },
      {
        content: `确定删除场景【${r.name}】吗？`,
        remove: () => remove.mutateAsync(r.id),
        refusalAnswers: true,
      },
    );

  const columns: ListColumn<SceneRow>[] = [
    {
      title: '场景名称',
      role: 'key',
      dataIndex: 'name',
      width: 200,
      render: (v: string, r) => (
        <>
          <Typography.Link onClick={() => navigate(`/scenes/rule/detail?id=${r.id}`)}>{v}</Typography.Link>
          {r.description && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.description}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    { title: '消费类别', dataIndex: 'categoryText', width: 100 },
    {
      title: '场景类型',
      dataIndex: 'sceneTypeText',
      width: 100,
      render: (v: string, r) => <Tag color={r.scene_type === 0 ? 'purple' : undefined}>{v}</Tag>,
    },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'status',
      width: 80,
      render: (s: number, r) => <Tag color={s === 2 ? 'green' : 'default'}>{r.statusText}</Tag>,
    },
    {
      title: '版本',
      dataIndex: 'current_version',
      width: 130,
      render: (v: number, r) => (
        <Space size={4}>
          {v > 0 ? <Tag color="blue">V{v}</Tag> : <Tag>未发布</Tag>}
          {r.hasDraft && v > 0 && <Tag color="orange">有草稿</Tag>}
        </Space>
      ),
    },
    {
      title: '更新时间',
      dataIndex: 'updated_at',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 260,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => navigate(`/scenes/rule/edit?id=${r.id}`)}>
              编辑
            </Button>
          )}
          <Button type="link" size="small" onClick={() => navigate(`/scenes/rule/detail?id=${r.id}`)}>
            详情
          </Button>
          {can([SCENE_PERM.add]) && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                copy.mutate({ id: r.id }, { onSuccess: (d) => void message.success(`已复制为【${d.name}】`) })
              }
            >
              复制
            </Button>
          )}
          {canEdit && r.current_version > 0 && (
            <Switch
              size="small"
              checked={r.status === 2}
              checkedChildren="开启"
              unCheckedChildren="关闭"
              aria-label={`开启${r.name}`}
              loading={setStatus.isPending && setStatus.variables?.id === r.id}
              onChange={(on) =>
                setStatus.mutate(
                  { id: r.id, status: on ? 2 : 1 },
                  { onSuccess: () => void message.success(on ? '场景已开启' : '场景已关闭') },
                )
              }
            />
          )}
          {can([SCENE_PERM.remove]) && r.scene_type === 1 && (
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
      title="场景管理"
      data-testid="scene-list"
      className="fk-panel"
      extra={
        can([SCENE_PERM.add]) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/scenes/rule/edit')}>
            新增场景
          </Button>
        )
      }
    >
      <ListTable<SceneRow>
        query={list}
        paging={{ ...u, total: list.data?.total }}
        what="「场景管理」"
        columns={columns}
        filters={
          <>
            <Input.Search
              allowClear
              placeholder="场景名称"
              style={{ width: 200 }}
              defaultValue={name}
              onSearch={(v) => u.set({ name: v.trim() })}
            />
            <Select
              allowClear
              placeholder="消费类别"
              style={{ width: 130 }}
              value={category}
              options={optionsOf(Category, CategoryLabel)}
              onChange={(v) => u.set({ category: v })}
            />
            <Select
              allowClear
              placeholder="状态"
              style={{ width: 110 }}
              value={status}
              options={optionsOf(SceneStatus, SceneStatusLabel)}
              onChange={(v) => u.set({ status: v })}
            />
            <Select
              allowClear
              placeholder="场景类型"
              style={{ width: 120 }}
              value={scene_type}
              options={optionsOf(SceneType, SceneTypeLabel)}
              onChange={(v) => u.set({ scene_type: v })}
            />
          </>
        }
      />
    </Card>
  );
}
