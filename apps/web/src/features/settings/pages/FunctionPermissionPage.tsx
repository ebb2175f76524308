import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Empty, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { privilegesApi, type FunctionPermNode } from '@/api/privileges';
import { useUnsavedChanges } from '@/platform/unsaved';
import { Access, useAccess } from '@/components/Access';
import { GroupList } from '../components/GroupList';
import { functionPermsQuery, PERM, privilegeKeys } from '../hooks/privileges';

const UNSAVED = '功能权限的修改尚未保存，确定要离开吗？';

/** Labels for permission values the server sends without a Chinese label (it falls back to the value). */
const VALUE_LABELS: Record<string, string> = {
  view: '查看',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  import: '导入',
  export: '导出',
  approve: '审批',
  buy: '购买',
  print: '打印',
};
const labelOf = (v: { value: string; label: string }) =>
  v.label && v.label !== v.value ? v.label : (VALUE_LABELS[v.value] ?? v.value);

/** Every permission string at or below a node. */
function permsBelow(node: Row): string[] {
  return [...node.values.map((v) => v.perm), ...(node.children ?? []).flatMap(permsBelow)];
}

type Row = Omit<FunctionPermNode, 'children'> & { key: string; children?: Row[] };
const toRows = (nodes: FunctionPermNode[]): Row[] =>
  nodes.map((n) => ({ ...n, key: n.name, children: n.children.length ? toRows(n.children) : undefined }));

/**
 * 功能权限 (settings › 权限管理): pick a group, tick the permissions of each menu on the menu tree,
 * save (PUT privileges:value:batch_update). Read-only without functionPermission:edit; the builtin
 * 系统管理员 group holds everything and cannot be changed.
 */
export default function FunctionPermissionPage() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const [group, setGroup] = useState<{ id: number; name: string } | null>(null);
  const detail = useQuery({ ...functionPermsQuery(group?.id ?? 0), enabled: group !== null });
  // Edits on top of the server's answer; null = unchanged.
  const [edited, setEdited] = useState<{ groupId: number; perms: Set<string> } | null>(null);

  const serverPerms = useMemo(() => new Set(detail.data?.group.perms ?? []), [detail.data]);
  const current = edited && edited.groupId === group?.id ? edited.perms : serverPerms;
  const dirty =
    edited !== null &&
    (edited.perms.size !== serverPerms.size || [...edited.perms].some((p) => !serverPerms.has(p)));
  const locked = detail.data?.all === true || detail.data?.group.is_builtin === true;
  const readOnly = !can([PERM.functionEdit]) || locked;
  useUnsavedChanges(dirty ? UNSAVED : null);

  const save = useMutation({
    mutationFn: () => privilegesApi.savePerms(group!.id, [...current].sort()),
    onSuccess: async () => {
      void message.success('保存成功');
      setEdited(null);
      await client.invalidateQueries({ queryKey: privilegeKeys.all });
    },
  });

  const pick = useCallback(
    (id: number, name: string) => {
      if (id === group?.id) return;
      const go = () => {
        setEdited(null);
        setGroup({ id, name });
      };
      if (!dirty) return go();
      modal.confirm({ title: '系统提示', content: UNSAVED, onOk: go });
    },
    [group?.id, dirty, modal],
  );

  const toggle = (perms: string[], on: boolean) => {
    const next = new Set(current);
    for (const p of perms) {
      if (on) next.add(p);
      else next.delete(p);
    }
    setEdited({ groupId: group!.id, perms: next });
  };

  const has = (p: string) => locked || current.has(p);
  const columns: TableColumnsType<Row> = [
    { title: '菜单', dataIndex: 'title', width: 240 },
    {
      title: '权限',
      key: 'values',
      render: (_, row) => {
        const below = permsBelow(row);
        if (row.values.length === 0) {
          const n = below.filter(has).length;
          return below.length ? (
            <Checkbox
              disabled={readOnly}
              checked={n === below.length}
              indeterminate={n > 0 && n < below.length}
              onChange={(e) => toggle(below, e.target.checked)}
            >
              全选
            </Checkbox>
          ) : null;
        }
        return (
          <Space size={16} wrap>
            {row.values.map((v) => (
              <Checkbox
                key={v.perm}
                disabled={readOnly}
                checked={has(v.perm)}
                onChange={(e) => toggle([v.perm], e.target.checked)}
                data-perm={v.perm}
              >
                {labelOf(v)}
              </Checkbox>
            ))}
          </Space>
        );
      },
    },
  ];

  const rows = useMemo(() => toRows(detail.data?.items ?? []), [detail.data]);
  const allKeys = useMemo(() => {
    const keys: string[] = [];
    const walk = (list: Row[]) => list.forEach((r) => (keys.push(r.key), walk(r.children ?? [])));
    walk(rows);
    return keys;
  }, [rows]);

  return (
    <div className="fk-split" data-testid="function-permission-page">
      <GroupList selected={group?.id ?? null} onSelect={pick} />
      <div className="fk-panel fk-split-main">
        <div className="fk-toolbar">
          <div className="fk-page-title" style={{ margin: 0 }}>
            <SafetyCertificateOutlined style={{ color: '#1f6fff', marginRight: 8 }} />
            功能权限{group ? ` · ${group.name}` : ''}
          </div>
          <Access perms={[PERM.functionEdit]}>
            <Space>
              <Button disabled={!dirty || save.isPending} onClick={() => setEdited(null)}>
                撤销修改
              </Button>
              <Button
                type="primary"
                disabled={!dirty || locked}
                loading={save.isPending}
                onClick={() => save.mutate()}
              >
                保存
              </Button>
            </Space>
          </Access>
        </div>
        {locked && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="系统内置权限组拥有全部权限，不可修改"
          />
        )}
        {!locked && !can([PERM.functionEdit]) && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title="您只有查看权限，不能修改功能权限"
          />
        )}
        {!group || detail.isPending ? (
          group ? (
            <Skeleton active />
          ) : (
            <Empty description="请选择权限组" />
          )
        ) : (
          <Table<Row>
            rowKey="key"
            size="middle"
            columns={columns}
            dataSource={rows}
            pagination={false}
            expandable={{ expandedRowKeys: allKeys, expandIcon: () => null, indentSize: 20 }}
          />
        )}
      </div>
    </div>
  );
}
