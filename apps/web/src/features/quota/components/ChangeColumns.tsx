import { Typography } from 'antd';
import { formatDateTime, formatMoney } from '@feikong/contracts';
import type { QuotaChangeRow } from '@/api/quota';
import type { ListColumn } from '@/components/ListPage';

/** A ledger move signed: +发放/退款, −消费/过期/清零. */
export const signedMoney = (fen: number) => (fen > 0 ? `+${formatMoney(fen)}` : formatMoney(fen));

/** The columns of the ledger rows (变动记录 and the latest moves of 员工额度详情). */
export function changeColumns(opts: {
  person: boolean;
  openRelease?: (id: number) => void;
}): ListColumn<QuotaChangeRow>[] {
  return [
    {
      title: '变动时间',
      dataIndex: 'created_at',
      width: 160,
      role: 'key',
      render: (v: number) => formatDateTime(v, 'YYYY-MM-DD HH:mm:ss'),
    },
    ...(opts.person ? [{ title: '员工', dataIndex: 'name', width: 110 } as ListColumn<QuotaChangeRow>] : []),
    { title: '消费场景', dataIndex: 'scene_name', width: 120 },
    {
      title: '变动金额（元）',
      dataIndex: 'delta',
      width: 130,
      role: 'amount',
      render: (v: number) => (
        <Typography.Text type={v < 0 ? 'danger' : 'success'}>{signedMoney(v)}</Typography.Text>
      ),
    },
    {
      title: '变动后余额（元）',
      dataIndex: 'balance_after',
      width: 140,
      role: 'amount',
      render: (v: number) => formatMoney(v),
    },
    { title: '变动类型', dataIndex: 'kind_text', width: 100, role: 'status' },
    {
      title: '关联发放',
      dataIndex: 'release_id',
      width: 100,
      render: (v: number | null) =>
        v === null ? (
          '—'
        ) : opts.openRelease ? (
          <Typography.Link onClick={() => opts.openRelease?.(v)}>{v}</Typography.Link>
        ) : (
          v
        ),
    },
    { title: '备注', dataIndex: 'memo', width: 180, ellipsis: true, render: (v: string) => v || '—' },
    { title: '操作人', dataIndex: 'created_by_name', width: 100, render: (v: string) => v || '系统' },
  ];
}
