import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Modal } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { relateListQuery } from '../hooks/queries';
import { RelatedBillsTable, type RelatedBill } from './RelatedBillsTable';

/** Picks approved documents of the caller to connect (GET flow/relateBillPageList). */
function RelatedPicker({
  chosen,
  excludeId,
  onOk,
  onClose,
}: {
  chosen: RelatedBill[];
  excludeId?: number;
  onOk: (rows: RelatedBill[]) => void;
  onClose: () => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [picked, setPicked] = useState(() => new Map(chosen.map((r) => [r.id, r])));
  const list = useQuery({
    ...relateListQuery({ pageNum, pageSize: 10, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = (list.data?.items ?? []).filter((r) => r.id !== excludeId);
  return (
    <Modal open title="选择关联单据" width={960} onCancel={onClose} onOk={() => onOk([...picked.values()])}>
      <Input.Search
        allowClear
        placeholder="单据编号或名称"
        style={{ width: 260, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPageNum(1);
        }}
      />
      <RelatedBillsTable
        rows={rows}
        loading={list.isFetching}
        rowSelection={{
          selectedRowKeys: [...picked.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (r, sel) =>
            setPicked((m) => {
              const next = new Map(m);
              if (sel) next.set(r.id, r);
              else next.delete(r.id);
              return next;
            }),
          onSelectAll: (sel, _all, changed) =>
            setPicked((m) => {
              const next = new Map(m);
              for (const r of changed) {
                if (sel) next.set(r.id, r);
                else next.delete(r.id);
              }
              return next;
            }),
        }}
        pagination={{
          current: pageNum,
          pageSize: 10,
          total: list.data?.page.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: setPageNum,
        }}
      />
    </Modal>
  );
}

/** 关联单据 of the form (antd Form control): the chosen rows with 移除, and 添加关联单据. */
export function RelatedBillsField({
  value = [],
  onChange,
  excludeId,
}: {
  value?: RelatedBill[];
  onChange?: (rows: RelatedBill[]) => void;
  excludeId?: number;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RelatedBillsTable
        rows={value}
        extraColumns={[
          {
            title: '操作',
            key: 'op',
            width: 70,
            render: (_: unknown, r) => (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => onChange?.(value.filter((x) => x.id !== r.id))}
              >
                移除
              </Button>
            ),
          },
        ]}
      />
      <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => setOpen(true)}>
        添加关联单据
      </Button>
      {open && (
        <RelatedPicker
          chosen={value}
          excludeId={excludeId}
          onClose={() => setOpen(false)}
          onOk={(rows) => {
            onChange?.(rows);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
