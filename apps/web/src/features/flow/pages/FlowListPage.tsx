import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Menu, Select, Space, Switch, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BILL_TYPE_LABEL, BILL_TYPES, FlowPageQuery, formatDateTime } from '@feikong/contracts';
import { flowApi, type FlowRow } from '@/api/flow';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { ListTable, useListParams, type ListColumn } from '@/components/ListPage';
import { FLOW_PERM, flowListQuery, groupsQuery, useFlowMutation } from '../hooks/queries';

const BILL_TYPE_OPTIONS = BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }));

/**
 * 审批流程 (flow/FlowList): groups on the left, the flows of the chosen group on the right with their bill
 * type, published version and an enable switch; 新建, 设计, 复制 and 删除 (the server refuses while documents
 * are in approval on the flow, and its reason is shown). Group, filters and page live in the URL.
 */
export default function FlowListPage() {
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const u = useListParams(FlowPageQuery);
  const { groupId, name, billType, enabled } = u.query;
  const groups = useQuery(groupsQuery);
  const list = useQuery({ ...flowListQuery(u.query), placeholderData: keepPreviousData });
  const enable = useFlowMutation(flowApi.enable);
  const copy = useFlowMutation(flowApi.copy);
  const remove = useFlowMutation(flowApi.remove);
  const canEdit = can([FLOW_PERM.edit]);

  const onDelete = (r: FlowRow) =>
    void confirmDelete(
      { modal, message },
      {
        content: `确定删除流程【${r.name}】吗？`,
        remove: () => remove.mutateAsync(r.id),
        refusalAnswers: true,
      },
    );

  const columns: ListColumn<FlowRow>[] = [
    {
      title: '流程名称',
      role: 'key',
      dataIndex: 'name',
      width: 220,
      render: (v: string, r) => (
        <>
          <Typography.Link onClick={() => navigate(`/flow/edit?id=${r.id}`)}>{v}</Typography.Link>
          {r.remark && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.remark}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    { title: '单据类型', dataIndex: 'billTypeText', width: 100 },
    { title: '分组', dataIndex: 'groupName', width: 120 },
    {
      title: '版本',
      dataIndex: 'version',
      width: 150,
      render: (v: number, r) => (
        <Space size={4}>
          {v > 0 ? <Tag color="blue">V{v}</Tag> : <Tag>未发布</Tag>}
          {r.hasDraft && v > 0 && <Tag color="orange">有草稿</Tag>}
        </Space>
      ),
    },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          disabled={!canEdit || r.version === 0}
          loading={enable.isPending && enable.variables?.id === r.id}
          aria-label={`启用${r.name}`}
          onChange={(checked) =>
            enable.mutate(
              { id: r.id, enabled: checked },
              { onSuccess: () => void message.success(checked ? '已启用' : '已停用') },
            )
          }
        />
      ),
    },
    { title: '审批中单据', dataIndex: 'runningCount', width: 100, align: 'right' },
    {
      title: '发布时间',
      dataIndex: 'publishedAt',
      width: 170,
      render: (ms: number | null, r) =>
        ms ? (
          <>
            {formatDateTime(ms, 'YYYY-MM-DD HH:mm')}
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.publishedByName}
              </Typography.Text>
            </div>
          </>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/flow/edit?id=${r.id}`)}>
            {canEdit ? '设计' : '查看'}
          </Button>
          {can([FLOW_PERM.add]) && (
            <Button
              type="link"
              size="small"
              loading={copy.isPending && copy.variables?.id === r.id}
              onClick={() =>
                copy.mutate(
                  { id: r.id },
                  { onSuccess: () => void message.success(`已复制流程【${r.name}】`) },
                )
              }
            >
              复制
            </Button>
          )}
          {can([FLOW_PERM.remove]) && (
            <Button type="link" size="small" danger onClick={() => onDelete(r)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex gap={12} align="flex-start">
      <Card
        title="流程分组"
        size="small"
        style={{ width: 200, flex: 'none' }}
        styles={{ body: { padding: 4 } }}
      >
        <Menu
          mode="inline"
          style={{ borderInlineEnd: 'none' }}
          selectedKeys={[String(groupId ?? 'all')]}
          onClick={({ key }) => u.set({ groupId: key === 'all' ? undefined : key })}
          items={[
            { key: 'all', label: '全部流程' },
            ...(groups.data ?? []).map((g) => ({ key: String(g.id), label: `${g.name}（${g.flowCount}）` })),
          ]}
        />
      </Card>
      <Card
        title="审批流程"
        data-testid="flow-list"
        className="fk-panel"
        style={{ flex: 1, minWidth: 0 }}
        extra={
          can([FLOW_PERM.add]) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(groupId ? `/flow/edit?groupId=${groupId}` : '/flow/edit')}
            >
              新建流程
            </Button>
          )
        }
      >
        <ListTable<FlowRow>
          query={list}
          paging={u}
          what="「审批流程」"
          columns={columns}
          filters={
            <>
              <Input.Search
                allowClear
                placeholder="流程名称"
                style={{ width: 200 }}
                defaultValue={name}
                onSearch={(v) => u.set({ name: v.trim() })}
              />
              <Select
                allowClear
                placeholder="单据类型"
                style={{ width: 140 }}
                value={billType}
                options={BILL_TYPE_OPTIONS}
                onChange={(v) => u.set({ billType: v })}
              />
              <Select
                allowClear
                placeholder="状态"
                style={{ width: 120 }}
                value={enabled === undefined ? undefined : String(enabled)}
                options={[
                  { value: 'true', label: '已启用' },
                  { value: 'false', label: '已停用' },
                ]}
                onChange={(v) => u.set({ enabled: v })}
              />
            </>
          }
        />
      </Card>
    </Flex>
  );
}
