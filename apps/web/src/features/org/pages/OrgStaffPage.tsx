import { CloudUploadOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Space, Tabs, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, OrgStaffListQuery, TaskOperatingType } from '@feikong/contracts';
import { orgApi, StaffStatus, type Staff, type StaffQuery, type UnitNode } from '@/api/org';
import { Access, useAccess } from '@/components/Access';
import {
  ListSearch,
  ListTable,
  SNAKE_PAGE,
  useListParams,
  type ExportTask,
  type ListColumn,
} from '@/components/ListPage';
import { useTaskPolling } from '@/features/common';
import { BatchUpdateDialog } from '../components/BatchUpdateDialog';
import { OrgTree } from '../components/OrgTree';
import { StaffDialog } from '../components/StaffDialog';
import { orgKeys, ORG_PERM, staffQuery, taskKeys, unitsQuery } from '../hooks/queries';
import { SyncConflictBanner } from '../components/SyncConflictBanner';
import { avatarText, checkBatchSelection, nodeFilter } from '../rules/staff';
import { findNode, flattenOrgs, pathNames } from '../rules/tree';
import '../org.css';

/**
 * 组织与员工 (设置中心 › 组织架构): the organisation tree on the left; on the right the staff of the
 * selected node — 在职 / 离职 tabs, keyword search (both in the URL with the page), company column
 * filter, add / edit, resign and restore, batch update, import (to the import pages) and export (a
 * background task, polled).
 */
