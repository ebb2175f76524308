import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DictTypeQuery } from '@feikong/contracts';
import { baseApi, type DictItemRow, type DictTypeRow } from '@/api/base';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import { ListSearch, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { DICT_PERM, dictItemsQuery, dictTypesQuery, useDictMutation } from './queries';
import './dictionary.css';

interface TypeForm {
  category_code: string;
  name: string;
}
interface ItemForm {
  dict_code: string;
  dict_desc: string;
  sort?: number;
}

/** 字典项 of the chosen dictionary: paged, searchable; editable when the dictionary is the tenant's own. */
function ItemTable({ type, canEdit }: { type: DictTypeRow; canEdit: boolean }) {
  const { modal, message } = App.useApp();
  const [q, setQ] = useState({ keyword: '', page_num: 1, page_size: 20 });
  const list = useQuery({
    ...dictItemsQuery({ type_id: type.id, ...q, keyword: q.keyword || undefined }),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const editable = canEdit && type.system === 0;
  const setStatus = useDictMutation(baseApi.setDictItemStatus);
  const remove = useDictMutation(baseApi.deleteDictItem);
  const save = useDictMutation((a: { v: ItemForm; item: DictItemRow | 'new' }) =>
    a.item === 'new'
      ? baseApi.createDictItem({
          type_id: type.id,
          dict_code: a.v.dict_code.trim(),
          dict_desc: a.v.dict_desc.trim(),
          sort: a.v.sort ?? 0,
        })
      : baseApi.updateDictItem({ id: a.item.id, dict_desc: a.v.dict_desc.trim(), sort: a.v.sort ?? 0 }),
  );
  const editor = useEditDialog<DictItemRow, ItemForm>({
    initial: (item) =>
      item === 'new'
        ? { sort: 0 }
        : { dict_code: item.dict_code, dict_desc: item.dict_desc, sort: item.sort },
    submit: (v, item) => save.mutateAsync({ v, item }),
    fields: ['dict_code', 'dict_desc', 'sort'],
    createdText: '添加成功',
    refresh: () => list.refetch(),
  });
  const editing = editor.editing === 'new' ? null : editor.editing;

  const columns: ListColumn<DictItemRow>[] = [
    { title: '字典项名称', role: 'key', dataIndex: 'dict_desc', width: 140, ellipsis: true },
    { title: '字典项编码', dataIndex: 'dict_code', width: 110, ellipsis: true },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'enabled',
      width: 64,
      render: (v: number, r) => <Tag color={v ? 'green' : 'default'}>{r.enabledText}</Tag>,
    },
    { title: '排序', dataIndex: 'sort', width: 56, align: 'right' },
  ];
  if (editable)
    columns.push({
      title: '操作',
      key: 'op',
      width: 140,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`编辑${r.dict_desc}`} onClick={() => editor.open(r)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            aria-label={`${r.enabled ? '停用' : '启用'}${r.dict_desc}`}
            onClick={() =>
              setStatus.mutate(
                { id: r.id, enabled: r.enabled ? 0 : 1 },
                { onSuccess: () => void message.success(r.enabled ? '已停用' : '已启用') },
              )
            }
          >
            {r.enabled ? '停用' : '启用'}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            aria-label={`删除${r.dict_desc}`}
            onClick={() =>
              void confirmDelete(
                { modal, message },
                { content: `确定删除字典项【${r.dict_desc}】吗？`, remove: () => remove.mutateAsync(r.id) },
              )
            }
          >
            删除
          </Button>
        </Space>
      ),
    });

  return (
    <Card
      className="fk-panel fk-dict-items"
      data-testid="dict-items"
      title={
        <Space>
          <span>字典项</span>
          <Typography.Text type="secondary">
            {type.name}（{type.category_code}）
          </Typography.Text>
          {type.system === 1 && <Tag>系统字典，只读</Tag>}
        </Space>
      }
      extra={
        editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
            添加字典项
          </Button>
        )
      }
    >
      <ListTable<DictItemRow>
        query={list}
        what="「字典项」"
        columns={columns}
        paging={{
          pageNum: q.page_num,
          pageSize: q.page_size,
          total: list.data?.total,
          setPage: (n, s) => setQ((x) => ({ ...x, page_num: n, page_size: s })),
        }}
        filters={
          <ListSearch
            value={q.keyword}
            placeholder="字典项名称或编码"
            style={{ width: 220 }}
            onSearch={(v) => setQ((x) => ({ ...x, keyword: v, page_num: 1 }))}
          />
        }
      />
      <EditDialog state={editor} noun="字典项" createTitle="添加字典项" width={480} height={420}>
        <Form.Item
          name="dict_code"
          label="字典项编码"
          rules={[{ required: true, whitespace: true, message: '请输入字典项编码' }]}
          extra={editing ? '编码创建后不能修改（单据按编码记录取值）' : undefined}
        >
          <Input disabled={!!editing} maxLength={40} placeholder="例如：meeting" />
        </Form.Item>
        <Form.Item
          name="dict_desc"
          label="字典项名称"
          rules={[{ required: true, whitespace: true, message: '请输入字典项名称' }]}
        >
          <Input maxLength={50} placeholder="例如：参加会议" />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </EditDialog>
    </Card>
  );
}

