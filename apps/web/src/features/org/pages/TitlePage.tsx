import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Select, Tag } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { OrgTitleListQuery } from '@feikong/contracts';
import { orgApi, type Title, type TitleInput } from '@/api/org';
import { Access, useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { actionColumn, EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import {
  ListSearch,
  ListTable,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
  ListSelect,
} from '@/components/ListPage';
import { namedColumns, NamedFormItems } from '../components/NamedDict';
import { orgKeys, ORG_PERM, titlesQuery, useOrgOptions } from '../hooks/queries';
import '../org.css';

/** 0 = every company. */
const ALL_COMPANIES = 0;

/**
 * 职称 (设置中心 › 组织架构): titles for all companies or one company; add, edit, delete. The company, the
 * name filter (applied here, to the company's whole list) and the page live in the URL.
 */
export default function TitlePage() {
  const app = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const editable = can([ORG_PERM.titleEdit]);
  const orgOptions = useOrgOptions();
  const u = useListParams(OrgTitleListQuery, SNAKE_PAGE);
  const { org_id: orgFilter, keyword } = u.query;
  const list = useQuery({ ...titlesQuery(orgFilter), placeholderData: keepPreviousData });

  const items = useMemo(
    () => (list.data?.items ?? []).filter((t) => !keyword || t.name.includes(keyword)),
    [list.data, keyword],
  );

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

  const columns: ListColumn<Title>[] = [
    { title: '职称名称', dataIndex: 'name', width: 180, role: 'key' },
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
      <div className="fk-page-title">职称</div>
      <ListTable<Title>
        query={list}
        rows={items}
        what="「职称」"
        paging={u}
        columns={columns}
        filters={
          <>
            <ListSelect u={u} field="org_id" placeholder="全部公司" width={200} options={orgOptions} />
            <ListSearch
              debounce
              value={keyword}
              placeholder="搜索职称名称"
              style={{ width: 220 }}
              onSearch={(v) => u.set({ keyword: v })}
            />
          </>
        }
        actions={
          <Access perms={[ORG_PERM.titleEdit]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
              新增职称
            </Button>
          </Access>
        }
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
