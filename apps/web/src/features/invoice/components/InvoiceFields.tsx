import { Alert, Descriptions, Table, Tag } from 'antd';
import { formatDateTime, formatMoney, shanghaiDate } from '@feikong/contracts';
import type { ReactNode } from 'react';
import type { InvoiceDetail } from '@/api/invoice';
import { editedText, InvoiceEdits } from '@/components/InvoiceEdits';
import { detailLayout } from '../rules';
import { TicketFields } from './TravelTicket';

const dash = (v: string | null | undefined) => (v ? v : '—');

/** The verification verdict: 本地校验 is never an official (tax authority) check, and says so. */
export function VerdictNote({ detail }: { detail: InvoiceDetail }) {
  const v = detail.verdict;
  if (!v) return <Alert type="info" showIcon message="该发票尚未查验" />;
  return (
    <Alert
      data-testid="invoice-verdict"
      type={v.passed ? (v.official ? 'success' : 'warning') : 'error'}
      showIcon
      message={`${v.label}：${v.passed ? '通过' : '不通过'}`}
      description={`${v.message}（${formatDateTime(v.checkedAt, 'YYYY-MM-DD HH:mm')}）`}
    />
  );
}

/**
 * An invoice's fields, laid out by kind: VAT invoices with buyer, seller, tax and goods; train and air
 * tickets in their own layout (TravelTicket: the journey, passenger, ticket number, their amounts); taxi and
 * quota invoices with the few fields they carry.
 */
/** Description keys → the field names of the detail's edits. */
const FIELD_OF: Record<string, string> = {
  type: 'kind',
  code: 'code',
  number: 'number',
  date: 'billingDate',
  total: 'total',
  amount: 'amount',
  tax: 'tax',
  buyer: 'buyerName',
  buyerTax: 'buyerTaxId',
  seller: 'sellerName',
  sellerTax: 'sellerTaxId',
  check: 'checkCode',
  machine: 'machineNo',
  passenger: 'travel.passenger',
  trip: 'travel.trainOrFlight',
  seat: 'travel.seatClass',
};

export function InvoiceFields({ detail }: { detail: InvoiceDetail }) {
  const layout = detailLayout(detail.type, detail.travel !== null);
  const edits = new Map(detail.edits.map((e) => [e.field, e]));
  /** A field corrected after OCR: 已修改 and the recognised value beside the saved one. */
  const marked = (item: { key: string; label: string; children: ReactNode }) => {
    const e = edits.get(FIELD_OF[item.key] ?? '');
    if (!e) return item;
    return {
      ...item,
      children: (
        <span data-testid={`field-edited-${e.field}`}>
          {item.children}
          <Tag color="orange" style={{ marginLeft: 6 }}>
            已修改
          </Tag>
          <span style={{ color: '#8c8c8c', fontSize: 12 }}>原识别值：{editedText(e, 'original')}</span>
        </span>
      ),
    };
  };
  const common = [
    { key: 'type', label: '发票类型', children: detail.typeText },
    { key: 'source', label: '来源', children: detail.sourceText },
    ...(detail.code ? [{ key: 'code', label: '发票代码', children: detail.code }] : []),
    { key: 'number', label: '发票号码', children: detail.number },
    { key: 'date', label: '开票日期', children: shanghaiDate(detail.billingDate) },
    { key: 'total', label: '价税合计', children: `¥${formatMoney(detail.amountTax)}` },
  ];
  const vat =
    layout === 'vat'
      ? [
          { key: 'amount', label: '金额', children: `¥${formatMoney(detail.amount)}` },
          { key: 'tax', label: '税额', children: `¥${formatMoney(detail.tax)}` },
          { key: 'buyer', label: '购买方名称', children: dash(detail.buyerName) },
          { key: 'buyerTax', label: '购买方税号', children: dash(detail.buyerTaxId) },
          { key: 'seller', label: '销售方名称', children: dash(detail.sellerName) },
          { key: 'sellerTax', label: '销售方税号', children: dash(detail.sellerTaxId) },
          { key: 'check', label: '校验码', children: dash(detail.checkCode) },
          { key: 'machine', label: '机器编号', children: dash(detail.machineNo) },
        ]
      : [];
  const ticket =
    layout === 'train' || layout === 'air' ? (
      <div style={{ marginTop: 12 }}>
        <TicketFields
          view={{
            kind: layout,
            number: detail.number,
            billingDate: shanghaiDate(detail.billingDate),
            total: detail.amountTax,
            tax: detail.tax,
            amount: detail.amount,
            buyerName: detail.buyerName,
            buyerTaxId: detail.buyerTaxId,
            travel: detail.travel ?? {},
          }}
        />
      </div>
    ) : null;
  const simple =
    layout === 'simple' ? [{ key: 'seller', label: '开票方', children: dash(detail.sellerName) }] : [];
  const status = [
    { key: 'deal', label: '查验状态', children: detail.dealStatusText },
    { key: 'recent', label: '报销状态', children: detail.recentStatusText },
    { key: 'finishing', label: '核销中金额', children: `¥${formatMoney(detail.finishingAmount)}` },
    { key: 'finish', label: '已核销金额', children: `¥${formatMoney(detail.finishAmount)}` },
    { key: 'unfinish', label: '未核销金额', children: `¥${formatMoney(detail.unfinishAmount)}` },
    { key: 'org', label: '所属组织', children: detail.userOrgName },
    { key: 'enter', label: '录入人', children: detail.userEnterName },
    { key: 'created', label: '录入时间', children: formatDateTime(detail.createAt, 'YYYY-MM-DD HH:mm') },
    ...(detail.tags.length
      ? [{ key: 'tags', label: '标签', children: detail.tags.map((t) => <Tag key={t}>{t}</Tag>) }]
      : []),
    ...(detail.remark ? [{ key: 'remark', label: '备注', children: detail.remark }] : []),
  ];
  return (
    <div data-testid={`invoice-fields-${layout}`}>
      <VerdictNote detail={detail} />
      {ticket}
      {detail.edits.length > 0 && (
        <Alert
          data-testid="invoice-edited"
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message={`${detail.edits.length}个字段在识别后被修改（以下为修改后的值与原识别值）`}
          description={<InvoiceEdits edits={detail.edits} />}
        />
      )}
      <Descriptions
        style={{ marginTop: 12 }}
        size="small"
        bordered
        column={2}
        items={[
          // a ticket shows number, date and amounts itself
          ...(ticket ? common.filter((c) => c.key === 'type' || c.key === 'source') : common),
          ...vat,
          ...simple,
        ]
          .map(marked)
          .concat(status)}
      />
      {layout === 'vat' && detail.goods.length > 0 && (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={detail.goods.map((g, i) => ({ ...g, key: i }))}
          columns={[
            { title: '货物或应税劳务、服务名称', dataIndex: 'name' },
            { title: '税收分类编码', dataIndex: 'taxCode', render: (v?: string) => dash(v) },
          ]}
        />
      )}
    </div>
  );
}