/**
 * 数据字典 (设置中心 › 数据字典, /setcenter/dictionary; decision 0060): the dictionaries (字典类型) on the left —
 * system ones read-only, the tenant's own editable — and the chosen one's entries (字典项) on the right. A select
 * of a custom form bound to a dictionary shows its enabled entries.
 */
export default function DictionaryPage() {
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const canEdit = can([DICT_PERM.edit]);
  const u = useListParams(DictTypeQuery, SNAKE_PAGE);
  const list = useQuery({
    ...dictTypesQuery(u.query),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const rows = list.data?.items ?? [];
  const chosen = rows.find((r) => r.id === chosenId) ?? rows[0] ?? null;
  const remove = useDictMutation(baseApi.deleteDictType);
  const editor = useEditDialog<DictTypeRow, TypeForm>({
    initial: (item) => (item === 'new' ? undefined : { category_code: item.category_code, name: item.name }),
    submit: (v, item) =>
      item === 'new'
        ? baseApi
            .createDictType({ category_code: v.category_code.trim(), name: v.name.trim() })
            .then((r) => setChosenId(r.id))
        : baseApi.updateDictType({ id: item.id, name: v.name.trim() }),
    fields: ['category_code', 'name'],
    refresh: () => list.refetch(),
  });
  const editing = editor.editing === 'new' ? null : editor.editing;

  const columns: ListColumn<DictTypeRow>[] = [
    {
      title: '字典名称',
      role: 'key',
      dataIndex: 'name',
      width: 110,
      ellipsis: true,
      render: (v: string, r) => (
        <Typography.Link aria-label={`查看${v}`} onClick={() => setChosenId(r.id)}>
          {v}
        </Typography.Link>
      ),
    },
    { title: '字典编码', dataIndex: 'category_code', width: 110, ellipsis: true },
    {
      title: '类型',
      role: 'status',
      dataIndex: 'system',
      width: 64,
      render: (v: number, r) => <Tag color={v ? 'blue' : 'green'}>{r.systemText}</Tag>,
    },
    { title: '字典项', dataIndex: 'item_count', width: 56, align: 'right' },
  ];
  if (canEdit)
    columns.push({
      title: '操作',
      key: 'op',
      width: 96,
      render: (_: unknown, r) =>
        r.system === 0 ? (
          <Space size={0}>
            <Button type="link" size="small" aria-label={`编辑${r.name}`} onClick={() => editor.open(r)}>
              编辑
            </Button>
            <Button
              type="link"
              size="small"
              danger
              aria-label={`删除${r.name}`}
              onClick={() =>
                void confirmDelete(
                  { modal, message },
                  {
                    content: `确定删除数据字典【${r.name}】吗？`,
                    remove: () => remove.mutateAsync(r.id),
                    refusalAnswers: true,
                  },
                )
              }
            >
              删除
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">只读</Typography.Text>
        ),
    });

  return (
    <div className="fk-dict" data-testid="dictionary">
      <Card
        className="fk-panel fk-dict-types"
        title="数据字典"
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
              新增字典
            </Button>
          )
        }
      >
        <ListTable<DictTypeRow>
          query={list}
          what="「数据字典」"
          columns={columns}
          paging={{ pageNum: u.pageNum, pageSize: u.pageSize, setPage: u.setPage, total: list.data?.total }}
          onRow={(r) => ({ className: r.id === chosen?.id ? 'fk-dict-chosen' : undefined })}
          filters={
            <ListSearch
              debounce
              value={u.query.keyword}
              placeholder="字典名称或编码"
              style={{ width: 200 }}
              onSearch={(v) => u.set({ keyword: v })}
            />
          }
        />
      </Card>
      {chosen ? (
        <ItemTable key={chosen.id} type={chosen} canEdit={canEdit} />
      ) : (
        <Card className="fk-panel fk-dict-items">
          <Empty description="请选择数据字典" />
        </Card>
      )}
      <EditDialog state={editor} noun="数据字典" width={480} height={360}>
        <Form.Item
          name="category_code"
          label="字典编码"
          rules={[
            { required: true, whitespace: true, message: '请输入字典编码' },
            {
              pattern: /^[A-Za-z][A-Za-z0-9_]{0,39}$/,
              message: '以字母开头，由字母、数字和下划线组成，最多40位',
            },
          ]}
          extra={editing ? '编码创建后不能修改（表单按编码引用字典）' : '例如：trip_reason'}
        >
          <Input disabled={!!editing} maxLength={40} placeholder="例如：trip_reason" />
        </Form.Item>
        <Form.Item
          name="name"
          label="字典名称"
          rules={[{ required: true, whitespace: true, message: '请输入字典名称' }]}
        >
          <Input maxLength={30} placeholder="例如：出差事由" />
        </Form.Item>
      </EditDialog>
    </div>
  );
}
