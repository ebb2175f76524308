import { App, Button, Card, Descriptions, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime, formatMoney, type CardOp } from '@feikong/contracts';
import { cardApi, type CardDetail, type CardTxItem } from '@/api/card';
import { useAccess } from '@/components/Access';
import { ListTable, moneyColumn, type ListColumn } from '@/components/ListPage';
import { CardOperateDialog } from '../components/CardOperateDialog';
import { CardOpButtons } from '../components/cardOps';
import { CardTransferDialog } from '../components/CardTransferDialog';
import { CardAdjustDialog } from '../components/CardAdjustDialog';
import { CARD_LIST, CARD_PERM, cardInfoQuery, cardTxQuery, useCardMutation } from '../queries';
import { STATUS_COLOR } from './CardListPage';

const TX_COLUMNS: ListColumn<CardTxItem>[] = [
  {
    title: '时间',
    dataIndex: 'created_at',
    width: 150,
    render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm:ss'),
  },
  { title: '类型', role: 'key', dataIndex: 'kindText', width: 90 },
  moneyColumn<CardTxItem>('金额(元)', 'delta'),
  moneyColumn<CardTxItem>('余额(元)', 'balance_after'),
  { title: '商户', dataIndex: 'merchant', width: 160, render: (v: string) => v || '—' },
  { title: '说明', dataIndex: 'memo', width: 240 },
];

type AuthItem = CardDetail['authorizations'][number];
type MerchantItem = CardDetail['recent_merchants'][number];
const MERCHANT_COLUMNS: ListColumn<MerchantItem>[] = [
  { title: '商户', role: 'key', dataIndex: 'merchant', width: 200 },
  { title: '扣款次数', dataIndex: 'times', width: 90, align: 'right' },
  moneyColumn<MerchantItem>('扣款合计(元)', 'amount'),
  {
    title: '最近扣款',
    dataIndex: 'last_at',
    width: 150,
    render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
  },
];
const DECISION_COLOR: Record<string, string> = { allow: 'green', excess: 'orange', refuse: 'red' };
const AUTH_COLUMNS: ListColumn<AuthItem>[] = [
  {
    title: '时间',
    dataIndex: 'created_at',
    width: 150,
    render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm:ss'),
  },
  { title: '授权号', role: 'key', dataIndex: 'auth_id', width: 170 },
  { title: '商户', dataIndex: 'merchant', width: 150 },
  moneyColumn<AuthItem>('交易金额(元)', 'amount'),
  {
    title: '结果',
    role: 'status',
    dataIndex: 'decision',
    width: 90,
    render: (d: string, r) => <Tag color={DECISION_COLOR[d]}>{r.decisionText}</Tag>,
  },
  moneyColumn<AuthItem>('卡片支付(元)', 'company_pays'),
  moneyColumn<AuthItem>('员工自付(元)', 'employee_pays'),
  {
    title: '原因',
    dataIndex: 'reasons',
    width: 260,
    render: (rs: string[]) => (rs.length ? rs.join('；') : '—'),
  },
];

/**
 * 卡片详情 (cardPay/CardDetail, /cardPay/cardDetail/:id; decision 0057): the card, its balance (checked
 * against the ledger), 冻结 / 解冻 / 注销 with their reasons, 授权记录 (the card network's authorisations, refusals
 * with every reason), 交易明细 (every ledger row) and the operation record.
 */
