import { Card, Input, Select, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CardListQuery,
  CardStatus,
  CardStatusLabel,
  CardType,
  CardTypeLabel,
  formatDateTime,
  optionsOf,
  TaskOperatingType,
  type CardOp,
} from '@feikong/contracts';
import type { CardListRow } from '@/api/card';
import { useAccess } from '@/components/Access';
import { ListTable, moneyColumn, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { useExportTracking } from '@/features/common';
import { CardOperateDialog } from '../components/CardOperateDialog';
import { CardOpButtons } from '../components/cardOps';
import { CARD_DETAIL, CARD_PERM, cardListQuery } from '../queries';

export const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'default' };

/**
 * 卡片列表 (cardPay/CardList, /cardPay/cardList; decision 0057): the tenant's cards by card number, holder,
 * status, type and batch, with balance; a card number opens 卡片详情; 冻结 / 解冻 / 注销 each ask a reason;
 * 导出 (task 156) writes the filtered list.
 */
export default function CardListPage() {
  const { can } = useAccess();
  const navigate = useNavigate();
  const u = useListParams(CardListQuery, SNAKE_PAGE);
  const { card_no, holder, status, card_type, card_batch_no } = u.query;
  const list = useQuery({
    ...cardListQuery(u.query),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const canEdit = can([CARD_PERM.listEdit]);
  const { trackExport } = useExportTracking();
  const [operating, setOperating] = useState<{ card: CardListRow; op: CardOp } | null>(null);
  const open = (r: CardListRow) => navigate(`${CARD_DETAIL}/${r.id}`);

  const columns: ListColumn<CardListRow>[] = [
    {
      title: '卡号',
      role: 'key',
      dataIndex: 'card_no',
      width: 190,
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
    { title: '卡片类型', dataIndex: 'cardTypeText', width: 90 },
    { title: '持卡人', dataIndex: 'holder_name', width: 110 },
    moneyColumn<CardListRow>('余额(元)', 'balance'),
    {
      title: '状态',
      role: 'status',
      dataIndex: 'status',
      width: 80,
      render: (s: number, r) => <Tag color={STATUS_COLOR[s]}>{r.statusText}</Tag>,
    },
    { title: '发放批次', dataIndex: 'card_batch_no', width: 150 },
    {
      title: '发放时间',
      dataIndex: 'created_at',
      width: 140,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 150,
      fixed: 'right',
      render: (_: unknown, r) =>
        canEdit ? <CardOpButtons status={r.status} onOp={(op) => setOperating({ card: r, op })} /> : null,
    },
  ];

  return (
    <Card title="卡片列表" data-testid="card-list" className="fk-panel">
      <ListTable<CardListRow>
        query={list}
        paging={{ ...u, total: list.data?.total }}
        what="「卡片列表」"
        columns={columns}
        exportTask={
          can([CARD_PERM.listView])
            ? {
                operatingType: TaskOperatingType.cardListExport,
                label: '导出',
                fileName: '卡片列表.xlsx',
                params: { card_no, holder, status, card_type, card_batch_no },
                track: trackExport,
              }
            : undefined
        }
        filters={
          <>
            <Input.Search
              allowClear
              placeholder="卡号"
              style={{ width: 180 }}
              defaultValue={card_no}
              onSearch={(v) => u.set({ card_no: v.trim() })}
            />
            <Input.Search
              allowClear
              placeholder="持卡人"
              style={{ width: 140 }}
              defaultValue={holder}
              onSearch={(v) => u.set({ holder: v.trim() })}
            />
            <Select
              allowClear
              placeholder="状态"
              style={{ width: 110 }}
              value={status}
              options={optionsOf(CardStatus, CardStatusLabel)}
              onChange={(v) => u.set({ status: v })}
            />
            <Select
              allowClear
              placeholder="卡片类型"
              style={{ width: 120 }}
              value={card_type}
              options={optionsOf(CardType, CardTypeLabel)}
              onChange={(v) => u.set({ card_type: v })}
            />
            <Input.Search
              allowClear
              placeholder="发放批次号"
              style={{ width: 170 }}
              defaultValue={card_batch_no}
              onSearch={(v) => u.set({ card_batch_no: v.trim() })}
            />
          </>
        }
      />
      {operating && (
        <CardOperateDialog card={operating.card} op={operating.op} onClose={() => setOperating(null)} />
      )}
    </Card>
  );
}
