import {
  ApartmentOutlined,
  BankOutlined,
  ClusterOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  Dropdown,
  Empty,
  Input,
  Skeleton,
  Tooltip,
  Tree,
  type MenuProps,
  type TreeProps,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type Key } from 'react';
import { EMPTY_TEXT } from '@feikong/contracts';
import { orgApi, type UnitNode } from '@/api/org';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { orgKeys, ORG_PERM, statisticsQuery, unitsQuery } from '../hooks/queries';
import {
  dropInfoFromAntd,
  dropInfoWhileDragging,
  filterTree,
  findNode,
  parentOf,
  planDrop,
  planShift,
  type DropPlan,
} from '../rules/tree';
import { UnitDialog, type UnitEdit } from './UnitDialog';

const ICONS = {
  group: <ApartmentOutlined className="fk-org-node-icon fk-org-node-icon-group" />,
  company: <BankOutlined className="fk-org-node-icon fk-org-node-icon-company" />,
  dept: <ClusterOutlined className="fk-org-node-icon fk-org-node-icon-dept" />,
};

interface TreeItem {
  key: string;
  isLeaf?: boolean;
  title: string;
  node: UnitNode;
  children: TreeItem[];
}

const toItems = (nodes: UnitNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.key, title: n.name, node: n, children: toItems(n.children) }));

export interface OrgTreeProps {
  selected: string | null;
  onSelect: (node: UnitNode) => void;
}

/**
 * The companies and departments on the left of 组织与员工: search, select (filters the staff table),
 * and — with orgStaff:edit — add, rename, delete (the server's reason first), move up / down, and
 * drag to move or reorder (organizations:order / departments:order).
 */
