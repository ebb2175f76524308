import { InfoCircleOutlined } from '@ant-design/icons';
import { App, InputNumber, Modal, Segmented } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { rightsApi, type AddOnProduct, type VersionPlan } from '@/api/rights';
import { refreshRights } from '../hooks/rights';
import { cashierPath, MAX_PRODUCT_QUANTITY, monthOptions, monthsText, priceText } from '../rules';

export type PurchaseItem =
  { kind: 'version'; plan: VersionPlan } | { kind: 'product'; product: AddOnProduct };

/**
 * 确认订单: the length (whole periods of a version) or the quantity (add-ons), the total, then
 * 提交订单 creates a pending order and opens the cashier.
 */
export function PurchaseDialog({ item, onClose }: { item: PurchaseItem | null; onClose: () => void }) {
  return item ? <PurchaseDialogBody key={itemKey(item)} item={item} onClose={onClose} /> : null;
}

function itemKey(item: PurchaseItem) {
  return item.kind === 'version' ? `v${item.plan.id}` : `p${item.product.id}`;
}

function PurchaseDialogBody({ item, onClose }: { item: PurchaseItem; onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const period = item.kind === 'version' ? item.plan.period_months : 0;
  const options = monthOptions(period);
  const [months, setMonths] = useState(options[0] ?? period);
  const [quantity, setQuantity] = useState(1);

  const unitPrice = item.kind === 'version' ? item.plan.price : item.product.price;
  const units = item.kind === 'version' ? Math.max(1, Math.round(months / Math.max(period, 1))) : quantity;
  const total = unitPrice * units;
  const name = item.kind === 'version' ? item.plan.name : item.product.name;

  const create = useMutation({
    mutationFn: () =>
      item.kind === 'version'
        ? rightsApi.purchaseVersion({ product_version_id: item.plan.id, months })
        : rightsApi.purchaseProduct({ product_id: item.product.id, quantity }),
    onSuccess: (order) => {
      void refreshRights(client);
      void message.success('订单已创建，请完成支付');
      onClose();
      navigate(cashierPath(order.id));
    },
  });

  return (
    <Modal
      open
      title="确认订单"
      width={520}
      okText="提交订单"
      cancelText="取消"
      onOk={() => create.mutate()}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
      data-testid="purchase-dialog"
    >
      <div className="fk-rr-order-lines">
        <div className="fk-rr-order-line">
          <span className="fk-rr-muted">商品</span>
          <span className="fk-rr-strong">{name}</span>
        </div>
        {item.kind === 'version' ? (
          <div className="fk-rr-order-line">
            <span className="fk-rr-muted">购买时长</span>
            <Segmented
              value={months}
              onChange={(v) => setMonths(Number(v))}
              options={options.map((m) => ({ label: monthsText(m), value: m }))}
            />
          </div>
        ) : (
          <div className="fk-rr-order-line">
            <span className="fk-rr-muted">购买数量</span>
            <span>
              <InputNumber
                min={1}
                max={MAX_PRODUCT_QUANTITY}
                precision={0}
                value={quantity}
                onChange={(v) => setQuantity(Math.max(1, Number(v) || 1))}
                aria-label="购买数量"
              />
              <span className="fk-rr-muted" style={{ marginLeft: 8 }}>
                份，共 {item.product.amount_per_unit * quantity}
                {item.product.unit}
              </span>
            </span>
          </div>
        )}
        <div className="fk-rr-order-line">
          <span className="fk-rr-muted">单价</span>
          <span>
            {priceText(unitPrice)}
            <span className="fk-rr-muted"> / {item.kind === 'version' ? monthsText(period) : '份'}</span>
          </span>
        </div>
        <div className="fk-rr-order-line fk-rr-order-total">
          <span className="fk-rr-muted">应付金额</span>
          <span className="fk-rr-amount" data-testid="purchase-total">
            {priceText(total)}
          </span>
        </div>
      </div>
      <div className="fk-rr-tip">
        <InfoCircleOutlined /> 提交订单后，请通过对公转账完成支付；平台确认到账后
        {item.kind === 'version' ? '版本立即开通或续期' : '余量立即到账'}。
      </div>
    </Modal>
  );
}
