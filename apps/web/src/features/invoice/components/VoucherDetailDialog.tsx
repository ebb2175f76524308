import { Alert, App, Button, Form, Input, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatMoney } from '@feikong/contracts';
import { voucherApi, type VoucherDetail } from '@/api/invoiceVoucher';
import { useAccess } from '@/components/Access';
import { applyFieldErrors } from '@/components/formErrors';
import { VOUCHER_PERM, voucherDetailQuery, voucherKeys } from '../hooks/voucherQueries';
import { chinaDate, VoucherSheet } from './VoucherSheet';

type Invoice = VoucherDetail['invoices'][number];

function VoidDialog({ voucher, onClose }: { voucher: VoucherDetail | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const doVoid = useMutation({
    mutationFn: (reason: string) => voucherApi.void({ id: voucher!.id, reason }),
    onSuccess: (v) => {
      void qc.invalidateQueries({ queryKey: voucherKeys.all });
      message.success(`凭证${v.number}已作废，其发票可重新生成凭证`);
      onClose();
    },
  });
  const submit = async () => {
    const { reason } = await form.validateFields();
    try {
      await doVoid.mutateAsync(reason);
    } catch (e) {
      applyFieldErrors(form, e, ['reason']);
    }
  };
  return (
    <Modal
      open={voucher !== null}
      title={`作废凭证 ${voucher?.number ?? ''}`}
      okText="确认作废"
      okButtonProps={{ danger: true }}
      confirmLoading={doVoid.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        作废后凭证号保留不再使用，凭证中的发票可重新生成凭证。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          label="作废原因"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: '请填写作废原因' },
            { max: 200, message: '不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={3} placeholder="请填写作废原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A voucher: the 记账凭证 sheet, its invoices, and 作废 for editors. */
export function VoucherDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { can } = useAccess();
  const detail = useQuery({ ...voucherDetailQuery(id ?? 0), enabled: id !== null });
  const [voiding, setVoiding] = useState<VoucherDetail | null>(null);
  const v = detail.data;
  const live = v?.status === 1;
  return (
    <Modal
      open={id !== null}
      title="凭证详情"
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          {v && live && can([VOUCHER_PERM.edit]) && (
            <Button danger onClick={() => setVoiding(v)}>
              作废
            </Button>
          )}
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
    >
      {detail.isError && <Alert type="error" showIcon message="凭证加载失败" />}
      {!v && detail.isLoading && <Spin />}
      {v && (
        <>
          {!live && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={`已作废：${v.voidReason ?? ''}`}
              description={`${v.voiderName ?? ''} 于 ${formatDateTime(v.voidAt, 'YYYY-MM-DD HH:mm')} 作废`}
            />
          )}
          <VoucherSheet
            number={v.number}
            orgName={v.orgName}
            voucherDate={v.voucherDate}
            invoiceCount={v.invoiceCount}
            lines={v.lines}
            debitTotal={v.debitTotal}
            creditTotal={v.creditTotal}
            creatorName={v.creatorName}
            voided={!live}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            原始单据（{v.invoices.length}张发票）
          </Typography.Title>
          <Table<Invoice>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={v.invoices}
            columns={[
              { title: '发票类型', dataIndex: 'typeText', width: 180 },
              {
                title: '发票号码',
                dataIndex: 'number',
                render: (n: string, r) => (
                  <>
                    {n}
                    {r.deleted && <Tag style={{ marginLeft: 6 }}>已删除</Tag>}
                  </>
                ),
              },
              {
                title: '开票日期',
                dataIndex: 'billingDate',
                width: 110,
                render: (ms: number) => chinaDate(ms),
              },
              { title: '销售方', dataIndex: 'sellerName', ellipsis: true },
              { title: '金额', dataIndex: 'amount', align: 'right', render: (x: number) => formatMoney(x) },
              { title: '税额', dataIndex: 'tax', align: 'right', render: (x: number) => formatMoney(x) },
              {
                title: '价税合计',
                dataIndex: 'amountTax',
                align: 'right',
                render: (x: number) => formatMoney(x),
              },
            ]}
          />
        </>
      )}
      <VoidDialog voucher={voiding} onClose={() => setVoiding(null)} />
    </Modal>
  );
}
