import {
  Alert,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  dueAmountTolerance,
  formatDateTime,
  formatMoney,
  INVOICE_KIND_LABEL,
  shanghaiDate,
  type InvoiceKind,
} from '@feikong/contracts';
import type { DueCandidate, DueRow } from '@/api/invoiceDue';
import { useDebouncedClick } from '@/components/directives';
import { applyFieldErrors } from '@/components/formErrors';
import { useDebouncedValue } from '@/components/useDebouncedValue';
import { dueCandidatesQuery, dueDetailQuery, useCancelDue, useMatchDue, useSaveDue } from '../hooks/due';

/** Dialogs and the drawer of 待收发票: register/edit, cancel, match by hand, detail with the log. */

const KIND_OPTIONS = Object.entries(INVOICE_KIND_LABEL).map(([value, label]) => ({ value, label }));

/** The expected date as the list shows it: red with the days past when overdue. */
export function DueDate({ row }: { row: DueRow }) {
  // Expected and billing dates are China days: shown as such whatever the browser's time zone.
  const text = shanghaiDate(row.expectedDate);
  if (!row.overdue) return <>{text}</>;
  return (
    <Typography.Text type="danger">
      {text} <Tag color="error">逾期{row.overdueDays}天</Tag>
    </Typography.Text>
  );
}

export function DueStatusTag({ row }: { row: DueRow }) {
  const color = row.overdue
    ? 'error'
    : ({ 1: 'processing', 2: 'success', 3: 'default' } as const)[row.status];
  return <Tag color={color}>{row.statusText}</Tag>;
}

interface SaveValues {
  sellerName: string;
  sellerTaxId?: string;
  /** 元 in the form; 分 on the wire. */
  expectedYuan: number;
  expectedKind?: InvoiceKind | null;
  expectedDate: Dayjs;
  reason: string;
}

