import { PlusOutlined, TeamOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Skeleton,
  Space,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type Key } from 'react';
import { EMPTY_TEXT, OrgUserGroupMemberQuery } from '@feikong/contracts';
import { orgApi, type UserGroupInput, type UserGroupMember, type UserGroupNode } from '@/api/org';
import { Access, useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { AddMembersDialog } from '@/components/AddMembersDialog';
import { EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import { ListSearch, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { orgKeys, userGroupMembersQuery, userGroupsQuery } from '../hooks/queries';
import { dropInfoFromAntd, dropInfoWhileDragging, type DropInfo } from '../rules/tree';
import { filterGroups, findGroup, parentOptions, planGroupDrop } from '../rules/userGroups';
import '../org.css';

const EDIT = ['userGroup:edit'];

interface Item {
  key: string;
  title: string;
  group: UserGroupNode;
  children: Item[];
}

const toItems = (nodes: UserGroupNode[]): Item[] =>
  nodes.map((g) => ({ key: String(g.id), title: g.name, group: g, children: toItems(g.children) }));

const keysWithChildren = (items: readonly Item[]): string[] =>
  items.flatMap((i) => (i.children.length ? [i.key, ...keysWithChildren(i.children)] : []));

interface GroupForm {
  name: string;
  pid: number;
  order?: number;
}

/**
 * 用户组 (设置中心 › 组织架构): the tenant's user groups as a tree (新建, 重命名 / 移动, 删除 after the
 * server's check) and the selected group's members (search, 添加成员 with a staff picker, 移除); the
 * group, the member search and the page live in the URL.
 * Without userGroup:edit the screen is read-only.
 */
export default function UserGroupPage() {
  const app = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const groups = useQuery(userGroupsQuery);
  const [keyword, setKeyword] = useState('');
  const u = useListParams(OrgUserGroupMemberQuery, SNAKE_PAGE);
  const selectedId = u.query.group_id ?? null;
  const memberKeyword = u.query.keyword;
  const [parentOfNew, setParentOfNew] = useState(0);
  const [adding, setAdding] = useState(false);

  const all = useMemo(() => groups.data ?? [], [groups.data]);
  const items = useMemo(() => toItems(filterGroups(all, keyword)), [all, keyword]);
  // Everything is open until the user folds something; a group that gains a child opens.
  const [userExpanded, setUserExpanded] = useState<Key[] | null>(null);
  const expandedKeys = keyword.trim() || userExpanded === null ? keysWithChildren(items) : userExpanded;
  const expand = (pid: number) => {
    if (pid !== 0 && userExpanded !== null) setUserExpanded([...new Set([...userExpanded, String(pid)])]);
  };
  const selected = (selectedId !== null ? findGroup(all, selectedId) : undefined) ?? all[0];
  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.userGroups });

  const select = (id: number | null) => u.set({ group_id: id, keyword: undefined });

  const dialog = useEditDialog<UserGroupNode, GroupForm>({
    initial: (g) => (g === 'new' ? { pid: 0 } : { name: g.name, pid: g.pid, order: g.order }),
    submit: async (v, g) => {
      const body: UserGroupInput = { name: v.name.trim(), pid: v.pid ?? 0, order: v.order ?? undefined };
      if (g === 'new') select((await orgApi.createUserGroup(body)).id);
      else await orgApi.updateUserGroup({ id: g.id, ...body });
    },
    fields: ['name', 'pid', 'order'],
    refresh,
  });
  const createUnder = (pid: number) => {
    setParentOfNew(pid);
    expand(pid);
    dialog.open('new');
    dialog.form.setFieldsValue({ pid });
  };
  const editingId = dialog.editing && dialog.editing !== 'new' ? dialog.editing.id : undefined;

  const moveGroup = async (drop: DropInfo) => {
    const plan = planGroupDrop(all, drop);
    if (!plan.ok) {
      void app.message.warning(plan.error);
      return;
    }
    await orgApi.orderUserGroups(plan.pid, plan.ids);
    expand(plan.pid);
    void app.message.success('调整成功');
    await refresh();
  };

  const removeGroup = (g: UserGroupNode) =>
    confirmDelete(app, {
      content: `确定删除用户组【${g.name}】吗？`,
      check: () => orgApi.checkUserGroupDelete(g.id),
      remove: () => orgApi.deleteUserGroup(g.id),
      then: () => {
        // Select its parent (or another top group) before the tree refetches: the stale tree still
        // holds the deleted group, and its members query would refetch into a 404.
        select(g.pid || (all.find((o) => o.id !== g.id)?.id ?? null));
        client.removeQueries({
          queryKey: [...orgKeys.userGroups, 'members'],
          predicate: (q) => (q.queryKey[3] as { group_id?: number } | undefined)?.group_id === g.id,
        });
        return refresh();
      },
    });

  const q = { ...u.query, group_id: selected?.id ?? 0 };
  const members = useQuery({
    ...userGroupMembersQuery(q),
    enabled: !!selected,
    placeholderData: keepPreviousData,
  });

  const removeMember = (m: UserGroupMember) =>
    confirmDelete(app, {
      content: `确定将【${m.name}】移出用户组【${selected?.name}】吗？`,
      okText: '移除',
      doneText: '已移除',
      remove: () => orgApi.removeUserGroupMembers(selected!.id, [m.id]),
      then: refresh,
    });

  const columns: ListColumn<UserGroupMember>[] = [
    { title: '姓名', dataIndex: 'name', width: 140, role: 'key' },
    { title: '手机号', dataIndex: 'phone', width: 140 },
    { title: '工号', dataIndex: 'job_no', width: 120, render: (v: string) => v || '-' },
    { title: '所属公司', dataIndex: 'org_name', width: 220, ellipsis: true, render: (v: string) => v || '-' },
    ...(can(EDIT)
      ? [
          {
            title: '操作',
            key: 'op',
            width: 90,
            fixed: 'right' as const,
            render: (_: unknown, m: UserGroupMember) => (
              <Button type="link" danger size="small" onClick={() => void removeMember(m)}>
                移除
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="fk-split" data-testid="user-group-page">
      <div className="fk-panel fk-org-side">
        <div className="fk-org-side-head">
          <div className="fk-page-title">用户组</div>
          <Access perms={EDIT}>
            <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => createUnder(0)}>
              新建用户组
            </Button>
          </Access>
        </div>
        <Input.Search allowClear placeholder="搜索用户组" onChange={(e) => setKeyword(e.target.value)} />
        <div className="fk-org-tree">
          {groups.isPending ? (
            <Skeleton active paragraph={{ rows: 5 }} />
          ) : items.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={keyword ? '没有搜索到相关内容~' : EMPTY_TEXT}
            />
          ) : (
            <Tree<Item>
              blockNode
              treeData={items}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setUserExpanded(keys)}
              draggable={can(EDIT) && !keyword.trim() ? { icon: false } : false}
              allowDrop={(o) => planGroupDrop(all, dropInfoWhileDragging(o)).ok}
              onDrop={(info) => void moveGroup(dropInfoFromAntd(info)).catch(() => undefined)}
              selectedKeys={selected ? [String(selected.id)] : []}
              onSelect={(_k, info) => select(info.node.group.id)}
              titleRender={(i) => (
                <span className="fk-org-node">
                  <TeamOutlined className="fk-org-node-icon fk-org-node-icon-group" />
                  <span className="fk-org-node-name">{i.group.name}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {i.group.member_count}
                  </Typography.Text>
                </span>
              )}
            />
          )}
        </div>
        {can(EDIT) && <div className="fk-org-hint">拖拽用户组可调整顺序与上下级</div>}
      </div>
      <div className="fk-panel fk-split-main">
        {!selected ? (
          <Empty
            image={<UsergroupAddOutlined style={{ fontSize: 48, color: '#c5cbd6' }} />}
            description="还没有用户组。用户组用于审批流程、消费场景和额度发放中按人群设置。"
          />
        ) : (
          <>
            <div className="fk-toolbar">
              <div className="fk-page-title" style={{ margin: 0 }} data-testid="user-group-title">
                <TeamOutlined style={{ color: '#1f6fff', marginRight: 8 }} />
                {selected.name}
                <Typography.Text type="secondary" style={{ fontSize: 13, marginLeft: 8, fontWeight: 400 }}>
                  {selected.member_count} 名成员
                </Typography.Text>
              </div>
              <Access perms={EDIT}>
                <Space size={4}>
                  <Button onClick={() => createUnder(selected.id)}>新建子分组</Button>
                  <Button onClick={() => dialog.open(selected)}>重命名</Button>
                  <Button danger onClick={() => void removeGroup(selected).catch(() => undefined)}>
                    删除
                  </Button>
                </Space>
              </Access>
            </div>
            <ListTable<UserGroupMember>
              query={members}
              what="「成员」"
              paging={u}
              columns={columns}
              locale={{ emptyText: memberKeyword ? '没有搜索到相关内容~' : '该用户组还没有成员' }}
              filters={
                <ListSearch
                  key={selected.id}
                  value={memberKeyword}
                  placeholder="搜索姓名或手机号"
                  onSearch={(v) => u.set({ keyword: v })}
                />
              }
              actions={
                <Access perms={EDIT}>
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                    添加成员
                  </Button>
                </Access>
              }
            />
          </>
        )}
      </div>

      <EditDialog
        state={dialog}
        noun="用户组"
        createTitle={parentOfNew ? '新建子分组' : '新建用户组'}
        width={520}
        height={360}
      >
        <Form.Item
          name="name"
          label="用户组名称"
          rules={[
            { required: true, whitespace: true, message: '请输入用户组名称' },
            { max: 50, message: '最多50个字符' },
          ]}
        >
          <Input placeholder="如：差旅审批组" maxLength={50} />
        </Form.Item>
        <Form.Item name="pid" label="上级用户组" rules={[{ required: true, message: '请选择上级用户组' }]}>
          <TreeSelect
            treeDefaultExpandAll
            treeData={parentOptions(all, editingId)}
            fieldNames={{ label: 'title', value: 'value' }}
            data-testid="user-group-parent"
          />
        </Form.Item>
        <Form.Item name="order" label="排序">
          <InputNumber
            min={0}
            max={999999}
            precision={0}
            style={{ width: '100%' }}
            placeholder="数字越小越靠前"
          />
        </Form.Item>
      </EditDialog>

      <AddMembersDialog
        open={adding}
        groupName={selected?.name ?? ''}
        groupKind="用户组"
        hint="选择要加入该用户组的在职员工，可多选；同一员工可属于多个用户组。"
        add={(ids) => orgApi.addUserGroupMembers(selected!.id, ids)}
        onAdded={() => void refresh()}
        onClose={() => setAdding(false)}
      />
    </div>
  );
}
