import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Tag, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import {
  BILL_TYPE_LABEL,
  BILL_TYPES,
  FEE_TYPE_MAX_DEPTH,
  formatDateTime,
  type BillType,
} from '@feikong/contracts';
import { feeTypeApi, type FeeTypeRow } from '@/api/feeType';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import { ListTable, type ListColumn } from '@/components/ListPage';
import {
  FEE_TYPE_PERM,
  feeTypeTreeQuery,
  nestFeeTypes,
  useFeeTypeMutation,
  type FeeTypeTreeRow,
} from './queries';

interface FeeTypeForm {
  code: string;
  name: string;
  parent_id: number;
  subject_code?: string;
  bill_types?: string[];
  sort?: number;
}

const BILL_TYPE_OPTIONS = BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }));

/** 上级 choices: every node but the edited one and its subtree, and none at the last level. */
function parentChoices(rows: FeeTypeTreeRow[], editing: FeeTypeRow | null): object[] {
  const walk = (list: FeeTypeTreeRow[]): object[] =>
    list
      .filter((n) => n.id !== editing?.id)
      .map((n) => ({
        value: n.id,
        title: `${n.name}（${n.code}）`,
        disabled: n.level >= FEE_TYPE_MAX_DEPTH,
        children: n.children ? walk(n.children) : undefined,
      }));
  return [{ value: 0, title: '无（作为一级费用类型）' }, ...walk(rows)];
}

/**
 * 费用类型 (设置中心 › 费用类型, /setcenter/feeTypes; decision 0051): the tenant's fee-type tree as a tree
 * table. 新增 (a root) and 新增下级 open the form (编码, 名称, 上级, 会计科目, 适用单据类型, 排序); 编辑 keeps the
 * code; 停用 stops the whole subtree, 启用 needs an enabled parent; 删除 is refused (with the reason) while the
 * node has children or documents use it.
 */
