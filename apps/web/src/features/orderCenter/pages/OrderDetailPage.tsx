import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  formatDateTime,
  formatMoney,
  RULE_KEY_LABEL,
  type LevelLeft,
  type RuleVoice,
} from '@feikong/contracts';
import type { OrderDetail } from '@/api/spendOrders';
import { VerdictTag } from '../components/VerdictTag';
import { ORDER_LIST_PATH, orderDetailQuery } from '../queries';

const yuan = (fen: number | null) => (fen === null ? '不限' : `¥${formatMoney(fen)}`);
const LEVEL_LABEL: Record<LevelLeft['level'], string> = {
  order: '单笔',
  day: '每日',
  week: '每周',
  month: '每月',
  year: '每年',
  scene: '场景总额',
  quota: '额度余额',
  count: '次数',
};
const EFFECT: Record<RuleVoice['effect'], { text: string; color: string }> = {
  pass: { text: '通过', color: 'green' },
  excess: { text: '超额自付', color: 'orange' },
  approval: { text: '需审批', color: 'blue' },
  refuse: { text: '拒绝', color: 'red' },
};

/**
 * 订单详情 (scenesOrderCenterOrderDetail, ?id=): the order, who paid what (额度 / 企业账户 / 个人), the one
 * decision with every rule that spoke and its sentence, what is left at each level, and the refunds.
 */
export default function OrderDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const detail = useQuery({ ...orderDetailQuery(id), enabled: id > 0 });
  const back = (
    <Button onClick={() => navigate(ORDER_LIST_PATH)} data-testid="order-back">
      返回列表
    </Button>
  );
  if (!(id > 0))
    return (
      <Card title="订单详情" extra={back}>
        <Empty description="未指定订单" />
      </Card>
    );
  const d = detail.data;
  return (
    <Card title="订单详情" extra={back} className="fk-panel" data-testid="order-detail">
      {!d ? detail.isError ? <Empty description="订单不存在" /> : <Skeleton active /> : <Detail d={d} />}
    </Card>
  );
}

function Detail({ d }: { d: OrderDetail }) {
  const dec = d.decision;
  const headline = d.reason || (dec.verdict === 'allow' ? '符合全部规则，由企业支付' : '');
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Alert
        type={dec.verdict === 'refuse' ? 'error' : dec.verdict === 'allow' ? 'success' : 'warning'}
        showIcon
        data-testid="order-verdict"
        message={
          <Space>
            <VerdictTag verdict={dec.verdict} />
            <span>{headline}</span>
          </Space>
        }
      />
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label="渠道订单号">{d.channelOrderId}</Descriptions.Item>
        <Descriptions.Item label="渠道">{d.channelName}</Descriptions.Item>
        <Descriptions.Item label="订单来源">{d.sourceText}</Descriptions.Item>
        <Descriptions.Item label="员工">{d.userName}</Descriptions.Item>
        <Descriptions.Item label="消费场景">
          {d.sceneName} <Typography.Text type="secondary">V{d.sceneVersion}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="品类">{d.categoryText}</Descriptions.Item>
        <Descriptions.Item label="订单标题">{d.title || '—'}</Descriptions.Item>
        <Descriptions.Item label="商户">{d.merchantName || '—'}</Descriptions.Item>
        <Descriptions.Item label="下单时间">
          {formatDateTime(d.orderedAt, 'YYYY-MM-DD HH:mm:ss')}
        </Descriptions.Item>
        <Descriptions.Item label="订单金额">{yuan(d.amount)}</Descriptions.Item>
        <Descriptions.Item label="订单状态">{d.statusText}</Descriptions.Item>
        <Descriptions.Item label="已退款">{yuan(d.refundedAmount)}</Descriptions.Item>
      </Descriptions>
      <Descriptions
        title="支付"
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        data-testid="order-payment"
      >
        <Descriptions.Item label="企业支付">{yuan(d.companyPays)}</Descriptions.Item>
        <Descriptions.Item label="其中额度支付">{yuan(d.quotaPaid)}</Descriptions.Item>
        <Descriptions.Item label="其中企业账户支付">{yuan(d.orgPaid)}</Descriptions.Item>
        <Descriptions.Item label="个人支付">
          <Typography.Text strong={d.employeePays > 0} data-testid="order-employee-pays">
            {yuan(d.employeePays)}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Title level={5}>
          决策依据（{formatDateTime(dec.decidedAt, 'YYYY-MM-DD HH:mm:ss')}）
        </Typography.Title>
        <Table<RuleVoice>
          size="small"
          pagination={false}
          rowKey={(v) => `${v.rule}-${v.code}`}
          dataSource={dec.voices}
          data-testid="order-voices"
          locale={{ emptyText: '没有规则' }}
          columns={[
            {
              title: '规则',
              dataIndex: 'rule',
              width: 140,
              render: (r: string) => (RULE_KEY_LABEL as Record<string, string | undefined>)[r] ?? r,
            },
            {
              title: '结果',
              dataIndex: 'effect',
              width: 100,
              render: (e: RuleVoice['effect']) => <Tag color={EFFECT[e].color}>{EFFECT[e].text}</Tag>,
            },
            { title: '说明', dataIndex: 'message' },
            {
              title: '代码',
              dataIndex: 'code',
              width: 220,
              render: (c: string) => <Typography.Text type="secondary">{c}</Typography.Text>,
            },
          ]}
        />
      </div>
      <div>
        <Typography.Title level={5}>各级剩余</Typography.Title>
        <Table<LevelLeft>
          size="small"
          pagination={false}
          rowKey="level"
          dataSource={dec.left}
          data-testid="order-left"
          locale={{ emptyText: '该场景没有额度限制' }}
          columns={[
            {
              title: '层级',
              dataIndex: 'level',
              width: 120,
              render: (l: LevelLeft['level']) => LEVEL_LABEL[l],
            },
            {
              title: '限额',
              dataIndex: 'limit',
              render: (v: number | null, r) => (r.level === 'count' ? (v ?? '不限') : yuan(v)),
            },
            {
              title: '本单前已用',
              dataIndex: 'used',
              render: (v: number, r) => (r.level === 'count' ? v : yuan(v)),
            },
            {
              title: '剩余',
              dataIndex: 'left',
              render: (v: number | null, r) => (r.level === 'count' ? (v ?? '不限') : yuan(v)),
            },
          ]}
        />
      </div>
      {d.refunds.length > 0 && (
        <div>
          <Typography.Title level={5}>退款记录</Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey="refundId"
            dataSource={d.refunds}
            columns={[
              { title: '退款单号', dataIndex: 'refundId' },
              { title: '退款金额', dataIndex: 'amount', render: yuan },
              { title: '退回额度', dataIndex: 'quotaBack', render: yuan },
              { title: '退回企业账户', dataIndex: 'orgBack', render: yuan },
              { title: '退回个人', dataIndex: 'employeeBack', render: yuan },
              { title: '原因', dataIndex: 'reason', render: (v: string) => v || '—' },
              {
                title: '时间',
                dataIndex: 'createdAt',
                render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
              },
            ]}
          />
        </div>
      )}
    </Space>
  );
}
