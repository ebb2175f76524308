import { Alert, Card, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PayerTypeLabel, type PayerType } from '@feikong/contracts';
import { useSession } from '@/stores/session';
import { benefitHomeQuery } from '../hooks/benefit';
import { BalanceBlock, FestivalBlock, RecentMovesBlock } from './BenefitBlocks';
import '../welfare.css';

/**
 * 福利首页 of a welfare / shop_welfare tenant (decision 0046), below the home's greeting: the staff
 * member's benefit balance per scene, the 节日福利 they may claim, and their recent benefit moves — all
 * from the quota ledger (GET home/benefit). Nothing is drawn that the server did not answer.
 */
export function BenefitWorkbench() {
  const token = useSession((s) => s.token);
  const q = useQuery({ ...benefitHomeQuery(token), enabled: !!token });
  if (q.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (q.isError) {
    return (
      <Card>
        <Result status="warning" title="福利首页加载失败" subTitle="请检查网络后刷新页面重试。" />
      </Card>
    );
  }
  const d = q.data;
  return (
    <div className="fk-benefit" data-testid="benefit-home">
      <Alert
        type="info"
        showIcon
        className="fk-benefit-payer"
        message={`服务费支付方式：${PayerTypeLabel[d.orgcode_payer_type as PayerType] ?? '-'}`}
      />
      <div className="fk-benefit-grid">
        <div className="fk-benefit-col">
          <BalanceBlock total={d.total_balance} balances={d.balances} />
          <RecentMovesBlock moves={d.recent} />
        </div>
        <div className="fk-benefit-col">
          <FestivalBlock token={token} festivals={d.festivals} />
        </div>
      </div>
    </div>
  );
}
