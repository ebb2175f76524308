import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { orgApi, type Title, type TitleInput } from '@/api/org';
import { Access, useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { actionColumn, EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import { namedColumns, NamedFormItems } from '../components/NamedDict';
import { orgKeys, ORG_PERM, titlesQuery, useOrgOptions } from '../hooks/queries';
import '../org.css';

/** 0 = every company. */
const ALL_COMPANIES = 0;

/** 职称 (设置中心 › 组织架构): titles for all companies or one company; add, edit, delete. */
export default function TitlePage() {
  const app = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const editable = can([ORG_PERM.titleEdit]);
  const orgOptions = useOrgOptions();
  const [orgFilter, setOrgFilter] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const list = useQuery({ ...titlesQuery(orgFilter), placeholderData: keepPreviousData });

  const items = useMemo(() => {
    const kw = keyword.trim();
    return (list.data?.items ?? []).filter((t) => !kw || t.name.includes(kw));
  }, [list.data, keyword]);

  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.all });

  const editor = useEditDialog<Title, TitleInput>({
    initial: (t) =>
      t === 'new'
        ? { org_id: orgFilter ?? ALL_COMPANIES }
        : { name: t.name, description: t.description, order: t.order, org_id: t.org_id },
    submit: (v, t) => {
      const body = {
        name: v.name.trim(),
        description: v.description?.trim() ?? '',
        order: v.order ?? 0,
        org_id: v.org_id ?? 0,
      };
      return t === 'new' ? orgApi.createTitle(body) : orgApi.updateTitle({ id: t.id, ...body });
    },
    fields: ['name', 'description', 'order', 'org_id'],
    refresh,
  });

  const remove = (t: Title) =>
    confirmDelete(app, {
      content: `确定删除职称【${t.name}】吗？`,
      remove: () => orgApi.deleteTitle(t.id),
      then: refresh,
    });

  const columns: TableColumnsType<Title> = [
    { title: '职称名称', dataIndex: 'name', width: 180 },
    {
      title: '适用公司',
      dataIndex: 'org_name',
      width: 200,
      render: (name: string, t) => (t.org_id === ALL_COMPANIES ? <Tag color="blue">全部公司</Tag> : name),
    },
    ...namedColumns<Title>(),
    ...(editable ? [actionColumn<Title>({ edit: editor.open, remove })] : []),
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
            <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
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
      <EditDialog state={editor} noun="职称" width={520} height={480}>
        <NamedFormItems label="职称" placeholder="例如：高级工程师" descriptionRows={2}>
          <Form.Item label="适用公司" name="org_id">
            <Select options={[{ value: ALL_COMPANIES, label: '全部公司' }, ...orgOptions]} />
          </Form.Item>
        </NamedFormItems>
      </EditDialog>
    </div>
  );
}
