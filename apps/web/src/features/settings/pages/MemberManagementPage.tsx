import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { privilegesApi, type GroupMember } from '@/api/privileges';
import { Access, useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { AddMembersDialog } from '@/components/AddMembersDialog';
import { GroupList } from '../components/GroupList';
import { membersQuery, PERM, privilegeKeys } from '../hooks/privileges';

/**
 * 成员管理 (settings › 权限管理): the members of a permission group, searchable; add staff with a
 * staff picker, remove after a confirmation. Without memberManagement:edit the screen is read-only.
 */
export default function MemberManagementPage() {
  const app = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const [group, setGroup] = useState<{ id: number; name: string } | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ num: 1, size: 10 });
  const [adding, setAdding] = useState(false);

  const q = {
    group_id: group?.id ?? 0,
    keyword: keyword || undefined,
    page_num: page.num,
    page_size: page.size,
  };
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

  const pick = useCallback((id: number, name: string) => {
    setGroup({ id, name });
    setPage((p) => ({ ...p, num: 1 }));
  }, []);

  const columns: TableColumnsType<GroupMember> = [
    { title: '姓名', dataIndex: 'name', width: 140 },
    { title: '手机号', dataIndex: 'phone', width: 140 },
    { title: '所属公司', dataIndex: 'org_name', ellipsis: true },
    {
      title: '部门',
      dataIndex: 'dept_names',
      render: (names: string[]) => (names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : '-'),
    },
    ...(can([PERM.memberEdit])
      ? [
          {
            title: '操作',
            key: 'op',
            width: 100,
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
          <Space>
            <Input.Search
              allowClear
              placeholder="搜索姓名或手机号"
              style={{ width: 220 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage((p) => ({ ...p, num: 1 }));
              }}
            />
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
          </Space>
        </div>
        <Table<GroupMember>
          rowKey="staff_id"
          size="middle"
          loading={members.isFetching}
          columns={columns}
          dataSource={members.data?.items ?? []}
          pagination={{
            current: page.num,
            pageSize: page.size,
            total: members.data?.page.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (num, size) => setPage({ num, size }),
          }}
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
