import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { OrgNamedListQuery } from '@feikong/contracts';
import { orgApi, type NamedItem, type NamedKind } from '@/api/org';
import { Access, useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { actionColumn, EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import {
  ListSearch,
  ListTable,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
  type ListParams,
} from '@/components/ListPage';
import { namedColumns, NamedFormItems } from '../components/NamedDict';
import { namedQuery, orgKeys, ORG_PERM } from '../hooks/queries';
import '../org.css';

const LABEL: Record<NamedKind, string> = { grades: '职级', jobs: '职位' };

interface NamedForm {
  name: string;
  description?: string;
  order?: number;
}

/** One dictionary (职级 or 职位): search, add, edit, delete after the server's check. */
function NamedPanel({ kind, u }: { kind: NamedKind; u: ListParams<typeof OrgNamedListQuery> }) {
  const app = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const editable = can([ORG_PERM.gradeEdit]);
  const label = LABEL[kind];
  const list = useQuery(namedQuery(kind));
  const keyword = u.query.keyword ?? '';

  const items = useMemo(() => {
    const kw = keyword.toLowerCase();
    const all = list.data?.items ?? [];
    return kw
      ? all.filter((i) => i.name.toLowerCase().includes(kw) || i.description.toLowerCase().includes(kw))
      : all;
  }, [list.data, keyword]);

  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.named(kind) });

  const editor = useEditDialog<NamedItem, NamedForm>({
    initial: (item) =>
      item === 'new' ? undefined : { name: item.name, description: item.description, order: item.order },
    submit: (v, item) => {
      const body = { name: v.name.trim(), description: v.description?.trim() ?? '', order: v.order ?? 0 };
      return item === 'new'
        ? orgApi.createNamed(kind, body)
        : orgApi.updateNamed(kind, { id: item.id, ...body });
    },
    fields: ['name', 'description', 'order'],
    refresh,
  });

  const remove = (item: NamedItem) =>
    confirmDelete(app, {
      check: () => orgApi.checkNamedDelete(kind, item.id),
      content: `确定删除${label}【${item.name}】吗？`,
      remove: () => orgApi.deleteNamed(kind, item.id),
      then: refresh,
    });

  const columns: ListColumn<NamedItem>[] = [
    { title: `${label}名称`, dataIndex: 'name', width: 200, role: 'key' },
    ...namedColumns<NamedItem>(),
    ...(editable ? [actionColumn<NamedItem>({ edit: editor.open, remove })] : []),
  ];

  return (
    <>
      <ListTable<NamedItem>
        query={list}
        rows={items}
        what={`「${label}」`}
        paging={u}
        columns={columns}
        filters={
          <ListSearch
            debounce
            value={keyword}
            placeholder={`搜索${label}名称或描述`}
            style={{ width: 260 }}
            onSearch={(v) => u.set({ keyword: v })}
          />
        }
        actions={
          <Access perms={[ORG_PERM.gradeEdit]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
              新增{label}
            </Button>
          </Access>
        }
      />
      <EditDialog state={editor} noun={label} width={520} height={420}>
        <NamedFormItems
          label={label}
          placeholder={kind === 'grades' ? '例如：P6' : '例如：产品经理'}
          descriptionRows={3}
          orderExtra="数字越小越靠前"
        />
      </EditDialog>
    </>
  );
}

/**
 * 职级职位 (设置中心 › 组织架构): job grades and jobs, each a dictionary staff members refer to. The tab,
 * the filter (applied here to the whole dictionary) and the page live in the URL.
 */
export default function JobGradePage() {
  const u = useListParams(OrgNamedListQuery, SNAKE_PAGE);
  const tab: NamedKind = u.raw('tab') === 'jobs' ? 'jobs' : 'grades';
  const panel = <NamedPanel key={tab} kind={tab} u={u} />;
  return (
    <div className="fk-panel" data-testid="job-grade-page">
      <div className="fk-page-title">职级职位</div>
      <Tabs
        activeKey={tab}
        onChange={(k) => u.setRaw({ tab: k === 'jobs' ? k : undefined, keyword: undefined })}
        items={[
          { key: 'grades', label: '职级', children: tab === 'grades' && panel },
          { key: 'jobs', label: '职位', children: tab === 'jobs' && panel },
        ]}
      />
    </div>
  );
}
