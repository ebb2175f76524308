import { App, Badge, Button, Empty, Popconfirm, Space, Tabs, Tag, Tooltip } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EMPTY_TEXT, formatDateTime, OrgSyncConflictQuery } from '@feikong/contracts';
import { orgApi, SyncConflictStatus, type SyncConflict } from '@/api/org';
import { useAccess } from '@/components/Access';
import {
  ListSearch,
  ListTable,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
  ListSelect,
} from '@/components/ListPage';
import { SyncHandleDialog } from '../components/SyncHandleDialog';
import { ORG_PERM, orgKeys, syncConflictsQuery, syncPendingQuery } from '../hooks/queries';
import {
  PLATFORMS,
  platformOf,
  STATUS_TABS,
  statusOfTab,
  statusTabOf,
  statusView,
  successText,
} from '../rules/syncConflict';
import '../org.css';

/**
 * 同步冲突处理 (设置中心 › 组织架构): directory users of DingTalk / WeCom / Feishu the sync could
 * not match to staff safely. Filter by status (待处理 / 已处理 / 全部), platform and keyword — all
 * in the URL (the tab as status=resolved|all) — and resolve each one: 处理 opens the dialog (关联已有员工 / 新建员工 / 忽略), 忽略
 * asks once and resolves directly.
 */
