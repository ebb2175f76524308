import { Empty, Tag, Timeline, Typography } from 'antd';
import { formatDateTime } from '@feikong/contracts';

/** One row of the approval record (approveNodeRecord): who did what at which node, for whom, with what opinion. */
export interface TimelineRecord {
  nodeName?: string | null;
  actorName?: string | null;
  /** 代 X 审批, when an agent acted. */
  onBehalfOfText?: string | null;
  actionLabel: string;
  /** Engine event type (approved, rejected, returned, …): picks the dot's colour. */
  action?: string;
  opinion?: string | null;
  reason?: string | null;
  /** Names of the staff the action went to (转办 / 委派 / 抄送 / 加签 / 催办). */
  toNames?: string[] | null;
  /** Epoch ms. */
  at: number;
}

/** The step waiting now: its node and the people it waits on. */
export interface TimelineCurrent {
  nodeName: string;
  approverNames: string[];
}

const COLOR: Record<string, string> = {
  submitted: 'blue',
  approved: 'green',
  autoPassed: 'green',
  adminForcePass: 'green',
  rejected: 'red',
  returned: 'red',
  adminSendBack: 'red',
  withdrawn: 'gray',
};

/**
 * 审批记录: the document's record oldest first (node, approver, 代 X 审批, action, opinion, time), then the
 * current step highlighted (审批中, waiting on whom).
 */
export function ApprovalTimeline({
  records,
  current,
}: {
  records: readonly TimelineRecord[];
  current?: TimelineCurrent | null;
}) {
  if (records.length === 0 && !current)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未提交审批" />;
  const items = records.map((r, i) => ({
    key: `r${i}`,
    color: (r.action && COLOR[r.action]) || 'blue',
    content: (
      <div data-testid="timeline-record">
        <div>
          {r.nodeName && <b style={{ marginRight: 8 }}>{r.nodeName}</b>}
          <span>{r.actorName || '系统'}</span>
          {r.onBehalfOfText && (
            <Tag color="purple" style={{ marginLeft: 6 }}>
              {r.onBehalfOfText}
            </Tag>
          )}
          <Tag
            color={(r.action && COLOR[r.action]) === 'red' ? 'error' : undefined}
            style={{ marginLeft: 6 }}
          >
            {r.actionLabel}
          </Tag>
          {r.toNames && r.toNames.length > 0 && (
            <Typography.Text type="secondary">→ {r.toNames.join('、')}</Typography.Text>
          )}
        </div>
        {r.opinion && <div style={{ marginTop: 2 }}>意见：{r.opinion}</div>}
        {r.reason && <div style={{ marginTop: 2 }}>原因：{r.reason}</div>}
        <div style={{ color: '#8c8c8c', fontSize: 12 }}>{formatDateTime(r.at, 'YYYY-MM-DD HH:mm:ss')}</div>
      </div>
    ),
  }));
  if (current)
    items.push({
      key: 'current',
      color: 'orange',
      content: (
        <div
          data-testid="timeline-current"
          style={{ background: '#fff7e6', border: '1px solid #ffd591', borderRadius: 6, padding: '6px 10px' }}
        >
          <b style={{ marginRight: 8 }}>{current.nodeName}</b>
          <Tag color="orange">审批中</Tag>
          <span>待 {current.approverNames.join('、') || '—'} 审批</span>
        </div>
      ),
    });
  return <Timeline data-testid="approval-timeline" items={items} />;
}
