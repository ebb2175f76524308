import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  App,
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Input,
  InputNumber,
  Space,
  Table,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { formatDateTime, formatMoney, type PurchaseApplyLineInput } from '@feikong/contracts';
import { purchasingApi, type PurchaseApplyLine } from '@/api/purchasing';
import { feeTypeOptionsQuery, feeTypeTreeData } from '@/features/settings';
import { applyInfoQuery, purchasingKeys } from '../queries';

/** A line being filled: price in 元 as typed. */
export interface DraftLine {
  key: string;
  name: string;
  spec: string;
  quantity: number | null;
  price: number | null;
  expect_date: number | null;
  /** 费用类型 code: the line occupies that fee type's budget at submit; null = not budgeted. */
  fee_type: string | null;
}
let seq = 0;
const blank = (): DraftLine => ({
  key: `l${(seq += 1)}`,
  name: '',
  spec: '',
  quantity: 1,
  price: null,
  expect_date: dayjs().add(7, 'day').startOf('day').valueOf(),
  fee_type: null,
});
const fen = (yuan: number | null) => Math.round((yuan ?? 0) * 100);
export const draftTotal = (lines: DraftLine[]) =>
  lines.reduce((s, l) => s + (l.quantity ?? 0) * fen(l.price), 0);

/** What is missing in the lines, in Chinese (empty when they may be saved). */
export function draftProblems(lines: DraftLine[]): string[] {
  if (lines.length === 0) return ['请至少填写一行采购明细'];
  return lines.flatMap((l, i) => {
    const n = `采购明细第${i + 1}行`;
    return [
      ...(l.name.trim() ? [] : [`${n}：请填写品名`]),
      ...((l.quantity ?? 0) >= 1 ? [] : [`${n}：数量必须大于0`]),
      ...(l.price !== null ? [] : [`${n}：请填写单价`]),
      ...(l.expect_date !== null ? [] : [`${n}：请选择期望到货日期`]),
    ];
  });
}
export const draftBody = (lines: DraftLine[]): PurchaseApplyLineInput[] =>
  lines.map((l) => ({
    name: l.name.trim(),
    spec: l.spec.trim(),
    quantity: l.quantity ?? 0,
    price: fen(l.price),
    expect_date: l.expect_date ?? 0,
    fee_type: l.fee_type,
  }));

/**
 * The purchase lines of a 采购申请 being filled (BillFiller): loaded from a saved document, saved after the
 * document itself (`persist`).
 */
export function usePurchaseLines(billId: number | undefined, enabled: boolean) {
  const qc = useQueryClient();
  const saved = useQuery({ ...applyInfoQuery(billId ?? 0), enabled: enabled && !!billId });
  const [lines, setLines] = useState<DraftLine[] | null>(null);
  useEffect(() => {
    if (lines !== null || !enabled) return;
    if (!billId) setLines([blank()]);
    else if (saved.data)
      setLines(
        saved.data.lines.length
          ? saved.data.lines.map((l) => ({
              key: `s${l.id}`,
              name: l.name,
              spec: l.spec,
              quantity: l.quantity,
              price: l.price / 100,
              expect_date: l.expect_date,
              fee_type: l.fee_type,
            }))
          : [blank()],
      );
  }, [billId, enabled, saved.data, lines]);
  const persist = async (id: number) => {
    await purchasingApi.saveLines({ bill_id: id, lines: draftBody(lines ?? []) });
    await qc.invalidateQueries({ queryKey: purchasingKeys.all });
  };
  return { lines: lines ?? [], setLines, persist };
}