export default function SyncConflictPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const editable = can([ORG_PERM.syncConflictEdit]);
  const u = useListParams(OrgSyncConflictQuery, SNAKE_PAGE);
  // The tab is a word in the URL (pending by default), the contract's status the number it stands for.
  const tab = statusTabOf(u.raw('status') || null);
  const { platform, keyword } = u.query;
  const [handling, setHandling] = useState<SyncConflict | null>(null);
  const q = { ...u.query, status: statusOfTab(tab) };
  const list = useQuery({ ...syncConflictsQuery(q), placeholderData: keepPreviousData });
  const pending = useQuery(syncPendingQuery);

  // A page emptied by handling its last rows goes back one page.
  const total = list.data?.page.total;
  useEffect(() => {
    if (total !== undefined && u.pageNum > 1 && (u.pageNum - 1) * u.pageSize >= total)
      u.setPage(Math.max(1, Math.ceil(total / u.pageSize)), u.pageSize);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the total changes
  }, [total]);

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['org', 'syncConflicts'] }),
      client.invalidateQueries({ queryKey: orgKeys.syncPending }),
    ]);

  const ignore = async (c: SyncConflict) => {
    const r = await orgApi.syncHandle({ id: c.id, action: 'ignore' });
    void message.success(successText(c, r));
    await refresh();
  };

  const columns: ListColumn<SyncConflict>[] = [
    {
      title: '平台',
      dataIndex: 'platform',
      width: 96,
      render: (p: string) => {
        const { label, color } = platformOf(p);
        return (
          <Tag color={color} variant="filled">
            {label}
          </Tag>
        );
      },
    },
    {
      title: '第三方用户',
      dataIndex: 'name',
      width: 180,
      role: 'key',
      render: (name: string, c) => (
        <div style={{ minWidth: 0 }}>
          <div className="fk-staff-name-text">{name}</div>
          <div className="fk-staff-sub" title={c.third_user_id}>
            ID：{c.third_user_id}
          </div>
        </div>
      ),
    },
    {
      title: '手机号',
      dataIndex: 'phone',
      width: 124,
      render: (v: string | null) => v || <span className="fk-muted">未提供</span>,
    },
    {
      title: '冲突原因',
      dataIndex: 'reason',
      width: 260,
      render: (reason: string) => (
        <Tooltip title={reason} placement="topLeft" mouseEnterDelay={0.4}>
          <span className="fk-sync-reason">{reason}</span>
        </Tooltip>
      ),
    },
    {
      title: '发现时间',
      dataIndex: 'created_at',
      width: 160,
      render: (t: number) => formatDateTime(t),
    },
    {
      title: '状态',
      key: 'status',
      width: 180,
      role: 'status',
      render: (_: unknown, c) => {
        const { label, color } = statusView(c);
        if (c.status === SyncConflictStatus.pending) return <Tag color={color}>{label}</Tag>;
        return (
          <div>
            <Tag color={color}>{label}</Tag>
            {c.staff_name && <span className="fk-sync-staff">{c.staff_name}</span>}
            <div className="fk-staff-sub" title={`处理时间：${formatDateTime(c.resolved_at)}`}>
              {c.resolved_by_name || '系统'} · {formatDateTime(c.resolved_at, 'YYYY-MM-DD')}
            </div>
          </div>
        );
      },
    },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'op',
            width: 110,
            fixed: 'right' as const,
            render: (_: unknown, c: SyncConflict) =>
              c.status === SyncConflictStatus.pending ? (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setHandling(c)}
                    aria-label={`处理：${c.name}`}
                  >
                    处理
                  </Button>
                  <Popconfirm
                    title="忽略该同步冲突？"
                    description={`不关联也不新建员工，「${c.name}」将移出待处理列表`}
                    okText="忽略"
                    cancelText="取消"
                    onConfirm={() => ignore(c).catch(() => undefined)}
                  >
                    <Button type="link" size="small" aria-label={`忽略：${c.name}`}>
                      忽略
                    </Button>
                  </Popconfirm>
                </Space>
              ) : (
                <span className="fk-muted">-</span>
              ),
          },
        ]
      : []),
  ];

  const filtered = !!platform || !!keyword;
  const empty =
    tab === 'pending' && !filtered ? (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <span>
            {EMPTY_TEXT}
            <div className="fk-muted" style={{ marginTop: 4 }}>
              暂无待处理的同步冲突，第三方通讯录的人员都已匹配到员工
            </div>
          </span>
        }
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />
    );

  return (
    <div className="fk-panel" data-testid="sync-conflict-page">
      <div className="fk-org-head">
        <div>
          <div className="fk-page-title" style={{ margin: 0 }}>
            同步冲突处理
          </div>
          <div className="fk-org-crumb">
            钉钉、企业微信、飞书通讯录同步时无法自动匹配到员工的人员，确认后关联已有员工、新建员工或忽略。
          </div>
        </div>
      </div>
      <div className="fk-org-filters">
        <Tabs
          activeKey={tab}
          onChange={(k) => u.setRaw({ status: k === 'pending' ? undefined : k })}
          items={STATUS_TABS.map((s) => ({
            key: s.key,
            label:
              s.key === 'pending' ? (
                <span>
                  {s.label}
                  <Badge
                    count={pending.data?.count ?? 0}
                    size="small"
                    overflowCount={99}
                    style={{ marginInlineStart: 6 }}
                  />
                </span>
              ) : (
                s.label
              ),
          }))}
        />
      </div>
      <ListTable<SyncConflict>
        query={list}
        what="「同步冲突」"
        paging={u}
        columns={columns}
        locale={{ emptyText: list.isPending ? ' ' : empty }}
        onRow={(c) => ({
          onDoubleClick: () => {
            if (editable && c.status === SyncConflictStatus.pending) setHandling(c);
          },
        })}
        filters={
          <>
            <ListSelect
              u={u}
              field="platform"
              placeholder="全部平台"
              options={PLATFORMS.map((p) => ({ value: p.value, label: p.label }))}
              aria-label="平台"
            />
            <ListSearch
              debounce
              value={keyword}
              placeholder="搜索姓名、手机号或第三方ID"
              onSearch={(v) => u.set({ keyword: v })}
            />
          </>
        }
      />
      <SyncHandleDialog
        conflict={handling}
        onClose={() => setHandling(null)}
        onDone={() => {
          setHandling(null);
          void refresh();
        }}
      />
    </div>
  );
}
