import { Card, DatePicker, Descriptions, Skeleton, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { yuan, type OrgCompanyBill } from '@feikong/contracts';
import { orgAccountApi } from '@/api/orgAccount';
import '../orgAccount.css';

type Line = OrgCompanyBill['consumption'][number];

/**
 * 企业账单 (/scenes/orgAccount/bill?month=YYYY-MM): the month's statement from the ledger — opening
 * balance, recharges, consumption by category, refunds, service fees, adjustments, closing balance.
 */
export default function CompanyBillPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('month') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(raw) ? raw : dayjs().format('YYYY-MM');
  const q = useQuery({
    queryKey: ['orgAccount', 'bill', month],
    queryFn: ({ signal }) => orgAccountApi.bill(month, signal),
  });
  const b = q.data;
  return (
    <Card
      title="企业账单"
      data-testid="company-bill"
      extra={
        <DatePicker
          picker="month"
          allowClear={false}
          value={dayjs(`${month}-01`)}
          disabledDate={(d) => d.isAfter(dayjs(), 'month')}
          onChange={(d) => d && setParams({ month: d.format('YYYY-MM') }, { replace: true })}
          aria-label="账单月份"
        />
      }
    >
      {!b ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions bordered column={3} size="middle" className="fk-oa-bill">
            <Descriptions.Item label="期初余额">{yuan(b.opening_balance)}</Descriptions.Item>
            <Descriptions.Item label="本月充值">{yuan(b.recharges)}</Descriptions.Item>
            <Descriptions.Item label="本月消费">{yuan(b.consumption_total)}</Descriptions.Item>
            <Descriptions.Item label="本月退款">{yuan(b.refunds)}</Descriptions.Item>
            <Descriptions.Item label="服务费">{yuan(b.service_fees)}</Descriptions.Item>
            <Descriptions.Item label="调账">{yuan(b.adjustments)}</Descriptions.Item>
            <Descriptions.Item label="期末余额" span={3}>
              <span className="fk-oa-money" data-testid="bill-closing">
                {yuan(b.closing_balance)}
              </span>
              <span className="fk-oa-muted">（期初 + 充值 − 消费 + 退款 − 服务费 ± 调账）</span>
            </Descriptions.Item>
          </Descriptions>
          <Table<Line>
            className="fk-oa-bill-lines"
            rowKey={(l) => String(l.category)}
            size="middle"
            pagination={false}
            dataSource={b.consumption}
            locale={{ emptyText: '本月无消费' }}
            columns={[
              { title: '消费品类', dataIndex: 'category_name' },
              { title: '笔数', dataIndex: 'count', width: 120 },
              {
                title: '金额',
                dataIndex: 'amount',
                width: 180,
                align: 'right',
                render: (v: number) => yuan(v),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
