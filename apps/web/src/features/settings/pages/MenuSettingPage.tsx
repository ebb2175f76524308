import { MenuOutlined, UndoOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Input,
  InputNumber,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { privilegesApi, type AdminMenuNode, type MenuOverrideInput } from '@/api/privileges';
import { refreshMenus } from '@/platform/menuStore';
import { useUnsavedChanges } from '@/platform/unsaved';
import { Access, useAccess } from '@/components/Access';
import { adminMenusQuery, PERM, privilegeKeys } from '../hooks/privileges';

interface Draft {
  title: string;
  order: number;
  hidden: boolean;
}

type Row = Omit<AdminMenuNode, 'children'> & { key: string; children?: Row[] };
type Editable = Pick<AdminMenuNode, 'name' | 'meta' | 'defaults'>;
const toRows = (nodes: AdminMenuNode[]): Row[] =>
  nodes.map((n) => ({ ...n, key: n.name, children: n.children.length ? toRows(n.children) : undefined }));

const UNSAVED = '菜单设置的修改尚未保存，确定要离开吗？';

/** The values shown for a node: the saved ones, then the user's edits. */
function shown(n: Editable, drafts: Map<string, Draft>): Draft {
  return drafts.get(n.name) ?? { title: n.meta.title, order: n.meta.order, hidden: n.meta.hidden === true };
}

const isDefault = (d: Draft, def: Draft) =>
  d.title.trim() === def.title && d.order === def.order && d.hidden === def.hidden;

/** An edit as the server takes it: a value equal to the catalogue default is stored as null (default). */
export function toOverride(n: Editable, d: Draft): MenuOverrideInput {
  const title = d.title.trim();
  return {
    name: n.name,
    title: !title || title === n.defaults.title ? null : title,
    order: d.order === n.defaults.order ? null : d.order,
    hidden: d.hidden === n.defaults.hidden ? null : d.hidden,
  };
}

/**
 * 菜单管理 (settings): the tenant's menu tree — rename entries, change their order, hide them. Values
 * equal to the defaults go back to the defaults. Saved changes rebuild the menus at once.
 */
export default function MenuSettingPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const menus = useQuery(adminMenusQuery);
  const [drafts, setDrafts] = useState(new Map<string, Draft>());
  const readOnly = !can([PERM.menuEdit]);
  useUnsavedChanges(drafts.size > 0 ? UNSAVED : null);

  const byName = useMemo(() => {
    const map = new Map<string, AdminMenuNode>();
    const walk = (list: AdminMenuNode[]) => list.forEach((n) => (map.set(n.name, n), walk(n.children)));
    walk(menus.data?.items ?? []);
    return map;
  }, [menus.data]);

  const edit = (n: Editable, patch: Partial<Draft>) =>
    setDrafts((prev) => {
      const next = new Map(prev);
      const d = { ...shown(n, prev), ...patch };
      const same =
        d.title === n.meta.title && d.order === n.meta.order && d.hidden === (n.meta.hidden === true);
      if (same) next.delete(n.name);
      else next.set(n.name, d);
      return next;
    });

  const save = useMutation({
    mutationFn: () =>
      privilegesApi.updateMenus([...drafts.entries()].map(([name, d]) => toOverride(byName.get(name)!, d))),
    onSuccess: async (reply) => {
      client.setQueryData(privilegeKeys.adminMenus, reply);
      setDrafts(new Map());
      void message.success('菜单已保存');
      await refreshMenus().catch(() => undefined);
    },
  });

  const restore = (n: Editable) =>
    edit(n, { title: n.defaults.title, order: n.defaults.order, hidden: n.defaults.hidden });

  const columns: TableColumnsType<Row> = [
    {
      title: '菜单名称',
      key: 'title',
      width: 300,
      render: (_, n) => (
        <Input
          size="small"
          style={{ width: 200 }}
          disabled={readOnly}
          maxLength={20}
          value={shown(n, drafts).title}
          placeholder={n.defaults.title}
          onChange={(e) => edit(n, { title: e.target.value })}
          aria-label={`${n.defaults.title}的名称`}
        />
      ),
    },
    { title: '路径', dataIndex: 'path', ellipsis: true, render: (p: string) => <code>{p}</code> },
    {
      title: '排序',
      key: 'order',
      width: 110,
      render: (_, n) => (
        <InputNumber
          size="small"
          min={0}
          max={9999}
          precision={0}
          disabled={readOnly}
          value={shown(n, drafts).order}
          onChange={(v) => edit(n, { order: v ?? n.defaults.order })}
          aria-label={`${n.defaults.title}的排序`}
        />
      ),
    },
    {
      title: '显示',
      key: 'hidden',
      width: 90,
      render: (_, n) => (
        <Switch
          size="small"
          disabled={readOnly}
          checked={!shown(n, drafts).hidden}
          onChange={(on) => edit(n, { hidden: !on })}
          aria-label={`显示${n.defaults.title}`}
        />
      ),
    },
    {
      title: '状态',
      key: 'state',
      width: 110,
      render: (_, n) =>
        drafts.has(n.name) ? (
          <Tag color="orange">未保存</Tag>
        ) : n.overrides.title !== null || n.overrides.order !== null || n.overrides.hidden !== null ? (
          <Tag color="blue">已自定义</Tag>
        ) : (
          <Tag>默认</Tag>
        ),
    },
    ...(readOnly
      ? []
      : [
          {
            title: '操作',
            key: 'op',
            width: 100,
            render: (_: unknown, n: Row) => (
              <Tooltip
                title={`恢复为：${n.defaults.title}，排序 ${n.defaults.order}，${n.defaults.hidden ? '隐藏' : '显示'}`}
              >
                <Button
                  type="link"
                  size="small"
                  icon={<UndoOutlined />}
                  disabled={isDefault(shown(n, drafts), n.defaults)}
                  onClick={() => restore(n)}
                >
                  恢复默认
                </Button>
              </Tooltip>
            ),
          },
        ]),
  ];

  const rows = useMemo(() => toRows(menus.data?.items ?? []), [menus.data]);
  const allKeys = useMemo(() => [...byName.keys()], [byName]);

  return (
    <div className="fk-panel" data-testid="menu-setting-page">
      <div className="fk-toolbar">
        <div className="fk-page-title" style={{ margin: 0 }}>
          <MenuOutlined style={{ color: '#1f6fff', marginRight: 8 }} />
          菜单管理
        </div>
        <Access perms={[PERM.menuEdit]}>
          <Space>
            <Button disabled={drafts.size === 0 || save.isPending} onClick={() => setDrafts(new Map())}>
              撤销修改
            </Button>
            <Button
              type="primary"
              disabled={drafts.size === 0}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              保存{drafts.size ? `（${drafts.size}）` : ''}
            </Button>
          </Space>
        </Access>
      </div>
      {readOnly && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="您只有查看权限，不能修改菜单" />
      )}
      {menus.isPending ? (
        <Skeleton active />
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
  );
}
