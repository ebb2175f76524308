import {
  Alert,
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Steps,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatMoney, INVOICE_KIND_LABEL, INVOICE_KINDS } from '@feikong/contracts';
import {
  voucherApi,
  type VoucherCandidate,
  type VoucherDetail,
  type VoucherPreview,
} from '@/api/invoiceVoucher';
import { RequestError } from '@/api/http/request';
import { candidatesQuery, voucherKeys, voucherOrgsQuery } from '../hooks/voucherQueries';
import { chinaDate, VoucherSheet } from './VoucherSheet';

const KIND_OPTIONS = INVOICE_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_LABEL[k] }));
const PAGE_SIZE = 10;

const columns: TableColumnsType<VoucherCandidate> = [
  { title: '发票类型', dataIndex: 'typeText', width: 170, ellipsis: true },
  { title: '发票号码', dataIndex: 'number', width: 180 },
  {
    title: '开票日期',
    dataIndex: 'billingDate',
    width: 110,
    render: (ms: number) => chinaDate(ms),
  },
  { title: '销售方', dataIndex: 'sellerName', width: 160, ellipsis: true },
  { title: '金额', dataIndex: 'amount', align: 'right', width: 100, render: (v: number) => formatMoney(v) },
  { title: '税额', dataIndex: 'tax', align: 'right', width: 90, render: (v: number) => formatMoney(v) },
  {
    title: '价税合计',
    dataIndex: 'amountTax',
    align: 'right',
    width: 110,
    render: (v: number) => formatMoney(v),
  },
  { title: '所属公司', dataIndex: 'userOrgName', width: 140, ellipsis: true },
  { title: '录入人', dataIndex: 'userEnterName', width: 90 },
];

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (v: VoucherDetail) => void;
}

