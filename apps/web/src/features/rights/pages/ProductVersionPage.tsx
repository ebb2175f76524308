import {
  CheckOutlined,
  CrownOutlined,
  FileTextOutlined,
  LockOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Alert, Badge, Button, Card, Empty, Result, Segmented, Skeleton, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isVersionExpired } from '@feikong/contracts';
import type { AddOnProduct, TenantProduct, TenantVersion, VersionPlan } from '@/api/rights';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { useAccess } from '@/components/Access';
import { isPersonalAccount, useSession } from '@/stores/session';
import { PurchaseDialog, type PurchaseItem } from '../components/PurchaseDialog';
import { plansQuery, productsQuery, tenantProductsQuery, useTenantVersion } from '../hooks/rights';
import {
  dateOfSeconds,
  expiryDateOfSeconds,
  periodUnit,
  priceText,
  purchaseTabOf,
  RIGHTS_PERM,
  RIGHTS_ROUTES,
  type PurchaseTab,
} from '../rules';
import '../rights.css';

/**
 * 权益购买 (/setcenter/rightRecharge/productVersion, spec §2.3): the tenant's current version, then
 * either the version plans (type=productVersion) or the add-on products (type=product). 立即购买 opens
 * 确认订单, which creates the order and goes to the cashier. Exempt from the expiry prompt.
 */
export default function ProductVersionPage() {
  const [params, setParams] = useSearchParams();
  const tab = purchaseTabOf(params.get('type'));
  const navigate = useNavigate();
  const session = useSession();
  const { can } = useAccess();
  const { tree } = useContext(RouterMenusContext);
  const canBuy = can([RIGHTS_PERM.buy]);
  const canSeeOrders = can([RIGHTS_PERM.view]) && hasMenuPath(tree, RIGHTS_ROUTES.tenantOrder);
  const [buying, setBuying] = useState<PurchaseItem | null>(null);
  const version = useTenantVersion();

  if (isPersonalAccount(session)) {
    return (
      <Card>
        <Result
          status="info"
          title="您还未加入到任何组织，请先加入组织"
          subTitle="系统权益按组织购买，加入组织后由企业管理员统一开通。"
        />
      </Card>
    );
  }

  const setTab = (next: PurchaseTab) =>
    setParams(
      (p) => {
        p.set('type', next);
        return p;
      },
      { replace: true },
    );

  return (
    <div className="fk-rr-page" data-testid="product-version-page">
      <VersionHero
        version={version.data ?? null}
        loading={version.isPending}
        orgName={session.top_org_name}
        onOrders={canSeeOrders ? () => navigate(RIGHTS_ROUTES.tenantOrder) : undefined}
      />
      {!canBuy && (
        <Alert
          type="info"
          showIcon
          icon={<LockOutlined />}
          title="您暂无购买权限"
          description="系统权益由企业管理员统一购买和续费，请联系您所在组织的管理员。"
        />
      )}
      <Card
        className="fk-rr-catalogue"
        title={
          <Segmented
            value={tab}
            onChange={(v) => setTab(v as PurchaseTab)}
            options={[
              { label: '产品版本', value: 'productVersion', icon: <CrownOutlined /> },
              { label: '增值服务', value: 'product', icon: <ThunderboltOutlined /> },
            ]}
            data-testid="purchase-tabs"
          />
        }
        extra={<span className="fk-rr-muted">下单后通过对公转账支付，平台确认到账后立即生效</span>}
      >
        {tab === 'productVersion' ? (
          <VersionPlans
            current={version.data ?? null}
            canBuy={canBuy}
            onBuy={(plan) => setBuying({ kind: 'version', plan })}
          />
        ) : (
          <AddOnProducts canBuy={canBuy} onBuy={(product) => setBuying({ kind: 'product', product })} />
        )}
      </Card>
      <PurchaseDialog item={buying} onClose={() => setBuying(null)} />
    </div>
  );
}

function VersionHero(props: {
  version: TenantVersion | null;
  loading: boolean;
  orgName: string;
  onOrders?: () => void;
}) {
  const { version, loading, orgName, onOrders } = props;
  if (loading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 1 }} />
      </Card>
    );
  }
  const expired = !!version && isVersionExpired(version.status);
  const daysLeft = version?.days_left;
  const status = !version ? (
    <Tag>未开通</Tag>
  ) : expired ? (
    <Tag color="error">已过期</Tag>
  ) : Number(version.is_test_version) ? (
    <Tag color="purple">试用中</Tag>
  ) : daysLeft !== undefined && daysLeft <= 30 ? (
    <Tag color="warning">即将到期</Tag>
  ) : (
    <Tag color="success">使用中</Tag>
  );
  return (
    <Card className={`fk-rr-hero${expired ? ' fk-rr-hero-expired' : ''}`} data-testid="current-version">
      <div className="fk-rr-hero-inner">
        <div className="fk-rr-hero-icon">
          <CrownOutlined />
        </div>
        <div className="fk-rr-hero-main">
          <div className="fk-rr-hero-title">
            <span>{version?.product_version_name || '暂未开通产品版本'}</span>
            {status}
          </div>
          <div className="fk-rr-hero-meta">
            <span>{orgName}</span>
            {version && (
              <span>
                有效期：{dateOfSeconds(version.activated_date)} 至 {expiryDateOfSeconds(version.expired_date)}
              </span>
            )}
            {version && !expired && daysLeft !== undefined && <span>剩余 {daysLeft} 天</span>}
          </div>
        </div>
        {onOrders && (
          <Button icon={<FileTextOutlined />} onClick={onOrders}>
            订单记录
          </Button>
        )}
      </div>
      {expired && (
        <Alert
          className="fk-rr-hero-alert"
          type="error"
          showIcon
          title="服务已到期，续费后立即恢复使用。选择下方版本并完成对公转账，平台确认到账后自动续期。"
        />
      )}
    </Card>
  );
}

