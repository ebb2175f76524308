import { GiftOutlined, HistoryOutlined, WalletOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Tag } from 'antd';
import { EMPTY_TEXT, formatDateTime } from '@feikong/contracts';
import type { BenefitBalance, BenefitMove, FestivalOffer } from '@/api/benefit';
import { categoryName, festivalState, moveKindLabel, yuan } from '../rules';
import { useClaimFestival } from '../hooks/benefit';

/** 我的福利余额: the total and each benefit scene's balance (quota ledger). */
export function BalanceBlock({
  title = '我的福利余额',
  total,
  balances,
  testId = 'benefit-balances',
}: {
  title?: string;
  total: number;
  balances: BenefitBalance[];
  testId?: string;
}) {
  return (
    <Card title={title} className="fk-benefit-card" data-testid={testId}>
      <div className="fk-benefit-total">
        <WalletOutlined className="fk-benefit-total-icon" />
        <div>
          <div className="fk-benefit-total-label">可用余额合计</div>
          <div className="fk-benefit-total-value" data-testid={`${testId}-total`}>
            {yuan(total)}
          </div>
        </div>
      </div>
      {balances.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无福利额度，企业发放后将显示在这里" />
      ) : (
        <ul className="fk-benefit-scenes">
          {balances.map((b) => (
            <li key={b.scene_id} className="fk-benefit-scene">
              <span className="fk-benefit-scene-name">
                {b.scene_name}
                <Tag className="fk-benefit-scene-tag">{categoryName(b.category)}</Tag>
              </span>
              <span className="fk-benefit-scene-value">{yuan(b.balance)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const STATE_TEXT = { claimed: '已领取', notStarted: '未开始', ended: '已结束' } as const;

/** 节日福利: the offers open to the staff member, claimed through the quota ledger. */
export function FestivalBlock({ token, festivals }: { token: string; festivals: FestivalOffer[] }) {
  const { message } = App.useApp();
  const claim = useClaimFestival(token);
  const now = Date.now();
  return (
    <Card
      title={
        <span>
          <GiftOutlined /> 节日福利
        </span>
      }
      className="fk-benefit-card"
      data-testid="benefit-festivals"
    >
      {festivals.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可领取的节日福利" />
      ) : (
        <ul className="fk-benefit-festivals">
          {festivals.map((f) => {
            const state = festivalState(f, now);
            return (
              <li key={f.id} className="fk-benefit-festival" data-testid={`festival-${f.id}`}>
                <div className="fk-benefit-festival-main">
                  <div className="fk-benefit-festival-title">{f.title}</div>
                  <div className="fk-benefit-muted">
                    {f.scene_name} · 领取截止 {formatDateTime(f.claim_until, 'YYYY-MM-DD')}
                    {f.expires_at !== null && ` · 有效期至 ${formatDateTime(f.expires_at, 'YYYY-MM-DD')}`}
                  </div>
                </div>
                <div className="fk-benefit-festival-amount">{yuan(f.amount)}</div>
                {state === 'claimable' ? (
                  <Button
                    type="primary"
                    loading={claim.isPending && claim.variables === f.id}
                    onClick={() =>
                      claim.mutate(f.id, {
                        onSuccess: (r) => void message.success(`领取成功，${yuan(r.granted)}已到账`),
                      })
                    }
                  >
                    立即领取
                  </Button>
                ) : (
                  <Tag color={state === 'claimed' ? 'success' : 'default'}>{STATE_TEXT[state]}</Tag>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** 最近福利动态: the staff member's latest ledger moves (releases, claims, spending, refunds, expiry). */
export function RecentMovesBlock({
  moves,
  title = '最近福利动态',
  empty = '暂无福利动态',
}: {
  moves: BenefitMove[];
  title?: string;
  empty?: string;
}) {
  return (
    <Card
      title={
        <span>
          <HistoryOutlined /> {title}
        </span>
      }
      className="fk-benefit-card"
      data-testid="benefit-recent"
    >
      {moves.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <ul className="fk-benefit-moves">
          {moves.map((m) => (
            <li key={m.id} className="fk-benefit-move">
              <div className="fk-benefit-move-main">
                <div>
                  <Tag>{moveKindLabel(m)}</Tag>
                  {m.memo || EMPTY_TEXT}
                </div>
                <div className="fk-benefit-muted">
                  {m.scene_name} · {formatDateTime(m.created_at)}
                </div>
              </div>
              <div className={m.delta < 0 ? 'fk-benefit-out' : 'fk-benefit-in'}>
                {m.delta < 0 ? '-' : '+'}
                {yuan(Math.abs(m.delta))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