/** 登记待收发票 (no record) or 修改 (a 待收 record). */
export function DueSaveDialog({ record, onClose }: { record: DueRow | null; onClose: () => void }) {
  const [form] = Form.useForm<SaveValues>();
  const save = useSaveDue();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        id: record?.id,
        sellerName: v.sellerName,
        sellerTaxId: v.sellerTaxId ?? '',
        expectedTotal: Math.round(v.expectedYuan * 100),
        expectedKind: v.expectedKind ?? null,
        expectedDate: v.expectedDate.format('YYYY-MM-DD'),
        reason: v.reason,
      });
      onClose();
    } catch (e) {
      // The server names expectedTotal; the form edits it in 元.
      const err = e as { fieldErrors?: { field: string; msg: string }[] };
      err.fieldErrors?.forEach((f) => {
        if (f.field === 'expectedTotal') f.field = 'expectedYuan';
      });
      applyFieldErrors(form, e, [
        'sellerName',
        'sellerTaxId',
        'expectedYuan',
        'expectedKind',
        'expectedDate',
        'reason',
      ]);
    }
  };
  const submitOnce = useDebouncedClick(submit);
  return (
    <Modal
      open
      title={record ? '修改待收发票' : '登记待收发票'}
      okText={record ? '保存' : '登记'}
      confirmLoading={save.isPending}
      onOk={submitOnce}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="已消费但发票尚未开来时登记。录入发票时，销售方与金额一致的发票会自动匹配，记录变为已收。"
      />
      <Form
        form={form}
        name="dueSave"
        layout="vertical"
        initialValues={
          record
            ? {
                sellerName: record.sellerName,
                sellerTaxId: record.sellerTaxId,
                expectedYuan: record.expectedTotal / 100,
                expectedKind: record.expectedKind,
                expectedDate: dayjs(shanghaiDate(record.expectedDate)),
                reason: record.reason,
              }
            : { expectedDate: dayjs().add(7, 'day') }
        }
      >
        <Form.Item
          label="销售方名称"
          name="sellerName"
          rules={[
            { required: true, whitespace: true, message: '请输入销售方名称' },
            { max: 100, message: '不能超过100个字符' },
          ]}
        >
          <Input placeholder="开票单位的全称，如 上海虹桥商务酒店有限公司" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="销售方税号"
              name="sellerTaxId"
              rules={[
                {
                  pattern: /^([0-9A-Za-z]{15}|[0-9A-Za-z]{17,20})?$/,
                  message: '应为15位或17-20位数字或字母',
                },
              ]}
            >
              <Input placeholder="选填；填写后按税号自动匹配" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="预计发票类型" name="expectedKind">
              <Select allowClear options={KIND_OPTIONS} placeholder="选填" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="预计金额（元）"
              name="expectedYuan"
              rules={[{ required: true, message: '请输入预计金额' }]}
            >
              <InputNumber
                style={{ width: '100%' }}
                min={0.01}
                max={1_000_000_000}
                precision={2}
                placeholder="价税合计"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="预计到票日期"
              name="expectedDate"
              rules={[{ required: true, message: '请选择预计到票日期' }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="事由"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: '请输入事由' },
            { max: 200, message: '不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={2} placeholder="如：客户拜访住宿，酒店次日开票" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 取消: a reason is required. */
export function DueCancelDialog({ record, onClose }: { record: DueRow; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelDue();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await cancel.mutateAsync({ id: record.id, reason: v.reason });
      onClose();
    } catch (e) {
      applyFieldErrors(form, e, ['reason']);
    }
  };
  const submitOnce = useDebouncedClick(submit);
  return (
    <Modal
      open
      title="取消待收发票"
      okText="确定取消"
      okButtonProps={{ danger: true }}
      cancelText="返回"
      confirmLoading={cancel.isPending}
      onOk={submitOnce}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {record.sellerName}，预计 ¥{formatMoney(record.expectedTotal)}。取消后不再跟踪该发票。
      </Typography.Paragraph>
      <Form form={form} name="dueCancel" layout="vertical">
        <Form.Item
          label="取消原因"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: '请输入取消原因' },
            { max: 200, message: '不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={3} placeholder="如：行程取消，费用已退回" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 匹配发票: one of my invoices not matched yet; those the rules refuse say why and cannot be chosen. */
export function DueMatchDialog({ record, onClose }: { record: DueRow; onClose: () => void }) {
  const [keyword, setKeyword] = useState('');
  const kw = useDebouncedValue(keyword.trim(), 400);
  const [chosen, setChosen] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const candidates = useQuery(dueCandidatesQuery(record.id, kw));
  const match = useMatchDue();
  const submit = async () => {
    if (chosen === null) {
      setRefusal('请选择要匹配的发票');
      return;
    }
    try {
      await match.mutateAsync({ id: record.id, invoiceId: chosen });
      onClose();
    } catch (e) {
      setRefusal((e as { msg?: string }).msg ?? '匹配失败');
    }
  };
  const submitOnce = useDebouncedClick(submit);
  const columns: TableColumnsType<DueCandidate> = [
    { title: '发票号码', dataIndex: 'number', width: 180 },
    { title: '销售方名称', dataIndex: 'sellerName', ellipsis: true, render: (v: string) => v || '—' },
    {
      title: '价税合计',
      dataIndex: 'amountTax',
      width: 110,
      align: 'right',
      render: (f: number) => formatMoney(f),
    },
    {
      title: '开票日期',
      dataIndex: 'billingDate',
      width: 110,
      render: (ms: number) => shanghaiDate(ms),
    },
    {
      title: '核对',
      dataIndex: 'mismatch',
      width: 300,
      render: (m: string | null) =>
        m ? (
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {m}
          </Typography.Text>
        ) : (
          <Tag color="success">可匹配</Tag>
        ),
    },
  ];
  return (
    <Modal
      open
      title="匹配发票"
      okText="确定匹配"
      confirmLoading={match.isPending}
      onOk={submitOnce}
      onCancel={onClose}
      destroyOnHidden
      width={860}
    >
      <Typography.Paragraph type="secondary">
        登记：{record.sellerName}，预计 ¥{formatMoney(record.expectedTotal)}
        。销售方须一致（有税号时按税号），金额相差不超过 ¥
        {formatMoney(dueAmountTolerance(record.expectedTotal))}；一张发票只能匹配一条记录。
      </Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder="按发票号码或销售方搜索"
        style={{ marginBottom: 12, width: 320 }}
        onChange={(e) => setKeyword(e.target.value)}
      />
      {refusal && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={refusal} />}
      <Table<DueCandidate>
        rowKey="invoiceId"
        size="small"
        loading={candidates.isFetching}
        columns={columns}
        dataSource={candidates.data?.items ?? []}
        pagination={false}
        scroll={{ y: 320 }}
        locale={{ emptyText: <Empty description="没有未匹配的发票，请先在我的发票中录入" /> }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen === null ? [] : [chosen],
          onChange: (keys) => {
            setChosen(Number(keys[0]));
            setRefusal(null);
          },
          getCheckboxProps: (r) => ({ disabled: r.mismatch !== null }),
        }}
        onRow={(r) => ({
          onClick: () => {
            if (r.mismatch === null) {
              setChosen(r.invoiceId);
              setRefusal(null);
            }
          },
        })}
      />
    </Modal>
  );
}

/** 详情: the record, its matched invoice and its log. */
export function DueDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery(dueDetailQuery(id));
  const d = detail.data;
  return (
    <Drawer open title="待收发票详情" width={560} onClose={onClose} data-testid="due-detail">
      {!d ? (
        detail.isError ? (
          <Alert type="error" showIcon title="详情加载失败" />
        ) : (
          <Spin />
        )
      ) : (
        <>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 120 } }}>
            <Descriptions.Item label="状态">
              <DueStatusTag row={d} />
            </Descriptions.Item>
            <Descriptions.Item label="销售方名称">{d.sellerName}</Descriptions.Item>
            <Descriptions.Item label="销售方税号">{d.sellerTaxId || '—'}</Descriptions.Item>
            <Descriptions.Item label="预计金额">¥{formatMoney(d.expectedTotal)}</Descriptions.Item>
            <Descriptions.Item label="预计发票类型">{d.expectedKindText || '—'}</Descriptions.Item>
            <Descriptions.Item label="预计到票日期">
              <DueDate row={d} />
            </Descriptions.Item>
            <Descriptions.Item label="事由">{d.reason}</Descriptions.Item>
            <Descriptions.Item label="登记人">
              {d.ownerName}
              {d.deptName ? `（${d.deptName}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="登记时间">
              {formatDateTime(d.createAt, 'YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
            {d.matchedInvoice && (
              <Descriptions.Item label="匹配发票">
                {d.matchedInvoice.number}（{d.matchedInvoice.typeText}，{d.matchedInvoice.sellerName}，¥
                {formatMoney(d.matchedInvoice.amountTax)}）
                {d.matchMode === 'auto' ? ' 自动匹配' : ' 手工匹配'}
              </Descriptions.Item>
            )}
            {d.status === 3 && <Descriptions.Item label="取消原因">{d.cancelReason}</Descriptions.Item>}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            操作日志
          </Typography.Title>
          <Timeline
            items={d.logs.map((l) => ({
              children: (
                <>
                  <Typography.Text strong>{l.action}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {l.operatorName} {formatDateTime(l.createAt, 'YYYY-MM-DD HH:mm')}
                  </Typography.Text>
                  <div>{l.content}</div>
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
