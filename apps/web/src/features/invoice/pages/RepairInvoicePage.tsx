import { Alert, Button, Card, Form, Input, InputNumber, Modal, Select } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, formatMoney, InvoiceSimplePageQuery } from '@feikong/contracts';
import { invoiceApi, type SupportRecord } from '@/api/invoice';
import { Access } from '@/components/Access';
import { useDebouncedClick } from '@/components/directives';
import { applyFieldErrors } from '@/components/formErrors';
import { useDebouncedValue } from '@/components/useDebouncedValue';
import { ListTable, useListParams, type ListColumn } from '@/components/ListPage';
import { INVOICE_PERM, invoiceKeys, supportsQuery } from '../hooks/queries';

interface Values {
  billId: number;
  invoiceIds: number[];
  remark?: string;
}

/** 补录: hand in available (可用) invoices for a bill already reimbursed; they are written off at once. */
function SupportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const kw = useDebouncedValue(keyword.trim(), 400);
  const available = useQuery({
    queryKey: ['invoice', 'bill', kw],
    queryFn: ({ signal }) =>
      invoiceApi.billPageList({ pageNum: 1, pageSize: 50, keyword: kw || undefined }, signal),
    enabled: open,
  });
  const save = useMutation({
    mutationFn: (v: Values) =>
      invoiceApi.supportInvoice({ billId: v.billId, invoiceIds: v.invoiceIds, remark: v.remark ?? '' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync(v);
      form.resetFields();
      onClose();
    } catch (e) {
      applyFieldErrors(form, e, ['billId', 'invoiceIds', 'remark']);
    }
  };
  const submitOnce = useDebouncedClick(submit);

  return (
    <Modal
      open={open}
      title="补录发票"
      okText="确定补录"
      confirmLoading={save.isPending}
      onOk={submitOnce}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="为已报销的单据补交发票，补录后发票直接核销，不能撤回。"
      />
      <Form form={form} name="support" layout="vertical">
        <Form.Item label="单据ID" name="billId" rules={[{ required: true, message: '请输入单据ID' }]}>
          <InputNumber style={{ width: '100%' }} min={1} precision={0} placeholder="已报销单据的ID" />
        </Form.Item>
        <Form.Item
          label="发票"
          name="invoiceIds"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择要补录的发票' }]}
        >
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={available.isFetching}
            placeholder="选择可用的发票（可按号码或销售方搜索）"
            options={(available.data?.items ?? []).map((r) => ({
              value: r.id,
              label: `${r.number} ${r.sellerName} ¥${formatMoney(r.amountTax)}`,
            }))}
          />
        </Form.Item>
        <Form.Item label="补录说明" name="remark" rules={[{ max: 200, message: '不能超过200个字符' }]}>
          <Input.TextArea rows={3} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 补录发票 (invoice/RepairInvoice): the caller's 补录 records and the 补录 dialog. */
export default function RepairInvoicePage() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0); // a new dialog per opening
  const u = useListParams(InvoiceSimplePageQuery);
  const { pageNum, pageSize } = u;
  const records = useQuery({ ...supportsQuery({ pageNum, pageSize }), placeholderData: keepPreviousData });
  const columns: ListColumn<SupportRecord>[] = [
    { title: '单据ID', dataIndex: 'billId', width: 100 },
    { title: '发票号码', dataIndex: 'number', width: 190, role: 'key' },
    { title: '发票类型', dataIndex: 'typeText', width: 170 },
    {
      title: '价税合计',
      role: 'amount',
      dataIndex: 'amountTax',
      width: 120,
      align: 'right',
      render: (f: number) => formatMoney(f),
    },
    { title: '销售方名称', dataIndex: 'sellerName', ellipsis: true },
    { title: '补录说明', dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '—' },
    { title: '补录人', dataIndex: 'userEnterName', width: 100 },
    {
      title: '补录时间',
      dataIndex: 'createAt',
      width: 160,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <Card
      title="补录发票"
      className="fk-panel"
      data-testid="invoice-repair"
      extra={
        <>
          <Access perms={[INVOICE_PERM.add]}>
            <Button
              type="primary"
              onClick={() => {
                setDialogKey((k) => k + 1);
                setOpen(true);
              }}
              style={{ marginRight: 8 }}
            >
              补录发票
            </Button>
          </Access>
          <Button onClick={() => navigate('/invoice/personList')}>返回我的发票</Button>
        </>
      }
    >
      <ListTable<SupportRecord> query={records} what="补录记录" columns={columns} paging={u} />
      <SupportDialog key={dialogKey} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
