import { Alert, Typography } from 'antd';
import type { AuditResult } from '@/api/billReport';

/**
 * What the 智能规则集 found on a document: blocks (禁止提交) in red, warnings (提示) in orange, each with the
 * rule's message and what on the document hit it. Nothing when the document passes.
 */
export function AuditResultAlert({ result }: { result: AuditResult | undefined }) {
  if (!result || (result.blocks.length === 0 && result.warnings.length === 0)) return null;
  const section = (kind: 'error' | 'warning', title: string, hits: AuditResult['blocks']) =>
    hits.length > 0 && (
      <Alert
        type={kind}
        showIcon
        style={{ marginBottom: 12 }}
        title={title}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {hits.map((h, i) => (
              // 差旅标准 / 费用标准 hits are not stored rules: several share ruleId 0
              <li key={`${h.ruleId}-${i}`}>
                <Typography.Text strong>{h.message}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {h.ruleName}：{h.detail}
                  </Typography.Text>
                </div>
              </li>
            ))}
          </ul>
        }
      />
    );
  return (
    <div data-testid="audit-result">
      {section('error', `不能提交：${result.blocks.length}条规则禁止提交`, result.blocks)}
      {section('warning', `请确认：${result.warnings.length}条规则提示`, result.warnings)}
    </div>
  );
}
