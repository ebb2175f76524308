import { PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDateTime } from '@feikong/contracts';
import { orgApi, type Title, type TitleInput } from '../../../api/org';
import { Access, useAccess } from '../../../components/Access';
import { Dialog } from '../../../components/Dialog/Dialog';
import { applyFieldErrors } from '../../../components/formErrors';
import { orgKeys, ORG_PERM, titlesQuery, unitsQuery } from '../hooks/queries';
import { flattenOrgs } from '../rules/tree';
import '../org.css';

/** 0 = every company. */
const ALL_COMPANIES = 0;

/** 职称 (设置中心 › 组织架构): titles for all companies or one company; add, edit, delete. */
export default function TitlePage() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const editable = can([ORG_PERM.titleEdit]);
  const units = useQuery(unitsQuery);
  const [orgFilter, setOrgFilter] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const list = useQuery({ ...titlesQuery(orgFilter), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Title | 'new' | null>(null);
  const [form] = Form.useForm<TitleInput>();

  const orgOptions = useMemo(
    () => flattenOrgs(units.data ?? []).map(({ node }) => ({ value: node.id, label: node.name })),
    [units.data],
  );
  const items = useMemo(() => {
    const kw = keyword.trim();
    return (list.data?.items ?? []).filter((t) => !kw || t.name.includes(kw));
  }, [list.data, keyword]);

  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.all });

  const open = (t: Title | 'new') => {
    setEditing(t);
    form.resetFields();
    form.setFieldsValue(
      t === 'new'
        ? { org_id: orgFilter ?? ALL_COMPANIES }
        : { name: t.name, description: t.description, order: t.order, org_id: t.org_id },
    );
  };

  const save = async () => {
    const v = await form.validateFields();
    const body = {
      name: v.name.trim(),
      description: v.description?.trim() ?? '',
      order: v.order ?? 0,
      org_id: v.org_id ?? 0,
    };
    try {
      if (editing === 'new') await orgApi.createTitle(body);
      else if (editing) await orgApi.updateTitle({ id: editing.id, ...body });
    } catch (e) {
      applyFieldErrors(form, e, ['name', 'description', 'order', 'org_id']);
      throw e;
    }
    void message.success(editing === 'new' ? '新增成功' : '保存成功');
    setEditing(null);
    void refresh();
  };

  const remove = (t: Title) =>
    modal.confirm({
      title: '系统提示',
      content: `确定删除职称【${t.name}】吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        await orgApi.deleteTitle(t.id);
        void message.success('删除成功');
        await refresh();
      },
    });

  const columns: TableColumnsType<Title> = [
    { title: '职称名称', dataIndex: 'name', width: 180 },
    {
      title: '适用公司',
      dataIndex: 'org_name',
      width: 200,
      render: (name: string, t) => (t.org_id === ALL_COMPANIES ? <Tag color="blue">全部公司</Tag> : name),
    },
    {
      title: '描述',
      dataIndex: 'description',
      ellipsis: true,
      render: (d: string) => d || <span className="fk-muted">-</span>,
    },
    { title: '排序', dataIndex: 'order', width: 80, align: 'right' },
    { title: '在职人数', dataIndex: 'staff_count', width: 100, align: 'right' },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: number) => formatDateTime(v) },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'op',
            width: 120,
            render: (_: unknown, t: Title) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(t)}>
                  编辑
                </Button>
                <Button type="link" size="small" danger onClick={() => remove(t)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="fk-panel" data-testid="title-page">
      <div className="fk-toolbar">
        <div className="fk-page-title" style={{ margin: 0 }}>
          职称
        </div>
        <Space wrap>
          <Select
            allowClear
            placeholder="全部公司"
            style={{ width: 200 }}
            value={orgFilter}
            onChange={(v) => setOrgFilter(v)}
            options={orgOptions}
          />
          <Input.Search
            allowClear
            placeholder="搜索职称名称"
            style={{ width: 220 }}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <Access perms={[ORG_PERM.titleEdit]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              新增职称
            </Button>
          </Access>
        </Space>
      </div>
      <Table<Title>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={items}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
      />
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? '新增职称' : '编辑职称'}
        width={520}
        height={480}
        onConfirm={save}
        onClose={() => setEditing(null)}
      >
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            label="职称名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '请输入职称名称' },
              { max: 50, message: '不能超过50个字符' },
            ]}
          >
            <Input maxLength={50} placeholder="例如：高级工程师" />
          </Form.Item>
          <Form.Item label="适用公司" name="org_id">
            <Select options={[{ value: ALL_COMPANIES, label: '全部公司' }, ...orgOptions]} />
          </Form.Item>
          <Form.Item label="描述" name="description" rules={[{ max: 200, message: '不能超过200个字符' }]}>
            <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填" />
          </Form.Item>
          <Form.Item label="排序" name="order">
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} placeholder="0" />
          </Form.Item>
        </Form>
      </Dialog>
    </div>
  );
}
