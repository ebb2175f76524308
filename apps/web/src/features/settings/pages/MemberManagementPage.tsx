import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { App, Button, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOCOMPLETE } from '@feikong/contracts';
import { privilegesApi, type GroupMember, type StaffOption } from '../../../api/privileges';
import { Access, useAccess } from '../../../components/Access';
import { confirmDelete } from '../../../components/confirmDelete';
import { Dialog } from '../../../components/Dialog/Dialog';
import { GroupList } from '../components/GroupList';
import { membersQuery, PERM, privilegeKeys } from '../hooks/privileges';

const staffName = (s: StaffOption) => s.real_name || s.user_name || s.phone || String(s.id);

/** Staff picker: searches active staff after 2 characters, 500 ms debounce (spec §5 base autocomplete). */
function StaffPicker({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const [options, setOptions] = useState<StaffOption[]>([]);
  const [searching, setSearching] = useState(false);
  const [searched, setSearched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const known = useRef(new Map<number, StaffOption>());
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (text: string) => {
    clearTimeout(timer.current);
    const keyword = text.trim();
    if (keyword.length < AUTOCOMPLETE.baseMinChars) {
      setSearched(false);
      return;
    }
    timer.current = setTimeout(async () => {
      setSearching(true);
      try {
        const page = await privilegesApi.searchStaff(keyword);
        page.items.forEach((s) => known.current.set(s.id, s));
        setOptions(page.items);
      } catch {
        setOptions([]);
      } finally {
        setSearching(false);
        setSearched(true);
      }
    }, AUTOCOMPLETE.debounceMs);
  };

  const chosen = value.map((id) => known.current.get(id)).filter((s): s is StaffOption => !!s);
  const list = [...chosen, ...options.filter((o) => !value.includes(o.id))];
  return (
    <Select<number[]>
      mode="multiple"
      style={{ width: '100%' }}
      placeholder="输入姓名或手机号搜索（至少2个字符）"
      showSearch={{ onSearch, filterOption: false }}
      loading={searching}
      value={value}
      onChange={onChange}
      notFoundContent={searched ? '没有搜索到相关内容~' : null}
      options={list.map((s) => ({
        value: s.id,
        label: (
          <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <span>
              {staffName(s)} <Typography.Text type="secondary">{s.phone}</Typography.Text>
            </span>
            <Typography.Text type="secondary">{s.dept_name || s.org_name}</Typography.Text>
          </span>
        ),
      }))}
      data-testid="staff-picker"
    />
  );
}

/**
 * 成员管理 (settings › 权限管理): the members of a permission group, searchable; add staff with a
 * staff picker, remove after a confirmation. Without memberManagement:edit the screen is read-only.
 */
export default function MemberManagementPage() {
  const app = App.useApp();
  const { message } = app;
  const client = useQueryClient();
  const { can } = useAccess();
  const [group, setGroup] = useState<{ id: number; name: string } | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ num: 1, size: 10 });
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);

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

  const add = useMutation({
    mutationFn: () => privilegesApi.addMembers(group!.id, picked),
    onSuccess: (r) => {
      void message.success(r.added > 0 ? `已添加${r.added}名成员` : '所选员工已在该权限组中');
      setAdding(false);
      setPicked([]);
      void refresh();
    },
  });

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
      <Dialog
        open={adding}
        title={`添加成员 · ${group?.name ?? ''}`}
        width={560}
        height={360}
        disabled={picked.length === 0}
        confirmLoading={add.isPending}
        onConfirm={() => add.mutate()}
        onClose={() => {
          setAdding(false);
          setPicked([]);
        }}
      >
        <Typography.Paragraph type="secondary">选择要加入该权限组的员工，可多选。</Typography.Paragraph>
        <StaffPicker value={picked} onChange={setPicked} />
      </Dialog>
    </div>
  );
}