/** 生成凭证: pick invoices of one company → preview the 记账凭证 → confirm. */
export function VoucherCreateDialog({ open, onClose, onCreated }: Props) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [orgId, setOrgId] = useState<number | undefined>(undefined);
  const [type, setType] = useState<string | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<Map<number, VoucherCandidate>>(new Map());
  const [voucherDate, setVoucherDate] = useState<Dayjs>(dayjs(chinaDate(Date.now())));
  const [summary, setSummary] = useState('');
  const [preview, setPreview] = useState<VoucherPreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  const orgs = useQuery({ ...voucherOrgsQuery, enabled: open });
  const filter = { orgId, type: type as never, keyword: keyword || undefined, pageNum, pageSize: PAGE_SIZE };
  const list = useQuery({ ...candidatesQuery(filter), enabled: open && preview === null });

  const draft = () => ({
    invoiceIds: [...selected.keys()],
    voucherDate: voucherDate.format('YYYY-MM-DD'),
    summary: summary.trim() || undefined,
  });
  const explain = (e: unknown) => setError(e instanceof RequestError ? e.message : '操作失败，请稍后重试');
  const doPreview = useMutation({
    mutationFn: () => voucherApi.preview(draft()),
    onSuccess: (p) => {
      setError(null);
      setPreview(p);
    },
    onError: explain,
  });
  const doCreate = useMutation({
    mutationFn: () => voucherApi.create(draft()),
    onSuccess: (v) => {
      void qc.invalidateQueries({ queryKey: voucherKeys.all });
      message.success(`凭证${v.number}已生成`);
      onCreated(v);
    },
    onError: (e) => {
      explain(e);
      void qc.invalidateQueries({ queryKey: voucherKeys.all });
    },
  });

  const total = [...selected.values()].reduce((s, c) => s + c.amountTax, 0);
  const companies = new Set([...selected.values()].map((c) => c.userOrgId));

  return (
    <Modal
      open={open}
      title="生成凭证"
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        preview === null ? (
          <Space>
            <Typography.Text type="secondary" data-testid="voucher-selection">
              已选 {selected.size} 张，价税合计 ¥{formatMoney(total)}
            </Typography.Text>
            <Button onClick={onClose}>取消</Button>
            <Button
              type="primary"
              disabled={selected.size === 0}
              loading={doPreview.isPending}
              onClick={() => doPreview.mutate()}
            >
              预览凭证
            </Button>
          </Space>
        ) : (
          <Space>
            <Button
              onClick={() => {
                setPreview(null);
                setError(null);
              }}
            >
              上一步
            </Button>
            <Button type="primary" loading={doCreate.isPending} onClick={() => doCreate.mutate()}>
              确认生成
            </Button>
          </Space>
        )
      }
    >
      <Steps
        size="small"
        current={preview === null ? 0 : 1}
        items={[{ title: '选择发票' }, { title: '预览凭证' }, { title: '生成' }]}
        style={{ marginBottom: 16 }}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {preview === null ? (
        <>
          <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
            <Form.Item label="公司">
              <Select
                allowClear
                placeholder="全部公司"
                style={{ width: 200 }}
                value={orgId}
                aria-label="公司"
                options={(orgs.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }))}
                onChange={(v) => {
                  setOrgId(v);
                  setPageNum(1);
                }}
              />
            </Form.Item>
            <Form.Item label="发票类型">
              <Select
                allowClear
                placeholder="全部类型"
                style={{ width: 200 }}
                value={type}
                options={KIND_OPTIONS}
                onChange={(v) => {
                  setType(v);
                  setPageNum(1);
                }}
              />
            </Form.Item>
            <Form.Item>
              <Input.Search
                allowClear
                placeholder="发票号码、销售方、录入人"
                style={{ width: 240 }}
                onSearch={(v) => {
                  setKeyword(v.trim());
                  setPageNum(1);
                }}
              />
            </Form.Item>
          </Form>
          <Form layout="inline" style={{ marginBottom: 12 }}>
            <Form.Item label="凭证日期" required>
              <DatePicker
                allowClear={false}
                value={voucherDate}
                onChange={(d) => d && setVoucherDate(d)}
                aria-label="凭证日期"
              />
            </Form.Item>
            <Form.Item label="摘要">
              <Input
                placeholder="选填，默认：发票入账（N张）"
                maxLength={100}
                style={{ width: 320 }}
                value={summary}
                onChange={(e) => setSummary(e.target.value)}
              />
            </Form.Item>
          </Form>
          {companies.size > 1 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message="所选发票属于不同公司：一张凭证只能包含同一公司的发票，请按公司筛选后分别生成"
            />
          )}
          <Table<VoucherCandidate>
            rowKey="id"
            size="small"
            data-testid="voucher-candidates"
            loading={list.isFetching}
            columns={columns}
            dataSource={list.data?.items ?? []}
            rowSelection={{
              selectedRowKeys: [...selected.keys()],
              preserveSelectedRowKeys: true,
              onChange: (keys, rows) => {
                const next = new Map<number, VoucherCandidate>();
                for (const k of keys) {
                  const id = Number(k);
                  const row = rows.find((r) => r?.id === id) ?? selected.get(id);
                  if (row) next.set(id, row);
                }
                setSelected(next);
              },
            }}
            pagination={{
              current: pageNum,
              pageSize: PAGE_SIZE,
              total: list.data?.page.total ?? 0,
              showTotal: (n) => `共 ${n} 张可生成凭证的发票`,
              onChange: (n) => setPageNum(n),
            }}
            scroll={{ x: 1160 }}
            locale={{ emptyText: '没有可生成凭证的发票' }}
          />
        </>
      ) : (
        <VoucherSheet
          number={preview.nextNumber}
          numberHint="（预计，生成时分配）"
          orgName={preview.orgName}
          voucherDate={preview.voucherDate}
          invoiceCount={preview.invoiceCount}
          lines={preview.lines}
          debitTotal={preview.debitTotal}
          creditTotal={preview.creditTotal}
        />
      )}
    </Modal>
  );
}
