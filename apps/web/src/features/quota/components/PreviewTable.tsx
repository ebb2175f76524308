import { Descriptions, Table, Typography } from 'antd';
import { EMPTY_TEXT, formatDateTime, formatMoney, type QuotaPreview } from '@feikong/contracts';

type Line = QuotaPreview['lines'][number];

/** 发放预览: who gets how much (the first 200 people), the totals counting everyone. */
export function PreviewTable({ preview }: { preview: QuotaPreview }) {
  const more = preview.people - preview.lines.length;
  return (
    <div data-testid="quota-preview">
      <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="消费场景">{preview.scene_name}</Descriptions.Item>
        <Descriptions.Item label="发放人数">{preview.people} 人</Descriptions.Item>
        <Descriptions.Item label="发放总额">{formatMoney(preview.total)} 元</Descriptions.Item>
        <Descriptions.Item label="有效期至">
          {preview.expires_at ? formatDateTime(preview.expires_at) : '长期有效'}
        </Descriptions.Item>
      </Descriptions>
      <Table<Line>
        size="small"
        rowKey="user_id"
        pagination={preview.lines.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        dataSource={preview.lines}
        locale={{ emptyText: EMPTY_TEXT }}
        columns={[
          { title: '员工', dataIndex: 'name', width: 120 },
          { title: '手机号', dataIndex: 'phone', width: 140 },
          {
            title: '当前余额（元）',
            dataIndex: 'balance',
            align: 'right',
            render: (v: number) => formatMoney(v),
          },
          {
            title: '本次发放（元）',
            dataIndex: 'amount',
            align: 'right',
            render: (v: number) => formatMoney(v),
          },
          {
            title: '发放后余额（元）',
            dataIndex: 'balance_after',
            align: 'right',
            render: (v: number) => formatMoney(v),
          },
        ]}
      />
      {more > 0 && <Typography.Text type="secondary">另有 {more} 人未列出，发放总额已计入</Typography.Text>}
    </div>
  );
}