export default function OrgStaffPage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { can } = useAccess();
  const editable = can([ORG_PERM.staffEdit]);
  const units = useQuery(unitsQuery);
  const tree = useMemo(() => units.data ?? [], [units.data]);

  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const u = useListParams(OrgStaffListQuery, SNAKE_PAGE);
  const status = u.query.status ?? StaffStatus.active;
  const [selectedRows, setSelectedRows] = useState<number[]>([]);
  const [editing, setEditing] = useState<Staff | 'new' | null>(null);
  const [batchOpen, setBatchOpen] = useState(false);
  const { track } = useTaskPolling();

  const node = selectedKey ? findNode(tree, selectedKey) : undefined;
  // The node of the tree is held here, not in the URL: its org_id / dept_id come from the selection.
  const q: StaffQuery = { ...u.query, status, org_id: undefined, dept_id: undefined, ...nodeFilter(node) };
  const staff = useQuery({
    ...staffQuery(q),
    enabled: selectedKey !== null,
    placeholderData: keepPreviousData,
  });

  // Another node goes back to page 1; the first selection (the tree's root on load) keeps the URL's page.
  const { setPage, pageSize } = u;
  const selectedRef = useRef<string | null>(null);
  const select = useCallback(
    (n: UnitNode) => {
      if (selectedRef.current !== null && selectedRef.current !== n.key) setPage(1, pageSize);
      selectedRef.current = n.key;
      setSelectedKey(n.key);
      setSelectedRows([]);
    },
    [setPage, pageSize],
  );

  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.all });

  const setStaffStatus = (s: Staff, next: number) => {
    const resign = next === StaffStatus.resigned;
    modal.confirm({
      title: '系统提示',
      content: resign
        ? `确定为【${s.user_name}】办理离职吗？离职后该员工将无法登录本组织，历史数据保留。`
        : `确定恢复【${s.user_name}】为在职吗？`,
      okText: resign ? '确认离职' : '恢复在职',
      okButtonProps: resign ? { danger: true } : undefined,
      onOk: async () => {
        await orgApi.setStaffStatus(s.id, next);
        void message.success(resign ? '已办理离职' : '已恢复在职');
        setSelectedRows((r) => r.filter((id) => id !== s.id));
        await refresh();
      },
    });
  };

  const openBatch = () => {
    const error = checkBatchSelection(selectedRows);
    if (error) {
      void message.warning(error);
      return;
    }
    setBatchOpen(true);
  };

  const exportTask = (operatingType: number, label: string, params: object): ExportTask => ({
    operatingType,
    label,
    params: { ...params },
    track: (id) => {
      void client.invalidateQueries({ queryKey: taskKeys.all });
      track(id, { onFinish: () => void client.invalidateQueries({ queryKey: taskKeys.all }) });
    },
  });
  const exports = [
    exportTask(TaskOperatingType.memberExport, '导出成员（按当前筛选）', {
      ...q,
      page_num: undefined,
      page_size: undefined,
    }),
    exportTask(TaskOperatingType.orgExport, '导出组织架构', {}),
  ];

  const companies = useMemo(() => flattenOrgs(tree).map(({ node: n }) => n), [tree]);
  const columns: ListColumn<Staff>[] = [
    {
      title: '姓名',
      dataIndex: 'user_name',
      width: 170,
      fixed: 'left',
      role: 'key',
      render: (name: string, s) => (
        <span className="fk-staff-name">
          <Avatar size={28}>{avatarText(name)}</Avatar>
          <span style={{ minWidth: 0 }}>
            <div className="fk-staff-name-text">{name}</div>
            {s.job_no && <div className="fk-staff-sub">工号 {s.job_no}</div>}
          </span>
        </span>
      ),
    },
    { title: '手机号', dataIndex: 'phone', width: 124 },
    {
      title: '所属公司',
      dataIndex: 'org_name',
      width: 170,
      ellipsis: true,
      filters: companies.map((c) => ({ text: c.name, value: c.id })),
      filterMultiple: false,
      filteredValue: node && node.org_type === 'company' ? [node.id] : null,
      filterSearch: true,
    },
    {
      title: '部门',
      dataIndex: 'dept_names',
      width: 190,
      render: (names: string[]) =>
        names.length ? (
          <Space size={[4, 4]} wrap>
            {names.map((n) => (
              <Tag key={n} bordered={false} color="blue" style={{ marginInlineEnd: 0 }}>
                {n}
              </Tag>
            ))}
          </Space>
        ) : (
          <span className="fk-muted">-</span>
        ),
    },
    {
      title: '职级',
      dataIndex: 'grade_name',
      width: 76,
      render: (v: string) => v || <span className="fk-muted">-</span>,
    },
    {
      title: '职位',
      dataIndex: 'job_name',
      width: 120,
      ellipsis: true,
      render: (v: string) => v || <span className="fk-muted">-</span>,
    },
    {
      title: '职称',
      dataIndex: 'title_name',
      width: 96,
      render: (v: string) => v || <span className="fk-muted">-</span>,
    },
    {
      title: '邮箱',
      dataIndex: 'email',
      width: 190,
      ellipsis: true,
      render: (v: string | null) => v || <span className="fk-muted">-</span>,
    },
    status === StaffStatus.resigned
      ? {
          title: '离职日期',
          dataIndex: 'resigned_at',
          width: 110,
          render: (t: number | null) => formatDateTime(t, 'YYYY-MM-DD') || '-',
        }
      : {
          title: '加入日期',
          dataIndex: 'created_at',
          width: 110,
          render: (t: number) => formatDateTime(t, 'YYYY-MM-DD'),
        },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'op',
            width: 110,
            fixed: 'right' as const,
            render: (_: unknown, s: Staff) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(s)}>
                  编辑
                </Button>
                {s.status === StaffStatus.resigned ? (
                  <Button type="link" size="small" onClick={() => setStaffStatus(s, StaffStatus.active)}>
                    恢复
                  </Button>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => setStaffStatus(s, StaffStatus.resigned)}
                  >
                    离职
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const crumbs = node ? pathNames(tree, node.key) : [];
  const newDefaults = useMemo(() => {
    if (!node || node.org_type === 'group') return { org_id: node?.id };
    if (node.org_type === 'company') return { org_id: node.id };
    return { org_id: node.org_id, dept_ids: [node.id] };
  }, [node]);

  return (
    <div className="fk-split" data-testid="org-staff-page">
      <OrgTree selected={selectedKey} onSelect={select} />
      <div className="fk-panel fk-split-main">
        <SyncConflictBanner />
        <div className="fk-org-head">
          <div>
            <div className="fk-page-title" style={{ margin: 0 }}>
              {node?.name ?? '组织与员工'}
            </div>
            {crumbs.length > 1 && <div className="fk-org-crumb">{crumbs.join(' / ')}</div>}
          </div>
        </div>
        <Tabs
          activeKey={String(status)}
          onChange={(k) => {
            u.set({ status: Number(k) === StaffStatus.active ? undefined : Number(k) });
            setSelectedRows([]);
          }}
          items={[
            { key: String(StaffStatus.active), label: '在职' },
            { key: String(StaffStatus.resigned), label: '离职' },
          ]}
        />
        {editable && selectedRows.length > 0 && (
          <div className="fk-org-selbar" data-testid="selection-bar">
            <span>
              已选择 <Typography.Text strong>{selectedRows.length}</Typography.Text> 人
            </span>
            <Button type="link" size="small" onClick={openBatch}>
              批量修改
            </Button>
            <Button type="link" size="small" onClick={() => setSelectedRows([])}>
              取消选择
            </Button>
          </div>
        )}
        <ListTable<Staff>
          query={staff}
          what="「员工」"
          unit="人"
          paging={u}
          columns={columns}
          selectable={editable}
          selectedKeys={selectedRows}
          onSelect={(keys) => setSelectedRows(keys as number[])}
          onChange={(_p, filters, _s, extra) => {
            if (extra.action !== 'filter') return;
            const orgId = filters.org_name?.[0];
            const target = orgId !== undefined ? findNode(tree, `org-${orgId}`) : tree[0];
            if (target) select(target);
          }}
          filters={
            <ListSearch
              debounce
              value={u.query.keyword}
              placeholder="搜索姓名、手机号或工号"
              style={{ width: 260 }}
              onSearch={(v) => u.set({ keyword: v })}
            />
          }
          actions={
            <Access perms={[ORG_PERM.staffEdit]}>
              {/* Access renders a fragment: one Space item, so its buttons need their own gaps. */}
              <Space wrap>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  新增员工
                </Button>
                <Button icon={<EditOutlined />} onClick={openBatch}>
                  批量修改
                </Button>
                <Dropdown
                  menu={{
                    items: [
                      { key: '/setcenter/org/staffImportFile', label: '成员导入' },
                      { key: '/setcenter/org/orgImportFile', label: '组织导入' },
                    ],
                    onClick: ({ key }) => navigate(key),
                  }}
                >
                  <Button icon={<CloudUploadOutlined />}>
                    导入 <DownOutlined />
                  </Button>
                </Dropdown>
              </Space>
            </Access>
          }
          exportTask={exports}
        />
      </div>
      <StaffDialog
        open={editing !== null}
        staff={editing === 'new' ? null : editing}
        defaults={newDefaults}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <BatchUpdateDialog
        open={batchOpen}
        ids={selectedRows}
        onClose={() => setBatchOpen(false)}
        onSaved={() => {
          setBatchOpen(false);
          setSelectedRows([]);
          void refresh();
        }}
      />
    </div>
  );
}