export default function CardDetailPage() {
  const id = Number(useParams().id) || 0;
  const navigate = useNavigate();
  const { can } = useAccess();
  const info = useQuery({ ...cardInfoQuery(id), enabled: id > 0 });
  const [page, setPageState] = useState({ pageNum: 1, pageSize: 20 });
  const tx = useQuery({
    ...cardTxQuery({ card_id: id, page_num: page.pageNum, page_size: page.pageSize }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const [op, setOp] = useState<CardOp | null>(null);
  const [moving, setMoving] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const { message } = App.useApp();
  const resend = useCardMutation(() => cardApi.resendMail(id));
  const c = info.data;
  if (!c)
    return (
      <Card className="fk-panel">
        {info.isError || id <= 0 ? <Empty description="卡片不存在" /> : <Spin />}
      </Card>
    );
  const canEdit = can([CARD_PERM.listEdit]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16} data-testid="card-detail">
      <Card
        className="fk-panel"
        title={
          <Space>
            <span>卡片详情</span>
            <Tag color={STATUS_COLOR[c.status]}>{c.statusText}</Tag>
          </Space>
        }
        extra={
          <Space>
            {canEdit && <CardOpButtons status={c.status} type="default" size="middle" onOp={setOp} />}
            {canEdit && c.status !== 3 && (
              <Button data-testid="card-adjust" onClick={() => setAdjusting(true)}>
                额度调整
              </Button>
            )}
            {canEdit && c.status !== 3 && (
              <Button data-testid="card-transfer" onClick={() => setMoving(true)}>
                转移
              </Button>
            )}
            <Button onClick={() => navigate(CARD_LIST)}>返回列表</Button>
          </Space>
        }
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label="卡号">{c.card_no}</Descriptions.Item>
          <Descriptions.Item label="卡片类型">{c.cardTypeText}</Descriptions.Item>
          <Descriptions.Item label="持卡人">{c.holder_name}</Descriptions.Item>
          <Descriptions.Item label="余额">
            <Typography.Text strong>¥{formatMoney(c.balance)}</Typography.Text>
            {c.ledger_balance !== c.balance && (
              <Typography.Text type="danger">
                （流水合计 ¥{formatMoney(c.ledger_balance)}，请核对）
              </Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="每卡发放金额">¥{formatMoney(c.amount)}</Descriptions.Item>
          <Descriptions.Item label="发放批次">{c.card_batch_no}</Descriptions.Item>
          <Descriptions.Item label="发放时间">
            {formatDateTime(c.created_at, 'YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          {c.status_reason && <Descriptions.Item label="最近操作原因">{c.status_reason}</Descriptions.Item>}
          {c.mail_status > 0 && (
            <Descriptions.Item label="邮件发送">
              {c.mailStatusText}
              {c.mail_error && <Typography.Text type="secondary">（{c.mail_error}）</Typography.Text>}
              {canEdit && (c.mail_status === 3 || c.mail_status === 4) && (
                <Button
                  type="link"
                  size="small"
                  loading={resend.isPending}
                  onClick={() =>
                    resend.mutate(undefined, {
                      onSuccess: () => void message.success('已重新发送，稍后可查看发送结果'),
                    })
                  }
                >
                  重新发送
                </Button>
              )}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      {c.recent_merchants.length > 0 && (
        <Card
          className="fk-panel"
          title="近90天扣款商户"
          extra={
            <Typography.Text type="secondary">
              可据此将周期性扣款转到其他卡片，或将本卡连同余额转移给接手的员工
            </Typography.Text>
          }
        >
          <ListTable<MerchantItem>
            rows={c.recent_merchants}
            rowKey="merchant"
            what="「近90天扣款商户」"
            columns={MERCHANT_COLUMNS}
            testId="card-merchants"
          />
        </Card>
      )}
      <Card className="fk-panel" title="授权记录">
        <ListTable<AuthItem>
          rows={c.authorizations}
          rowKey="auth_id"
          what="「授权记录」"
          columns={AUTH_COLUMNS}
          testId="card-authorizations"
        />
      </Card>
      <Card className="fk-panel" title="交易明细">
        <ListTable<CardTxItem>
          query={tx}
          paging={{
            ...page,
            setPage: (n, size) => setPageState({ pageNum: n, pageSize: size }),
            total: tx.data?.total,
          }}
          what="「交易明细」"
          columns={TX_COLUMNS}
          testId="card-transactions"
        />
      </Card>
      <Card className="fk-panel" title="操作记录">
        {c.operations.length === 0 ? (
          <Empty description="暂无操作记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Timeline
            items={c.operations.map((o) => ({
              color:
                o.op === 'cancel'
                  ? 'red'
                  : o.op === 'freeze'
                    ? 'orange'
                    : o.op === 'transfer'
                      ? 'blue'
                      : 'green',
              children: (
                <Space>
                  <strong>{o.opText}</strong>
                  <span>{o.reason}</span>
                  <Typography.Text type="secondary">
                    {o.operator_name} · {formatDateTime(o.created_at, 'YYYY-MM-DD HH:mm')}
                  </Typography.Text>
                </Space>
              ),
            }))}
          />
        )}
      </Card>
      {op && <CardOperateDialog card={c} op={op} onClose={() => setOp(null)} />}
      {moving && <CardTransferDialog card={c} onClose={() => setMoving(false)} />}
      {adjusting && <CardAdjustDialog card={c} onClose={() => setAdjusting(false)} />}
    </Space>
  );
}
