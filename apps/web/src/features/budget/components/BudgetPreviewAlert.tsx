import { Alert } from 'antd';
import { formatMoney } from '@feikong/contracts';
import type { BudgetCheck } from '@/api/budget';

/**
 * 预算预览 on the document form (decision 0052): what the saved draft would occupy before it is submitted —
 * the shortfall a 禁止 budget would refuse, the employee's share under 个人承担, a 合并 budget's flag, or that
 * the budgets cover it. Nothing when no budget applies.
 */
export function BudgetPreviewAlert({ check }: { check: BudgetCheck | null | undefined }) {
  if (!check || check.lines.every((l) => l.hits.length === 0)) return null;
  const common = { showIcon: true, style: { marginBottom: 12 }, 'data-testid': 'budget-preview' } as const;
  if (check.refusal)
    return <Alert {...common} type="error" title="预算不足，提交将被拒绝" description={check.refusal} />;
  if (check.personal > 0)
    return (
      <Alert {...common} type="warning" title={`超出预算，提交后个人承担 ¥${formatMoney(check.personal)}`} />
    );
  if (check.lines.some((l) => l.over > 0))
    return <Alert {...common} type="warning" title="超出预算：预算允许超支，审批人将看到超预算标记" />;
  const total = check.lines.reduce((s, l) => s + (l.hits.length ? l.amount : 0), 0);
  return <Alert {...common} type="info" title={`预算充足：提交后占用预算 ¥${formatMoney(total)}`} />;
}
