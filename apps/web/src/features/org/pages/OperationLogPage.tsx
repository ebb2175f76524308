import {
  DatePicker,
  Descriptions,
  Drawer,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { endOfDay, formatDateTime, startOfDay } from '@feikong/contracts';
import type { OperationLog, OperationLogQuery, UnitNode } from '@/api/org';
import { useAccess } from '@/components/Access';
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

const PAGE_SIZE = 20;

/** A picked date range → the start and end filters (spec §5: the end is the last moment of its day). */
export function rangeParams(
  range: [Dayjs | null, Dayjs | null] | null,
): Pick<OperationLogQuery, 'start' | 'end'> {
  const [from, to] = range ?? [null, null];
  return {
    start: from ? startOfDay(from.valueOf()) : undefined,
    end: to ? endOfDay(to.valueOf()) : undefined,
  };
}

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

/** 操作日志 (设置中心 › 组织架构): who changed what, filtered by module, keyword and date; details in a drawer. */
export default function OperationLogPage() {
  const [module, setModule] = useState<string | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<OperationLog | null>(null);
  const q: OperationLogQuery = {
    module,
    keyword: keyword || undefined,
    ...rangeParams(range),
    page_num: page,
    page_size: PAGE_SIZE,
  };
  const logs = useQuery({ ...logsQuery(q), placeholderData: keepPreviousData });

  const columns: TableColumnsType<OperationLog> = [
    { title: '操作时间', dataIndex: 'created_at', width: 170, render: (t: number) => formatDateTime(t) },
    { title: '操作人', dataIndex: 'operator_name', width: 120, render: (n: string) => n || '系统' },
    { title: '模块', dataIndex: 'module', width: 100, render: (m: string) => moduleLabel(m) },
    {
      title: '操作',
      dataIndex: 'action',
      width: 100,
      render: (a: string) => {
        const { label, color } = actionLabel(a);
        return <Tag color={color}>{label}</Tag>;
      },
    },
    { title: '内容', dataIndex: 'summary', ellipsis: true },
    {
      title: '详情',
      key: 'op',
      width: 80,
      render: (_: unknown, log) => (
        <Typography.Link onClick={() => setDetail(log)} aria-label={`查看详情：${log.summary}`}>
          查看
        </Typography.Link>
      ),
    },
  ];

  return (
    <div className="fk-panel" data-testid="operation-log-page">
      <div className="fk-toolbar">
        <div className="fk-page-title" style={{ margin: 0 }}>
          操作日志
        </div>
        <Space wrap>
          <Select
            allowClear
            placeholder="全部模块"
            style={{ width: 140 }}
            value={module}
            options={LOG_MODULES}
            onChange={(v) => {
              setModule(v);
              setPage(1);
            }}
          />
          <DatePicker.RangePicker
            value={range}
            placeholder={['开始日期', '结束日期']}
            onChange={(v) => {
              setRange(v);
              setPage(1);
            }}
          />
          <Input.Search
            allowClear
            placeholder="搜索内容或操作人"
            style={{ width: 220 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
        </Space>
      </div>
      <Table<OperationLog>
        rowKey="id"
        size="middle"
        loading={logs.isFetching}
        columns={columns}
        dataSource={logs.data?.items ?? []}
        onRow={(log) => ({ onDoubleClick: () => setDetail(log) })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: logs.data?.page.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          showSizeChanger: false,
          onChange: setPage,
        }}
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
