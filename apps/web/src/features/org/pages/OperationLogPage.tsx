import { DatePicker, Descriptions, Drawer, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDateTime, OrgOperationLogQuery } from '@feikong/contracts';
import type { OperationLog, UnitNode } from '@/api/org';
import { useAccess } from '@/components/Access';
import {
  dayRange,
  ListSearch,
  ListTable,
  rangeToMs,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
  ListSelect,
} from '@/components/ListPage';
import { logsQuery, namedQuery, ORG_PERM, titlesQuery, unitsQuery } from '../hooks/queries';
import {
  actionLabel,
  diffSnapshots,
  idResolver,
  LOG_MODULES,
  moduleLabel,
  type DiffRow,
  type NameMaps,
} from '../rules/oplog';
import '../org.css';

const byId = (items: { id: number; name: string }[] | undefined) =>
  new Map((items ?? []).map((i) => [i.id, i.name]));

/**
 * Names by id for the diff: companies and departments from the organisation tree; grades, jobs and
 * titles only when the user may read those lists (otherwise their ids are shown).
 */
function useNames(): NameMaps {
  const { can } = useAccess();
  const units = useQuery(unitsQuery);
  const grades = useQuery({ ...namedQuery('grades'), enabled: can([ORG_PERM.gradeView]) });
  const jobs = useQuery({ ...namedQuery('jobs'), enabled: can([ORG_PERM.gradeView]) });
  const titles = useQuery({ ...titlesQuery(), enabled: can([ORG_PERM.titleView]) });
  return useMemo(() => {
    const orgs = new Map<number, string>();
    const depts = new Map<number, string>();
    const walk = (nodes: UnitNode[]) => {
      for (const n of nodes) {
        (n.org_type === 'dept' ? depts : orgs).set(n.id, n.name);
        walk(n.children);
      }
    };
    walk(units.data ?? []);
    return {
      orgs,
      depts,
      grades: byId(grades.data?.items),
      jobs: byId(jobs.data?.items),
      titles: byId(titles.data?.items),
    };
  }, [units.data, grades.data, jobs.data, titles.data]);
}

function DiffTable({ log }: { log: OperationLog }) {
  const names = useNames();
  const rows = diffSnapshots(log.before, log.after, idResolver(log.module, names));
  const showBefore = log.before !== null && log.before !== undefined;
  const showAfter = log.after !== null && log.after !== undefined;
  const columns: TableColumnsType<DiffRow> = [
    { title: '字段', dataIndex: 'label', width: 120 },
    ...(showBefore
      ? [
          {
            title: '修改前',
            dataIndex: 'before',
            render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{v}</span>,
          },
        ]
      : []),
    ...(showAfter
      ? [
          {
            title: showBefore ? '修改后' : '内容',
            dataIndex: 'after',
            render: (v: string, r: DiffRow) => (
              <span style={{ wordBreak: 'break-all', fontWeight: r.changed && showBefore ? 600 : undefined }}>
                {v}
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<DiffRow>
      rowKey="field"
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={rows}
      rowClassName={(r) => (r.changed && showBefore && showAfter ? 'fk-diff-changed' : '')}
    />
  );
}

/**
 * 操作日志 (设置中心 › 组织架构): who changed what, filtered by module, keyword and date (in the URL);
 * details in a drawer.
 */
export default function OperationLogPage() {
  const u = useListParams(OrgOperationLogQuery, SNAKE_PAGE);
  const { keyword, start, end } = u.query;
  const [detail, setDetail] = useState<OperationLog | null>(null);
  const logs = useQuery({ ...logsQuery(u.query), placeholderData: keepPreviousData });

  const columns: ListColumn<OperationLog>[] = [
    {
      title: '操作时间',
      dataIndex: 'created_at',
      width: 170,
      role: 'key',
      render: (t: number) => formatDateTime(t),
    },
    { title: '操作人', dataIndex: 'operator_name', width: 120, render: (n: string) => n || '系统' },
    { title: '模块', dataIndex: 'module', width: 100, render: (m: string) => moduleLabel(m) },
    {
      title: '操作',
      dataIndex: 'action',
      width: 100,
      role: 'status',
      render: (a: string) => {
        const { label, color } = actionLabel(a);
        return <Tag color={color}>{label}</Tag>;
      },
    },
    { title: '内容', dataIndex: 'summary', width: 360, ellipsis: true },
    {
      title: '详情',
      key: 'op',
      width: 80,
      fixed: 'right',
      render: (_: unknown, log) => (
        <Typography.Link onClick={() => setDetail(log)} aria-label={`查看详情：${log.summary}`}>
          查看
        </Typography.Link>
      ),
    },
  ];

  return (
    <div className="fk-panel" data-testid="operation-log-page">
      <div className="fk-page-title">操作日志</div>
      <ListTable<OperationLog>
        query={logs}
        what="「操作日志」"
        paging={u}
        columns={columns}
        onRow={(log) => ({ onDoubleClick: () => setDetail(log) })}
        filters={
          <>
            <ListSelect u={u} field="module" placeholder="全部模块" options={LOG_MODULES} />
            <DatePicker.RangePicker
              value={dayRange(start, end)}
              placeholder={['开始日期', '结束日期']}
              onChange={(r) => {
                const { min, max } = rangeToMs(r);
                u.set({ start: min, end: max });
              }}
            />
            <ListSearch
              value={keyword}
              placeholder="搜索内容或操作人"
              style={{ width: 220 }}
              onSearch={(v) => u.set({ keyword: v })}
            />
          </>
        }
      />
      <Drawer
        open={detail !== null}
        size={560}
        title="操作详情"
        onClose={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && (
          <div data-testid="log-detail">
            <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label="操作时间">{formatDateTime(detail.created_at)}</Descriptions.Item>
              <Descriptions.Item label="操作人">{detail.operator_name || '系统'}</Descriptions.Item>
              <Descriptions.Item label="模块">{moduleLabel(detail.module)}</Descriptions.Item>
              <Descriptions.Item label="操作">
                <Tag color={actionLabel(detail.action).color}>{actionLabel(detail.action).label}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label="内容">{detail.summary}</Descriptions.Item>
            </Descriptions>
            <div className="fk-page-title" style={{ fontSize: 14 }}>
              变更明细
            </div>
            <DiffTable log={detail} />
          </div>
        )}
      </Drawer>
    </div>
  );
}
