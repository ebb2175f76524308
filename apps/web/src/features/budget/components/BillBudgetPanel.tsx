import { Alert, Table, Tag } from 'antd';
import {
  BudgetControl,
  budgetPeriodText,
  FEE_TYPE_LABEL,
  formatMoney,
  type BudgetLineResult,
} from '@feikong/contracts';

/**
 * 预算 of a submitted document (decision 0052), for its approvers: per fee line the budget lines it occupies
 * (预算占用), whether it is over (超预算, allowed by a 合并 budget) and the employee's share (个人承担).
 */
export function BillBudgetPanel({
  lines,
  personal,
  feeTypeNames = {},
}: {
  lines: BudgetLineResult[];
  personal: number;
  /** The document's fee types in words (its fee lines' feeTypeText: the tenant's tree, a child such as 机票 too). */
  feeTypeNames?: Record<string, string>;
}) {
  if (lines.length === 0) return null;
  const flagged = lines.some((l) => l.flagged);
  return (
    <div data-testid="bill-budget" style={{ marginTop: 12 }}>
      {(flagged || personal > 0) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={[
            flagged ? '本单超预算（预算允许超支并标记）' : '',
            personal > 0 ? `个人承担 ¥${formatMoney(personal)}` : '',
          ]
            .filter(Boolean)
            .join('；')}
        />
      )}
      <Table<BudgetLineResult>
        size="small"
        rowKey="fee_id"
        pagination={false}
        dataSource={lines}
        title={() => '预算'}
        columns={[
          {
            title: '费用类型',
            dataIndex: 'fee_type',
            width: 110,
            render: (c: string) => feeTypeNames[c] ?? FEE_TYPE_LABEL[c] ?? c,
          },
          {
            title: '预算',
            key: 'hits',
            render: (_: unknown, l) =>
              [...new Map(l.hits.map((h) => [h.node_id, h])).values()].map((h) => (
                <div key={h.node_id}>
                  {h.budget_name} · {h.node_label} · {budgetPeriodText(h.period)}
                  {h.available !== null && `（提交时可用 ¥${formatMoney(h.available)}）`}
                </div>
              )),
          },
          {
            title: '预算占用',
            dataIndex: 'amount',
            width: 110,
            align: 'right',
            render: (f: number) => `¥${formatMoney(f)}`,
          },
          {
            title: '超预算',
            dataIndex: 'over',
            width: 130,
            render: (f: number, l) =>
              f > 0 ? (
                <Tag color={l.hits.some((h) => h.control === BudgetControl.combine) ? 'red' : 'orange'}>
                  超预算 ¥{formatMoney(f)}
                </Tag>
              ) : (
                '—'
              ),
          },
          {
            title: '个人承担',
            dataIndex: 'personal',
            width: 110,
            align: 'right',
            render: (f: number) =>
              f > 0 ? <b data-testid="bill-budget-personal">¥{formatMoney(f)}</b> : '—',
          },
        ]}
      />
    </div>
  );
}
