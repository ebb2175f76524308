import { Drawer, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@feikong/contracts';
import { budgetApi, type BudgetVersionChangesData } from '@/api/budget';

type Change = BudgetVersionChangesData['changes'][number];
const KIND: Record<Change['kind'], { text: string; color: string }> = {
  setting: { text: '预算设置', color: 'geekblue' },
  added: { text: '新增节点', color: 'green' },
  removed: { text: '删除节点', color: 'red' },
  node: { text: '节点属性', color: 'purple' },
  amount: { text: '预算金额', color: 'blue' },
};

/** 变更记录 of one published version of a budget: who published it, when, and what changed against the one before. */
export function BudgetVersionDrawer(props: {
  budgetId: number;
  version: number | null;
  onClose: () => void;
}) {
  const q = useQuery({
    queryKey: ['budget', 'versionChanges', props.budgetId, props.version],
    queryFn: ({ signal }) => budgetApi.versionChanges(props.budgetId, props.version!, signal),
    enabled: props.version !== null,
  });
  const d = q.data;
  return (
    <Drawer
      open={props.version !== null}
      onClose={props.onClose}
      size={760}
      title={`变更记录：版本 v${props.version ?? ''}`}
      data-testid="budget-version-changes"
    >
      {d && (
        <Typography.Paragraph type="secondary">
          {d.published_by_name || '—'} 于 {formatDateTime(d.published_at, 'YYYY-MM-DD HH:mm')} 发布
          {d.previous === null ? '（首个版本：新增预算）' : `，相对 v${d.previous} 的变更如下`}
        </Typography.Paragraph>
      )}
      <Table<Change>
        rowKey={(c) => `${c.kind}|${c.target}`}
        size="small"
        loading={q.isFetching}
        dataSource={d?.changes ?? []}
        pagination={false}
        locale={{ emptyText: d?.previous === null ? '首个版本，无可对比的上一版本' : '空空如也~' }}
        columns={[
          {
            title: '类型',
            dataIndex: 'kind',
            width: 100,
            render: (k: Change['kind']) => <Tag color={KIND[k].color}>{KIND[k].text}</Tag>,
          },
          { title: '项目', dataIndex: 'target', width: 240 },
          { title: '原值', dataIndex: 'before', render: (v: string) => v || '—' },
          { title: '新值', dataIndex: 'after', render: (v: string) => v || '—' },
        ]}
      />
    </Drawer>
  );
}
