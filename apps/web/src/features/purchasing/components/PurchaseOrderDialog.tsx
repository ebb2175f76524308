import { App, DatePicker, Form, Input, InputNumber, Modal, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatMoney } from '@feikong/contracts';
import { purchasingApi, type PurchaseTaskLine } from '@/api/purchasing';
import { usePurchasingMutation } from '../queries';

interface Values {
  supplier: string;
  purchase_date: Dayjs;
  pay_time?: Dayjs | null;
  remark?: string;
}
type Pick = Record<number, { quantity: number | null; price: number | null }>;

/**
 * 下单: an order against the task's lines, partly or wholly — each line's quantity (at most what is left) and
 * unit price (元); the server takes each line with a conditional update, so a refused line names what is left.
 * The request id is made once per dialog: a double click places one order.
 */
export function PurchaseOrderDialog({
  lines,
  onClose,
  taskOf,
}: {
  lines: PurchaseTaskLine[];
  onClose: () => void;
  /** 合并下单: the task number of each line, shown when the lines come from several tasks. */
  taskOf?: (lineId: number) => string;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [requestId] = useState(() => `po-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
  const open = lines.filter((l) => l.quantity > l.ordered_quantity);
  const [pick, setPick] = useState<Pick>(() =>
    Object.fromEntries(open.map((l) => [l.id, { quantity: null, price: l.price / 100 }])),
  );
  const create = usePurchasingMutation(purchasingApi.createOrder);
  const chosen = open.filter((l) => (pick[l.id]?.quantity ?? 0) > 0);
  const total = chosen.reduce(
    (s, l) => s + (pick[l.id]!.quantity ?? 0) * Math.round((pick[l.id]!.price ?? 0) * 100),
    0,
  );

  const submit = async () => {
    const v = await form.validateFields();
    if (chosen.length === 0) {
      void message.warning('请填写至少一行的下单数量');
      return;
    }
    await create.mutateAsync({
      request_id: requestId,
      supplier: v.supplier,
      purchase_date: v.purchase_date.startOf('day').unix(),
      pay_time: v.pay_time ? v.pay_time.unix() : null,
      remark: v.remark ?? '',
      lines: chosen.map((l) => ({
        task_line_id: l.id,
        quantity: pick[l.id]!.quantity ?? 0,
        price: Math.round((pick[l.id]!.price ?? 0) * 100),
      })),
    });
    void message.success('订单已创建');
    onClose();
  };

  return (
    <Modal
      open
      width={760}
      title="下采购订单"
      okText="确定下单"
      onCancel={onClose}
      onOk={submit}
      confirmLoading={create.isPending}
      data-testid="purchase-order-dialog"
    >
      <Form<Values>
        form={form}
        layout="inline"
        initialValues={{ purchase_date: dayjs() }}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item
          name="supplier"
          label="供应商"
          rules={[{ required: true, whitespace: true, message: '请填写供应商' }]}
        >
          <Input maxLength={100} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="purchase_date"
          label="下单日期"
          rules={[{ required: true, message: '请选择下单日期' }]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item name="pay_time" label="付款时间">
          <DatePicker showTime />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} style={{ width: 200 }} />
        </Form.Item>
      </Form>
      <Table<PurchaseTaskLine>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={open}
        columns={[
          ...(taskOf
            ? [{ title: '采购任务', key: 'task', render: (_: unknown, l: PurchaseTaskLine) => taskOf(l.id) }]
            : []),
          { title: '品名', dataIndex: 'name' },
          { title: '规格', dataIndex: 'spec' },
          {
            title: '剩余',
            key: 'left',
            width: 70,
            render: (_: unknown, l) => l.quantity - l.ordered_quantity,
          },
          {
            title: '下单数量',
            key: 'q',
            width: 120,
            render: (_: unknown, l) => (
              <InputNumber
                aria-label={`下单数量-${l.name}`}
                min={0}
                max={l.quantity - l.ordered_quantity}
                precision={0}
                value={pick[l.id]?.quantity}
                onChange={(v) => setPick((p) => ({ ...p, [l.id]: { ...p[l.id]!, quantity: v } }))}
              />
            ),
          },
          {
            title: '单价（元）',
            key: 'p',
            width: 140,
            render: (_: unknown, l) => (
              <InputNumber
                aria-label={`单价-${l.name}`}
                min={0}
                precision={2}
                value={pick[l.id]?.price}
                onChange={(v) => setPick((p) => ({ ...p, [l.id]: { ...p[l.id]!, price: v } }))}
              />
            ),
          },
        ]}
        footer={() => <span data-testid="order-total">订单金额：¥{formatMoney(total)}</span>}
      />
    </Modal>
  );
}
