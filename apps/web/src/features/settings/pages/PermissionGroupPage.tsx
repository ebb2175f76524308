import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space, Tag } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, GroupListQuery } from '@feikong/contracts';
import { privilegesApi, type PermissionGroup } from '@/api/privileges';
import { Access, useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { Dialog } from '@/components/Dialog/Dialog';
import { applyFieldErrors } from '@/components/formErrors';
import { ListSearch, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { groupsQuery, PERM, privilegeKeys } from '../hooks/privileges';

interface GroupForm {
  name: string;
  description?: string;
}

/**
 * 权限组 (settings › 权限管理): list, add, edit and delete permission groups. Before deleting, the
 * server's delete check runs and its reason (builtin group, members left) is shown instead of the
 * confirmation. Buttons follow permissionGroup:add / edit / delete. Search and page live in the URL.
 */
export default function PermissionGroupPage() {
  const app = App.useApp();
  const { message } = app;
  const client = useQueryClient();
  const { can } = useAccess();
  const u = useListParams(GroupListQuery, SNAKE_PAGE);
  const [editing, setEditing] = useState<PermissionGroup | 'new' | null>(null);
  const [form] = Form.useForm<GroupForm>();

  const groups = useQuery({ ...groupsQuery(u.query), placeholderData: keepPreviousData });
  const refresh = () => client.invalidateQueries({ queryKey: privilegeKeys.all });

  const save = useMutation({
    mutationFn: async (values: GroupForm) => {
      const description = values.description?.trim() || null;
      if (editing === 'new') return privilegesApi.createGroup({ name: values.name.trim(), description });
      const g = editing as PermissionGroup;
      return privilegesApi.updateGroup(
        g.is_builtin ? { id: g.id, description } : { id: g.id, name: values.name.trim(), description },
      );
    },
    onSuccess: () => {
      void message.success(editing === 'new' ? '新增成功' : '保存成功');
      setEditing(null);
      void refresh();
    },
    onError: (e) => void applyFieldErrors(form, e, ['name', 'description']),
  });

  // 新成员默认加入 (issue 20): the default moves to another group, it is never just unset.
  const makeDefault = useMutation({
    mutationFn: (g: PermissionGroup) => privilegesApi.updateGroup({ id: g.id, is_default: true }),
    onSuccess: (g) => {
      void message.success(`新成员将默认加入【${g.name}】`);
      void refresh();
    },
  });

  const open = (g: PermissionGroup | 'new') => {
    setEditing(g);
    form.setFieldsValue(
      g === 'new' ? { name: '', description: '' } : { name: g.name, description: g.description ?? '' },
    );
  };

  const remove = (g: PermissionGroup) =>
    confirmDelete(app, {
      check: () => privilegesApi.checkDelete(g.id),
      refusedText: '该权限组不能删除',
      content: `确定删除权限组【${g.name}】吗？删除后不可恢复。`,
      remove: () => privilegesApi.deleteGroup(g.id),
      then: refresh,
    });

  const columns: ListColumn<PermissionGroup>[] = [
    {
      title: '权限组名称',
      dataIndex: 'name',
      width: 200,
      role: 'key',
      render: (name: string, g) => (
        <Space size={6}>
          <span>{name}</span>
          {g.is_builtin && <Tag color="blue">内置</Tag>}
          {g.is_default && (
            <Tag color="green" title="新成员默认加入该权限组">
              默认
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: '描述',
      dataIndex: 'description',
      width: 260,
      ellipsis: true,
      render: (d: string | null) => d || '-',
    },
    { title: '成员数', dataIndex: 'member_count', width: 90, align: 'right' },
    {
      title: '权限数',
      key: 'perms',
      width: 90,
      align: 'right',
      render: (_, g) => (g.perms.includes('*') ? <Tag color="gold">全部</Tag> : g.perms.length),
    },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (t: number) => formatDateTime(t) },
    {
      title: '操作',
      key: 'op',
      width: 200,
      fixed: 'right',
      render: (_, g) => (
        <Space size={0}>
          <Access perms={[PERM.groupEdit]}>
            <Button type="link" size="small" onClick={() => open(g)}>
              编辑
            </Button>
          </Access>
          {!g.is_builtin && !g.is_default && (
            <Access perms={[PERM.groupEdit]}>
              <Button type="link" size="small" onClick={() => makeDefault.mutate(g)}>
                设为默认
              </Button>
            </Access>
          )}
          <Access perms={[PERM.groupDelete]}>
            <Button type="link" size="small" danger onClick={() => void remove(g)}>
              删除
            </Button>
          </Access>
          {!can([PERM.groupEdit, PERM.groupDelete]) && <span style={{ color: '#a0a7b4' }}>-</span>}
        </Space>
      ),
    },
  ];

  const builtin = editing !== null && editing !== 'new' && editing.is_builtin;
  return (
    <div className="fk-panel" data-testid="permission-group-page">
      <div className="fk-page-title">权限组</div>
      <ListTable<PermissionGroup>
        query={groups}
        what="「权限组」"
        paging={u}
        columns={columns}
        filters={
          <ListSearch
            value={u.query.keyword}
            placeholder="搜索名称或描述"
            style={{ width: 220 }}
            onSearch={(v) => u.set({ keyword: v })}
          />
        }
        actions={
          <Access perms={[PERM.groupAdd]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              新增权限组
            </Button>
          </Access>
        }
      />
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? '新增权限组' : '编辑权限组'}
        width={520}
        height={360}
        confirmLoading={save.isPending}
        onConfirm={() => form.validateFields().then((v) => save.mutate(v))}
        onClose={() => setEditing(null)}
      >
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            label="权限组名称"
            name="name"
            extra={builtin ? '系统内置权限组的名称不可修改' : undefined}
            rules={[
              { required: true, whitespace: true, message: '请输入权限组名称' },
              { max: 50, message: '不能超过50个字符' },
            ]}
          >
            <Input placeholder="例如：财务审批" disabled={builtin} maxLength={50} showCount />
          </Form.Item>
          <Form.Item label="描述" name="description" rules={[{ max: 200, message: '不能超过200个字符' }]}>
            <Input.TextArea rows={3} placeholder="说明该权限组的用途" maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Dialog>
    </div>
  );
}
