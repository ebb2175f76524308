import { Alert, Button, Card, Descriptions, Result, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, yuan } from '@feikong/contracts';
import { orgAccountApi } from '@/api/orgAccount';
import { ReceiptList } from '@/features/rights';
import { ORG_ACCOUNT_ROUTES, RECHARGE_STATUS_COLOR } from '../rules';
import '../orgAccount.css';

/** 充值详情 (/scenes/orgAccount/rechargeDetail?id=): the transfer, its receipts, the platform's decision and the credit. */
export default function RechargeDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = /^\d+$/.test(params.get('id') ?? '') ? Number(params.get('id')) : null;
  const q = useQuery({
    queryKey: ['orgAccount', 'recharge', id],
    queryFn: ({ signal }) => orgAccountApi.recharge(id!, signal),
    enabled: id !== null,
  });
  const back = <Button onClick={() => navigate(ORG_ACCOUNT_ROUTES.recharge)}>返回充值记录</Button>;
  if (id === null || q.isError) return <Result status="404" title="充值记录不存在" extra={back} />;
  if (!q.data)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const r = q.data;
  return (
    <Card title={`充值详情 ${r.recharge_no}`} extra={back} data-testid="recharge-detail">
      {r.status === 1 && (
        <Alert
          type="info"
          showIcon
          className="fk-oa-alert"
          title="已提交，等待平台核对到账；确认后自动计入企业账户余额。"
        />
      )}
      {r.status === 3 && (
        <Alert type="error" showIcon className="fk-oa-alert" title={`已驳回：${r.operator_note ?? ''}`} />
      )}
      <Descriptions bordered column={2} size="middle">
        <Descriptions.Item label="充值单号">{r.recharge_no}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={RECHARGE_STATUS_COLOR[r.status]} data-testid="recharge-status">
            {r.status_name}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="充值金额">
          <span className="fk-oa-money">{yuan(r.amount)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="转账时间">{formatDateTime(r.transfer_time)}</Descriptions.Item>
        <Descriptions.Item label="付款账户名">{r.payer_account_name}</Descriptions.Item>
        <Descriptions.Item label="付款银行">{r.payer_bank}</Descriptions.Item>
        <Descriptions.Item label="付款账号">{r.payer_account_no}</Descriptions.Item>
        <Descriptions.Item label="备注">{r.remark || '-'}</Descriptions.Item>
        <Descriptions.Item label="提交人">{r.created_by_name || '-'}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{formatDateTime(r.created_at)}</Descriptions.Item>
        <Descriptions.Item label="处理时间">
          {r.decided_at ? formatDateTime(r.decided_at) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="处理说明">{r.operator_note || '-'}</Descriptions.Item>
        <Descriptions.Item label="入账" span={2}>
          {r.ledger
            ? `${formatDateTime(r.ledger.created_at)} 入账 ${yuan(r.ledger.delta)}，入账后余额 ${yuan(r.ledger.balance_after)}`
            : '未入账'}
        </Descriptions.Item>
        <Descriptions.Item label="转账凭证" span={2}>
          <ReceiptList receipts={r.receipts} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
