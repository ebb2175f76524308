import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  BILL_TYPE_LABEL,
  BILL_TYPES,
  FORM_STATUS_LABEL,
  FORM_STATUSES,
  formatDateTime,
  FormPageQuery,
  type FormStatus,
} from '@feikong/contracts';
import { formApi, type FormRow } from '@/api/form';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { ListTable, useListParams, type ListColumn } from '@/components/ListPage';
import { FLOW_PERM, formListQuery, useFlowMutation } from '../hooks/queries';

const STATUS_COLOR: Record<FormStatus, string | undefined> = {
  draft: undefined,
  published: 'green',
  disabled: 'default',
};

/**
 * 表单管理 (flow/FormList, /flow/formList): the custom forms of the bill types with their status and
 * published version; 编辑 opens the designer, 复制, 启用/停用 (a published form only; enabling one
 * disables the other forms of its bill type) and 删除 (the server refuses while documents use the form,
 * and its reason is shown). Filters and page live in the URL.
 */
export default function FormListPage() {
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();

  const u = useListParams(FormPageQuery);
  const { name, billType, status } = u.query;
  const list = useQuery({ ...formListQuery(u.query), placeholderData: keepPreviousData });
  const enable = useFlowMutation(formApi.enable);
  const copy = useFlowMutation(formApi.copy);
  const remove = useFlowMutation(formApi.remove);
  const canEdit = can([FLOW_PERM.edit]);

  const onDelete = (r: FormRow) =>
    void confirmDelete(
      { modal, message },
      {
        content: `确定删除表单【${r.name}】吗？`,
        remove: () => remove.mutateAsync(r.id),
        refusalAnswers: true,
      },
    );

  const columns: ListColumn<FormRow>[] = [
    {
      title: '表单名称',
      role: 'key',
      dataIndex: 'name',
      width: 220,
      render: (v: string, r) => (
        <>
          <Typography.Link onClick={() => navigate(`/flow/formEdit?id=${r.id}`)}>{v}</Typography.Link>
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
    { title: '单据类型', dataIndex: 'billTypeText', width: 100 },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'status',
      width: 90,
      render: (s: FormStatus, r) => <Tag color={STATUS_COLOR[s]}>{r.statusText || FORM_STATUS_LABEL[s]}</Tag>,
    },
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
    { title: '字段数', dataIndex: 'fieldCount', width: 80, align: 'right' },
    { title: '使用单据', dataIndex: 'billCount', width: 90, align: 'right' },
    {
      title: '更新时间',
      dataIndex: 'updateAt',
      width: 160,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 220,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/flow/formEdit?id=${r.id}`)}>
            {canEdit ? '编辑' : '查看'}
          </Button>
          {can([FLOW_PERM.add]) && (
            <Button
              type="link"
              size="small"
              loading={copy.isPending && copy.variables?.id === r.id}
              onClick={() =>
                copy.mutate(
                  { id: r.id },
                  { onSuccess: () => void message.success(`已复制表单【${r.name}】`) },
                )
              }
            >
              复制
            </Button>
          )}
          {canEdit && r.version > 0 && (
            <Switch
              size="small"
              checked={r.status === 'published'}
              checkedChildren="启用"
              unCheckedChildren="停用"
              loading={enable.isPending && enable.variables?.id === r.id}
              aria-label={`启用${r.name}`}
              onChange={(checked) =>
                enable.mutate(
                  { id: r.id, enabled: checked },
                  { onSuccess: () => void message.success(checked ? '已启用' : '已停用') },
                )
              }
            />
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
    <Card
      title="表单管理"
      data-testid="form-list"
      className="fk-panel"
      extra={
        can([FLOW_PERM.add]) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/flow/formEdit')}>
            新建表单
          </Button>
        )
      }
    >
      <ListTable<FormRow>
        query={list}
        paging={u}
        what="「表单管理」"
        columns={columns}
        filters={
          <>
            <Input.Search
              allowClear
              placeholder="表单名称"
              style={{ width: 200 }}
              defaultValue={name}
              onSearch={(v) => u.set({ name: v.trim() })}
            />
            <Select
              allowClear
              placeholder="单据类型"
              style={{ width: 140 }}
              value={billType}
              options={BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }))}
              onChange={(v) => u.set({ billType: v })}
            />
            <Select
              allowClear
              placeholder="状态"
              style={{ width: 120 }}
              value={status}
              options={FORM_STATUSES.map((s) => ({ value: s, label: FORM_STATUS_LABEL[s] }))}
              onChange={(v) => u.set({ status: v })}
            />
          </>
        }
      />
    </Card>
  );
}
