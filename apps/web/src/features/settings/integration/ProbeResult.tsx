import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Typography } from 'antd';
import { formatDateTime } from '@feikong/contracts';

/** The last 测试/连接 answer, shown inline (spec 7.5: these calls raise no toast). */
export function ProbeResult(p: { ok: boolean | null; msg: string; at: number | null; none?: string }) {
  if (p.ok === null) return <Typography.Text type="secondary">{p.none ?? '未测试'}</Typography.Text>;
  return (
    <span data-testid="probe-result" title={p.at ? formatDateTime(p.at, 'YYYY-MM-DD HH:mm:ss') : undefined}>
      {p.ok ? (
        <CheckCircleFilled style={{ color: '#52c41a', marginRight: 4 }} />
      ) : (
        <CloseCircleFilled style={{ color: '#ff4d4f', marginRight: 4 }} />
      )}
      <Typography.Text type={p.ok ? 'success' : 'danger'}>{p.msg}</Typography.Text>
    </span>
  );
}