/** 采购明细 editor: 品名, 规格, 数量, 单价（元）, 金额, 期望到货日期. */
export function PurchaseLinesEditor({
  value,
  onChange,
}: {
  value: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
}) {
  const set = (key: string, patch: Partial<DraftLine>) =>
    onChange(value.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  // 费用类型 a 采购申请 may use: the line occupies that fee type's budget when the document is submitted.
  const choices = useQuery(feeTypeOptionsQuery('purchase'));
  const treeData = feeTypeTreeData(choices.data ?? []);
  return (
    <div data-testid="purchase-lines-editor">
      <Table<DraftLine>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={value}
        columns={[
          {
            title: '品名',
            key: 'name',
            render: (_: unknown, l, i) => (
              <Input
                aria-label={`品名${i + 1}`}
                maxLength={100}
                value={l.name}
                onChange={(e) => set(l.key, { name: e.target.value })}
              />
            ),
          },
          {
            title: '规格',
            key: 'spec',
            width: 150,
            render: (_: unknown, l, i) => (
              <Input
                aria-label={`规格${i + 1}`}
                maxLength={100}
                value={l.spec}
                onChange={(e) => set(l.key, { spec: e.target.value })}
              />
            ),
          },
          {
            title: '数量',
            key: 'quantity',
            width: 90,
            render: (_: unknown, l, i) => (
              <InputNumber
                aria-label={`数量${i + 1}`}
                min={1}
                precision={0}
                value={l.quantity}
                onChange={(v) => set(l.key, { quantity: v })}
              />
            ),
          },
          {
            title: '单价（元）',
            key: 'price',
            width: 120,
            render: (_: unknown, l, i) => (
              <InputNumber
                aria-label={`单价${i + 1}`}
                min={0}
                precision={2}
                value={l.price}
                onChange={(v) => set(l.key, { price: v })}
              />
            ),
          },
          {
            title: '金额',
            key: 'amount',
            width: 110,
            align: 'right',
            render: (_: unknown, l) => formatMoney((l.quantity ?? 0) * fen(l.price)),
          },
          {
            title: '费用类型',
            key: 'fee_type',
            width: 140,
            render: (_: unknown, l, i) => (
              <TreeSelect<string>
                aria-label={`费用类型${i + 1}`}
                style={{ width: '100%' }}
                placeholder="不占预算"
                allowClear
                value={l.fee_type ?? undefined}
                treeData={treeData}
                treeDefaultExpandAll
                showSearch
                treeNodeFilterProp="title"
                loading={choices.isLoading}
                popupMatchSelectWidth={220}
                onChange={(v) => set(l.key, { fee_type: v ?? null })}
              />
            ),
          },
          {
            title: '期望到货日期',
            key: 'expect',
            width: 150,
            render: (_: unknown, l, i) => (
              <DatePicker
                aria-label={`期望到货日期${i + 1}`}
                value={l.expect_date ? dayjs(l.expect_date) : null}
                onChange={(d) => set(l.key, { expect_date: d ? d.startOf('day').valueOf() : null })}
              />
            ),
          },
          {
            title: '',
            key: 'op',
            width: 44,
            render: (_: unknown, l) => (
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label="删除明细"
                disabled={value.length <= 1}
                onClick={() => onChange(value.filter((x) => x.key !== l.key))}
              />
            ),
          },
        ]}
        footer={() => (
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Button icon={<PlusOutlined />} onClick={() => onChange([...value, blank()])}>
              添加明细
            </Button>
            <Typography.Text strong data-testid="purchase-total">
              合计：¥{formatMoney(draftTotal(value))}
            </Typography.Text>
          </Space>
        )}
      />
    </div>
  );
}

/**
 * 采购明细 of a document's detail: each line with whether it was approved; a current approver unticks the
 * lines they do not approve and saves (逐行审批) before 同意 — what stays ticked becomes the 采购任务.
 */
export function PurchaseLinesPanel({ billId, status }: { billId: number; status: string }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  // Keyed by the document's status too: an approval step (the flow's) reads the lines again.
  const base = applyInfoQuery(billId);
  const info = useQuery({ ...base, queryKey: [...base.queryKey, status] as unknown as typeof base.queryKey });
  const [refused, setRefused] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const d = info.data;
  if (!d) return null;
  const current = refused ?? d.lines.filter((l) => !l.approved).map((l) => l.id);
  const save = async () => {
    setBusy(true);
    try {
      await purchasingApi.decide({ bill_id: billId, refused_line_ids: current });
      await qc.invalidateQueries({ queryKey: purchasingKeys.all });
      setRefused(null);
      void message.success('逐行审批已保存');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="purchase-lines-panel">
      {d.can_decide && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title="取消勾选不同意的明细并保存，再点同意；未勾选的明细不会进入采购任务。"
        />
      )}
      <Table<PurchaseApplyLine>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={d.lines}
        scroll={{ x: 640 }}
        columns={[
          {
            title: '同意',
            key: 'ok',
            width: 60,
            render: (_: unknown, l) =>
              d.can_decide ? (
                <Checkbox
                  aria-label={`同意-${l.name}`}
                  checked={!current.includes(l.id)}
                  onChange={(e) =>
                    setRefused(e.target.checked ? current.filter((x) => x !== l.id) : [...current, l.id])
                  }
                />
              ) : l.approved ? (
                <Tag color="success">同意</Tag>
              ) : (
                <Tag color="error">不同意</Tag>
              ),
          },
          { title: '品名', dataIndex: 'name' },
          { title: '规格', dataIndex: 'spec' },
          { title: '数量', dataIndex: 'quantity', width: 60, align: 'right' },
          {
            title: '单价',
            dataIndex: 'price',
            width: 100,
            align: 'right',
            render: (f: number) => formatMoney(f),
          },
          {
            title: '金额',
            dataIndex: 'amount',
            width: 110,
            align: 'right',
            render: (f: number) => formatMoney(f),
          },
          {
            title: '费用类型',
            dataIndex: 'feeTypeText',
            width: 90,
            render: (v: string) => v || '—',
          },
          {
            title: '期望到货',
            dataIndex: 'expect_date',
            width: 105,
            render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD'),
          },
        ]}
        footer={() => (
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text>
              申请 ¥{formatMoney(d.amount)}，同意 ¥{formatMoney(d.approved_amount)}
            </Typography.Text>
            {d.can_decide && (
              <Button type="primary" ghost loading={busy} onClick={save} disabled={refused === null}>
                保存逐行审批
              </Button>
            )}
          </Space>
        )}
      />
    </div>
  );
}
