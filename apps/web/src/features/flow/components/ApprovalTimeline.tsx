import { Tag, Timeline, Typography } from 'antd';
import { formatDateTime } from '@feikong/contracts';
import type { BillDetail } from '@/api/flow';

type ApprovalRecordRow = BillDetail['approvalRecord'][number];

/**
 * An administrator's step (流程干预): 强制通过, 转办 and 退回 are the engine's admin* actions; an
 * administrator's 抄送 is a cc that carries the (required) reason, which a flow's own 抄送 node never has.
 */
export const isIntervention = (r: ApprovalRecordRow): boolean =>
  r.action.startsWith('admin') || (r.action === 'cc' && r.reason !== '');

/** The approval record of a document, oldest first; interventions are tagged 流程干预 with their reason. */
export function ApprovalTimeline({ record }: { record: readonly ApprovalRecordRow[] }) {
  return (
    <Timeline
      items={record.map((r, i) => {
        const intervened = isIntervention(r);
        return {
          key: i,
          color: intervened ? 'red' : undefined,
          content: (
            <div data-testid="approval-record" data-intervention={intervened || undefined}>
              <div>
                <b>{r.nodeName || '—'}</b> · {r.actorName}
                {r.onBehalfOfText && (
                  <Typography.Text type="secondary">（{r.onBehalfOfText}）</Typography.Text>
                )}{' '}
                {r.actionLabel}
                {r.toNames.length > 0 && ` → ${r.toNames.join('、')}`}
                {intervened && (
                  <Tag color="red" style={{ marginLeft: 8 }}>
                    流程干预
                  </Tag>
                )}
              </div>
              {r.opinion && <div>意见：{r.opinion}</div>}
              {r.reason && <div>原因：{r.reason}</div>}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(r.at, 'YYYY-MM-DD HH:mm:ss')}
              </Typography.Text>
            </div>
          ),
        };
      })}
    />
  );
}