export default function FeeTypesPage() {
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const tree = useQuery(feeTypeTreeQuery());
  const rows = useMemo(() => nestFeeTypes(tree.data?.items ?? []), [tree.data]);
  const canEdit = can([FEE_TYPE_PERM.edit]);
  const setStatus = useFeeTypeMutation(feeTypeApi.status);
  const remove = useFeeTypeMutation(feeTypeApi.remove);
  const parentOf = useRef(0);
  // every parent open unless the user folded it (new children show at once)
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const expanded = (tree.data?.items ?? [])
    .filter((n) => !folded.has(n.id) && tree.data!.items.some((c) => c.parent_id === n.id))
    .map((n) => n.id);

  const editor = useEditDialog<FeeTypeRow, FeeTypeForm>({
    initial: (item) =>
      item === 'new'
        ? { parent_id: parentOf.current, bill_types: [], sort: 0, subject_code: '' }
        : {
            code: item.code,
            name: item.name,
            parent_id: item.parent_id,
            subject_code: item.subject_code,
            bill_types: item.bill_types,
            sort: item.sort,
          },
    submit: (v, item) => {
      const body = {
        name: v.name.trim(),
        parent_id: v.parent_id ?? 0,
        subject_code: v.subject_code?.trim() ?? '',
        bill_types: (v.bill_types ?? []) as BillType[],
        sort: v.sort ?? 0,
      };
      return item === 'new'
        ? feeTypeApi.add({ ...body, code: v.code.trim() })
        : feeTypeApi.update({ ...body, id: item.id });
    },
    fields: ['code', 'name', 'parent_id', 'subject_code', 'bill_types', 'sort'],
    refresh: () => tree.refetch(),
  });
  const editing = editor.editing === 'new' ? null : editor.editing;
  const openNew = (parentId: number) => {
    parentOf.current = parentId;
    editor.open('new');
  };

  const onDelete = (r: FeeTypeRow) =>
    void confirmDelete(
      { modal, message },
      {
        content: `确定删除费用类型【${r.name}】吗？`,
        remove: () => remove.mutateAsync(r.id),
        refusalAnswers: true,
      },
    );
  const onStatus = (r: FeeTypeRow, enabled: number) =>
    setStatus.mutate(
      { id: r.id, enabled },
      {
        onSuccess: (d) =>
          void message.success(
            enabled
              ? '已启用'
              : d.changed.length > 1
                ? `已停用（含${d.changed.length - 1}个下级）`
                : '已停用',
          ),
      },
    );

  const columns: ListColumn<FeeTypeTreeRow>[] = [
    { title: '名称', role: 'key', dataIndex: 'name', width: 200 },
    { title: '编码', dataIndex: 'code', width: 150 },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'enabled',
      width: 70,
      render: (v: number, r) => <Tag color={v ? 'green' : 'default'}>{r.statusText}</Tag>,
    },
    { title: '会计科目', dataIndex: 'subject_code', width: 110, render: (v: string) => v || '—' },
    { title: '适用单据类型', dataIndex: 'billTypesText', width: 150 },
    { title: '排序', dataIndex: 'sort', width: 60, align: 'right' },
    {
      title: '更新时间',
      dataIndex: 'updated_at',
      width: 140,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
  ];
  if (canEdit)
    columns.push({
      title: '操作',
      key: 'op',
      width: 210,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          {r.level < FEE_TYPE_MAX_DEPTH && (
            <Button type="link" size="small" aria-label={`新增下级${r.name}`} onClick={() => openNew(r.id)}>
              新增下级
            </Button>
          )}
          <Button type="link" size="small" aria-label={`编辑${r.name}`} onClick={() => editor.open(r)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            aria-label={`${r.enabled ? '停用' : '启用'}${r.name}`}
            onClick={() => onStatus(r, r.enabled ? 0 : 1)}
          >
            {r.enabled ? '停用' : '启用'}
          </Button>
          <Button type="link" size="small" danger aria-label={`删除${r.name}`} onClick={() => onDelete(r)}>
            删除
          </Button>
        </Space>
      ),
    });

  return (
    <Card
      title="费用类型"
      data-testid="fee-type-list"
      className="fk-panel"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openNew(0)}>
            新增费用类型
          </Button>
        )
      }
    >
      <ListTable<FeeTypeTreeRow>
        query={tree}
        rows={rows}
        what="「费用类型」"
        columns={columns}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, r) =>
            setFolded((f) => {
              const next = new Set(f);
              if (open) next.delete(r.id);
              else next.add(r.id);
              return next;
            }),
        }}
      />
      <EditDialog state={editor} noun="费用类型" width={560} height={680}>
        <Form.Item
          name="code"
          label="编码"
          rules={[
            { required: true, whitespace: true, message: '请输入编码' },
            {
              pattern: /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/,
              message: '以字母开头，由字母、数字、_ . - 组成，最多32位',
            },
          ]}
          extra={editing ? '编码创建后不能修改（单据按编码记录费用类型）' : '例如：travel_air'}
        >
          <Input disabled={!!editing} maxLength={32} placeholder="例如：travel_air" />
        </Form.Item>
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, whitespace: true, message: '请输入名称' }]}
        >
          <Input maxLength={30} placeholder="例如：机票" />
        </Form.Item>
        <Form.Item name="parent_id" label="上级">
          <TreeSelect
            treeDefaultExpandAll
            treeData={parentChoices(rows, editing)}
            placeholder="无（作为一级费用类型）"
          />
        </Form.Item>
        <Form.Item name="subject_code" label="会计科目" extra="凭证记账的科目编码，可不填">
          <Input maxLength={32} placeholder="例如：6602.01" />
        </Form.Item>
        <Form.Item name="bill_types" label="适用单据类型" extra="不选表示全部单据类型可用">
          <Select mode="multiple" allowClear options={BILL_TYPE_OPTIONS} placeholder="全部" />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </EditDialog>
    </Card>
  );
}