export function OrgTree({ selected, onSelect }: OrgTreeProps) {
  const app = App.useApp();
  const { message } = app;
  const client = useQueryClient();
  const { can } = useAccess();
  const editable = can([ORG_PERM.staffEdit]);
  const units = useQuery(unitsQuery);
  const stats = useQuery(statisticsQuery);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [edit, setEdit] = useState<UnitEdit | null>(null);
  const tree = useMemo(() => units.data ?? [], [units.data]);

  // First load: the top organisation is selected and its companies are open.
  const root = tree[0];
  useEffect(() => {
    if (root && selected === null) onSelect(root);
  }, [root, selected, onSelect]);
  const defaultExpanded = useMemo(
    () => tree.flatMap((r) => [r.key, ...r.children.filter((c) => c.org_type !== 'dept').map((c) => c.key)]),
    [tree],
  );

  const filtered = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const items = useMemo(() => toItems(filtered.tree), [filtered.tree]);
  const expandedKeys = keyword.trim() ? filtered.expand : (expanded ?? defaultExpanded);

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: orgKeys.all });
  };

  const apply = async (plan: DropPlan) => {
    if (!plan.ok) {
      void message.warning(plan.error);
      return;
    }
    if (plan.kind === 'org') await orgApi.orderOrgs(plan.payload);
    else await orgApi.orderDepts(plan.payload);
    // The new parent opens, so the moved node stays in sight.
    const parentKey =
      plan.kind === 'org'
        ? `org-${plan.payload.pid}`
        : plan.payload.pid === 0
          ? `org-${plan.payload.org_id}`
          : `dept-${plan.payload.pid}`;
    setExpanded((k) => [...new Set([...(k ?? defaultExpanded), parentKey])]);
    void message.success('调整成功');
    await refresh();
  };

  const onDrop: TreeProps<TreeItem>['onDrop'] = (info) => {
    const plan = planDrop(
      tree,
      dropInfoFromAntd({
        node: {
          key: info.node.key,
          pos: info.node.pos,
          expanded: info.node.expanded,
          children: info.node.children,
        },
        dragNode: { key: info.dragNode.key },
        dropPosition: info.dropPosition,
        dropToGap: info.dropToGap,
      }),
    );
    void apply(plan).catch(() => undefined);
  };

  const remove = (node: UnitNode) => {
    const dept = node.org_type === 'dept';
    return confirmDelete(app, {
      check: () => (dept ? orgApi.checkDeptDelete(node.id) : orgApi.checkOrgDelete(node.id)),
      content: `确定删除${dept ? '部门' : '公司'}【${node.name}】吗？删除后不可恢复。`,
      remove: () => (dept ? orgApi.deleteDept(node.id) : orgApi.deleteOrg(node.id)),
      then: () => {
        if (selected === node.key) {
          const parent = parentOf(tree, node.key);
          if (parent) onSelect(parent);
        }
        return refresh();
      },
    });
  };

  const menuFor = (node: UnitNode): MenuProps['items'] => {
    const isTop = node.org_type === 'group';
    const up = planShift(tree, node.key, -1);
    const down = planShift(tree, node.key, 1);
    return [
      ...(node.org_type !== 'dept'
        ? [
            { key: 'addCompany', icon: <BankOutlined />, label: '新增子公司' },
            { key: 'addDept', icon: <PlusOutlined />, label: '新增部门' },
          ]
        : [{ key: 'addDept', icon: <PlusOutlined />, label: '新增子部门' }]),
      { key: 'edit', icon: <EditOutlined />, label: '编辑' },
      ...(isTop
        ? []
        : [
            { type: 'divider' as const },
            { key: 'up', icon: <ArrowUpOutlined />, label: '上移', disabled: !up },
            { key: 'down', icon: <ArrowDownOutlined />, label: '下移', disabled: !down },
            { type: 'divider' as const },
            { key: 'delete', icon: <DeleteOutlined />, label: '删除', danger: true },
          ]),
    ];
  };

  const onMenu = (node: UnitNode, key: string) => {
    if (key === 'addCompany') setEdit({ mode: 'create', kind: 'company', parent: node });
    else if (key === 'addDept') setEdit({ mode: 'create', kind: 'dept', parent: node });
    else if (key === 'edit') setEdit({ mode: 'edit', node });
    else if (key === 'up' || key === 'down') {
      const plan = planShift(tree, node.key, key === 'up' ? -1 : 1);
      if (plan) void apply(plan).catch(() => undefined);
    } else if (key === 'delete') void remove(node).catch(() => undefined);
  };

  const titleRender = (item: TreeItem) => (
    <span className="fk-org-node" data-testid={`org-node-${item.key}`}>
      {ICONS[item.node.org_type] ?? ICONS.dept}
      <span className="fk-org-node-name" title={item.node.full_name || item.node.name}>
        {item.node.name}
      </span>
      {editable && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: menuFor(item.node),
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              onMenu(item.node, key);
            },
          }}
        >
          <button
            type="button"
            className="fk-org-node-more"
            aria-label={`${item.node.name}的操作`}
            onClick={(e) => e.stopPropagation()}
          >
            <MoreOutlined />
          </button>
        </Dropdown>
      )}
    </span>
  );

  const s = stats.data;
  const selectedNode = selected ? findNode(tree, selected) : undefined;
  const addTarget = selectedNode ?? root;

  return (
    <div className="fk-panel fk-org-side" data-testid="org-tree">
      <div className="fk-org-side-head">
        <div className="fk-page-title">组织架构</div>
        {editable && addTarget && (
          <Dropdown
            trigger={['click']}
            menu={{
              items:
                addTarget.org_type === 'dept'
                  ? [{ key: 'addDept', label: `在「${addTarget.name}」下新增子部门` }]
                  : [
                      { key: 'addDept', label: `在「${addTarget.name}」下新增部门` },
                      { key: 'addCompany', label: `在「${addTarget.name}」下新增子公司` },
                    ],
              onClick: ({ key }) => onMenu(addTarget, key),
            }}
          >
            <Button size="small" type="primary" ghost icon={<PlusOutlined />}>
              新增
            </Button>
          </Dropdown>
        )}
      </div>
      {s && (
        <div className="fk-org-stats">
          <div className="fk-org-stat">
            <b>{s.company_count}</b>
            <span>公司</span>
          </div>
          <div className="fk-org-stat">
            <b>{s.department_count}</b>
            <span>部门</span>
          </div>
          <div className="fk-org-stat">
            <b>{s.active_staff_count}</b>
            <span>在职员工</span>
          </div>
        </div>
      )}
      <Input.Search
        allowClear
        placeholder="搜索公司或部门"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <div className="fk-org-tree">
        {units.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : items.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={keyword ? '没有搜索到相关内容~' : EMPTY_TEXT}
          />
        ) : (
          <Tree<TreeItem>
            blockNode
            showLine={{ showLeafIcon: false }}
            treeData={items}
            titleRender={titleRender}
            selectedKeys={selected ? [selected] : []}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys)}
            onSelect={(_keys, info) => onSelect(info.node.node)}
            draggable={
              editable && !keyword.trim()
                ? { icon: false, nodeDraggable: (n) => (n as TreeItem).node.org_type !== 'group' }
                : false
            }
            allowDrop={(o) => planDrop(tree, dropInfoWhileDragging(o)).ok}
            onDrop={onDrop}
          />
        )}
      </div>
      {editable && (
        <Tooltip title="公司只能在集团或公司之间移动，部门只能在本公司内移动">
          <div className="fk-org-hint">拖拽节点可调整顺序与上下级</div>
        </Tooltip>
      )}
      <UnitDialog
        edit={edit}
        onClose={() => setEdit(null)}
        onDone={(key) => {
          const parentKey = edit?.mode === 'create' ? edit.parent.key : null;
          setEdit(null);
          if (parentKey) setExpanded((k) => [...new Set([...(k ?? defaultExpanded), parentKey])]);
          void refresh().then(() => {
            const fresh = client.getQueryData<UnitNode[]>(orgKeys.units);
            const node = fresh && findNode(fresh, key);
            if (node) onSelect(node);
          });
        }}
      />
    </div>
  );
}
