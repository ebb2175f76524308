import { ShopOutlined } from '@ant-design/icons';
import { Card, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/stores/session';
import { benefitHomeQuery } from '../hooks/benefit';
import { BalanceBlock, RecentMovesBlock } from '../components/BenefitBlocks';
import { storeBalances } from '../rules';
import '../welfare.css';

/**
 * 福利商城 (welfare/Store at /store/index, shop_welfare tenants only — the menu says so, decision 0046): what
 * the staff member may spend in the partner store — the balances of the 商城 and 通用 benefit scenes — and
 * what they spent there lately, from the quota ledger.
 */
export default function StorePage() {
  const token = useSession((s) => s.token);
  const org = useSession((s) => s.top_org_name);
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
        <Result status="warning" title="福利商城加载失败" subTitle="请检查网络后刷新页面重试。" />
      </Card>
    );
  }
  const balances = storeBalances(q.data.balances);
  const names = new Set(balances.map((b) => b.scene_name));
  const moves = q.data.recent.filter((m) => names.has(m.scene_name));
  return (
    <div className="fk-benefit" data-testid="store-page">
      <Card className="fk-benefit-store-hero">
        <div className="fk-benefit-store-inner">
          <ShopOutlined className="fk-benefit-store-icon" />
          <div>
            <div className="fk-benefit-store-title">福利商城</div>
            <div className="fk-benefit-muted">
              {org}的员工在合作商城下单时，可用下列商城、通用类福利额度支付
            </div>
          </div>
        </div>
      </Card>
      <div className="fk-benefit-grid">
        <div className="fk-benefit-col">
          <BalanceBlock
            title="商城可用额度"
            testId="store-balances"
            total={balances.reduce((s, b) => s + b.balance, 0)}
            balances={balances}
          />
        </div>
        <div className="fk-benefit-col">
          <RecentMovesBlock moves={moves} title="商城额度动态" empty="暂无商城额度动态" />
        </div>
      </div>
    </div>
  );
}
