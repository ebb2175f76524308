import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { App, Button, Tag } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { MemberListQuery } from '@feikong/contracts';
import { privilegesApi, type GroupMember } from '@/api/privileges';
import { Access, useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { AddMembersDialog } from '@/components/AddMembersDialog';
import { ListSearch, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { GroupList } from '../components/GroupList';
import { membersQuery, PERM, privilegeKeys } from '../hooks/privileges';

/**
 * 成员管理 (settings › 权限管理): the members of a permission group, searchable; add staff with a
 * staff picker, remove after a confirmation. Without memberManagement:edit the screen is read-only. The
 * search and the page live in the URL; another group goes back to page 1.
 */
export default function MemberManagementPage() {
  const app = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const [group, setGroup] = useState<{ id: number; name: string } | null>(null);
  const u = useListParams(MemberListQuery, SNAKE_PAGE);
  const [adding, setAdding] = useState(false);

  const q = { ...u.query, group_id: group?.id ?? 0 };
  const members = useQuery({
    ...membersQuery(q),
    enabled: group !== null,
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: privilegeKeys.all });

  const remove = (m: GroupMember) =>
    confirmDelete(app, {
      content: `确定将【${m.name}】移出权限组【${group?.name}】吗？`,
      okText: '移除',
      doneText: '已移除',
      remove: () => privilegesApi.removeMembers(group!.id, [m.staff_id]),
      then: refresh,
    });

  const { setPage, pageSize } = u;
  const picked = useRef<number | null>(null);
  const pick = useCallback(
    (id: number, name: string) => {
      if (picked.current !== null && picked.current !== id) setPage(1, pageSize);
      picked.current = id;
      setGroup({ id, name });
    },
    [setPage, pageSize],
  );

  const columns: ListColumn<GroupMember>[] = [
    { title: '姓名', dataIndex: 'name', width: 140, role: 'key' },
    { title: '手机号', dataIndex: 'phone', width: 140 },
    { title: '所属公司', dataIndex: 'org_name', width: 200, ellipsis: true },
    {
      title: '部门',
      dataIndex: 'dept_names',
      width: 240,
      render: (names: string[]) => (names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : '-'),
    },
    ...(can([PERM.memberEdit])
      ? [
          {
            title: '操作',
            key: 'op',
            width: 100,
            fixed: 'right' as const,
            render: (_: unknown, m: GroupMember) => (
              <Button type="link" danger size="small" onClick={() => remove(m)}>
                移除
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="fk-split" data-testid="member-management-page">
      <GroupList selected={group?.id ?? null} onSelect={pick} />
      <div className="fk-panel fk-split-main">
        <div className="fk-toolbar">
          <div className="fk-page-title" style={{ margin: 0 }}>
            <TeamOutlined style={{ color: '#1f6fff', marginRight: 8 }} />
            成员管理{group ? ` · ${group.name}` : ''}
          </div>
        </div>
        <ListTable<GroupMember>
          rowKey="staff_id"
          query={members}
          what="「成员」"
          paging={u}
          columns={columns}
          filters={
            <ListSearch
              value={u.query.keyword}
              placeholder="搜索姓名或手机号"
              style={{ width: 220 }}
              onSearch={(v) => u.set({ keyword: v })}
            />
          }
          actions={
            <Access perms={[PERM.memberEdit]}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!group}
                onClick={() => setAdding(true)}
              >
                添加成员
              </Button>
            </Access>
          }
        />
      </div>
      <AddMembersDialog
        open={adding}
        groupName={group?.name ?? ''}
        groupKind="权限组"
        hint="选择要加入该权限组的员工，可多选。"
        add={(ids) => privilegesApi.addMembers(group!.id, ids)}
        onAdded={() => void refresh()}
        onClose={() => setAdding(false)}
      />
    </div>
  );
}