function BuyButton({
  canBuy,
  onClick,
  block = true,
}: {
  canBuy: boolean;
  onClick: () => void;
  block?: boolean;
}) {
  const button = (
    <Button type="primary" block={block} size="large" disabled={!canBuy} onClick={onClick}>
      立即购买
    </Button>
  );
  return canBuy ? button : <Tooltip title="请联系企业管理员购买">{button}</Tooltip>;
}

function VersionPlans(props: {
  current: TenantVersion | null;
  canBuy: boolean;
  onBuy: (p: VersionPlan) => void;
}) {
  const plans = useQuery(plansQuery);
  if (plans.isPending) return <Skeleton active />;
  if (plans.isError) return <Result status="warning" title="产品版本加载失败" />;
  const items = plans.data.items;
  if (items.length === 0) return <Empty description="暂无在售版本" />;
  const currentId = props.current?.product_version_id ?? null;
  return (
    <div className="fk-rr-grid">
      {items.map((plan) => {
        const current = currentId === plan.id;
        const card = (
          <div
            className={`fk-rr-plan${current ? ' fk-rr-plan-current' : ''}`}
            data-testid={`plan-${plan.code}`}
            key={plan.id}
          >
            <div className="fk-rr-plan-name">{plan.name}</div>
            <div className="fk-rr-plan-desc">{plan.description}</div>
            <div className="fk-rr-plan-price">
              <span className="fk-rr-price">{priceText(plan.price)}</span>
              <span className="fk-rr-muted"> / {periodUnit(plan.period_months)}</span>
            </div>
            {plan.max_users ? <div className="fk-rr-plan-users">最多 {plan.max_users} 人使用</div> : null}
            <ul className="fk-rr-features">
              {plan.features.map((f) => (
                <li key={f}>
                  <CheckOutlined className="fk-rr-check" />
                  {f}
                </li>
              ))}
            </ul>
            <BuyButton canBuy={props.canBuy} onClick={() => props.onBuy(plan)} />
          </div>
        );
        if (current) {
          return (
            <Badge.Ribbon text="当前版本" color="blue" key={plan.id}>
              {card}
            </Badge.Ribbon>
          );
        }
        return card;
      })}
    </div>
  );
}

function AddOnProducts(props: { canBuy: boolean; onBuy: (p: AddOnProduct) => void }) {
  const products = useQuery(productsQuery);
  const held = useQuery(tenantProductsQuery);
  if (products.isPending) return <Skeleton active />;
  if (products.isError) return <Result status="warning" title="增值服务加载失败" />;
  const items = products.data.items;
  if (items.length === 0) return <Empty description="暂无在售增值服务" />;
  const balance = new Map<number, TenantProduct>((held.data?.items ?? []).map((p) => [p.product_id, p]));
  return (
    <div className="fk-rr-grid">
      {items.map((p) => {
        const mine = balance.get(p.id);
        const low = mine && mine.remaining_amount <= mine.total_amount * 0.1;
        return (
          <div className="fk-rr-plan fk-rr-addon" key={p.id} data-testid={`product-${p.code}`}>
            <div className="fk-rr-plan-name">{p.name}</div>
            <div className="fk-rr-plan-desc">{p.description}</div>
            <div className="fk-rr-plan-price">
              <span className="fk-rr-price">{priceText(p.price)}</span>
              <span className="fk-rr-muted"> / 份</span>
            </div>
            <div className="fk-rr-plan-users">
              每份 {p.amount_per_unit} {p.unit}
            </div>
            <div className={`fk-rr-balance${low ? ' fk-rr-balance-low' : ''}`}>
              {mine ? (
                <>
                  当前剩余 <b>{mine.remaining_amount}</b> {p.unit}
                  {low && <Tag color="warning">余量不足</Tag>}
                </>
              ) : (
                <span className="fk-rr-muted">尚未购买</span>
              )}
            </div>
            <BuyButton canBuy={props.canBuy} onClick={() => props.onBuy(p)} />
          </div>
        );
      })}
    </div>
  );
}
