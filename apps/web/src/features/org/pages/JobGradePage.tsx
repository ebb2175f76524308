import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, InputNumber, Space, Table, Tabs, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDateTime } from '@feikong/contracts';
import { orgApi, type NamedItem, type NamedKind } from '../../../api/org';
import { Access, useAccess } from '../../../components/Access';
import { Dialog } from '../../../components/Dialog/Dialog';
import { applyFieldErrors } from '../../../components/formErrors';
import { namedQuery, orgKeys, ORG_PERM } from '../hooks/queries';
import '../org.css';

const LABEL: Record<NamedKind, string> = { grades: '职级', jobs: '职位' };

interface NamedForm {
  name: string;
  description?: string;
  order?: number;
}

/** One dictionary (职级 or 职位): search, add, edit, delete after the server's check. */
function NamedPanel({ kind }: { kind: NamedKind }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const editable = can([ORG_PERM.gradeEdit]);
  const label = LABEL[kind];
  const list = useQuery(namedQuery(kind));
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<NamedItem | 'new' | null>(null);
  const [form] = Form.useForm<NamedForm>();

  const items = useMemo(() => {
    const kw = keyword.trim().toLowerCase();
    const all = list.data?.items ?? [];
    return kw
      ? all.filter((i) => i.name.toLowerCase().includes(kw) || i.description.toLowerCase().includes(kw))
      : all;
  }, [list.data, keyword]);

  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.named(kind) });

  const open = (item: NamedItem | 'new') => {
    setEditing(item);
    form.resetFields();
    if (item !== 'new')
      form.setFieldsValue({ name: item.name, description: item.description, order: item.order });
  };

  const save = async () => {
    const v = await form.validateFields();
    const body = { name: v.name.trim(), description: v.description?.trim() ?? '', order: v.order ?? 0 };
    try {
      if (editing === 'new') await orgApi.createNamed(kind, body);
      else if (editing) await orgApi.updateNamed(kind, { id: editing.id, ...body });
    } catch (e) {
      applyFieldErrors(form, e, ['name', 'description', 'order']);
      throw e;
    }
    void message.success(editing === 'new' ? '新增成功' : '保存成功');
    setEditing(null);
    void refresh();
  };

  const remove = async (item: NamedItem) => {
    const check = await orgApi.checkNamedDelete(kind, item.id);
    if (!check.can_delete) {
      modal.warning({ title: '无法删除', content: check.reason, okText: '知道了' });
      return;
    }
    modal.confirm({
      title: '系统提示',
      content: `确定删除${label}【${item.name}】吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        await orgApi.deleteNamed(kind, item.id);
        void message.success('删除成功');
        await refresh();
      },
    });
  };

  const columns: TableColumnsType<NamedItem> = [
    { title: `${label}名称`, dataIndex: 'name', width: 200 },
    {
      title: '描述',
      dataIndex: 'description',
      ellipsis: true,
      render: (d: string) => d || <span className="fk-muted">-</span>,
    },
    { title: '排序', dataIndex: 'order', width: 80, align: 'right' },
    { title: '在职人数', dataIndex: 'staff_count', width: 100, align: 'right' },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (t: number) => formatDateTime(t) },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'op',
            width: 120,
            render: (_: unknown, item: NamedItem) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(item)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => void remove(item).catch(() => undefined)}
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <div className="fk-toolbar">
        <Input.Search
          allowClear
          placeholder={`搜索${label}名称或描述`}
          style={{ width: 260 }}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Access perms={[ORG_PERM.gradeEdit]}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            新增{label}
          </Button>
        </Access>
      </div>
      <Table<NamedItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={items}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
      />
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? `新增${label}` : `编辑${label}`}
        width={520}
        height={420}
        onConfirm={save}
        onClose={() => setEditing(null)}
      >
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            label={`${label}名称`}
            name="name"
            rules={[
              { required: true, whitespace: true, message: `请输入${label}名称` },
              { max: 50, message: '不能超过50个字符' },
            ]}
          >
            <Input maxLength={50} placeholder={kind === 'grades' ? '例如：P6' : '例如：产品经理'} />
          </Form.Item>
          <Form.Item label="描述" name="description" rules={[{ max: 200, message: '不能超过200个字符' }]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="选填" />
          </Form.Item>
          <Form.Item label="排序" name="order" extra="数字越小越靠前">
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} placeholder="0" />
          </Form.Item>
        </Form>
      </Dialog>
    </>
  );
}

/** 职级职位 (设置中心 › 组织架构): job grades and jobs, each a dictionary staff members refer to. */
export default function JobGradePage() {
  const [tab, setTab] = useState<NamedKind>('grades');
  return (
    <div className="fk-panel" data-testid="job-grade-page">
      <div className="fk-page-title">职级职位</div>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as NamedKind)}
        items={[
          { key: 'grades', label: '职级', children: <NamedPanel kind="grades" /> },
          { key: 'jobs', label: '职位', children: <NamedPanel kind="jobs" /> },
        ]}
      />
    </div>
  );
}
