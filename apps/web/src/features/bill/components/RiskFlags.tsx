import { WarningOutlined } from '@ant-design/icons';
import { Alert, Tag, Tooltip } from 'antd';
import type { Bill } from '@/api/bill';

type RiskFlag = Bill['riskFlags'][number];

/** The 智能规则集 hits found when the document was submitted: one line per rule, what hit it after. */
export function RiskFlagsAlert({ flags }: { flags: RiskFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<WarningOutlined />}
      data-testid="risk-flags"
      style={{ marginBottom: 12 }}
      title={`风险提示（${flags.length}）`}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {flags.map((f, i) => (
            <li key={`${f.ruleId}-${i}`}>
              <Tag color="orange">{f.ruleName}</Tag>
              {f.message}：{f.detail}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** 我的待办's 风险 cell: the rules that flagged the document, or 无. */
export function RiskTags({ names }: { names: string[] }) {
  if (names.length === 0) return <span style={{ color: 'rgba(0,0,0,0.45)' }}>无</span>;
  const [first, ...rest] = names;
  return (
    <Tooltip title={names.join('、')}>
      <span data-testid="risk-tags">
        <Tag color="orange" icon={<WarningOutlined />} style={{ marginInlineEnd: 4 }}>
          {first}
        </Tag>
        {rest.length > 0 && <Tag>+{rest.length}</Tag>}
      </span>
    </Tooltip>
  );
}
