import { DatePicker, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { BILL_TYPE_LABEL, BILL_TYPES, type BillType } from '@feikong/contracts';
import { dayRange, rangeToMs } from '@/components/ListPage';

const TYPE_OPTIONS = BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }));

/**
 * The filter bar 我的待办 and 我发起的 share: keyword (单据编号或事由), 单据类型, the list's own selects
 * (`children`: 状态, 风险 …) and a day range. Values come from and go to the list's URL params.
 */
export function BillListFilters({
  keyword,
  billType,
  range,
  rangePlaceholder,
  onKeyword,
  onBillType,
  onRange,
  children,
}: {
  keyword?: string;
  billType?: BillType;
  range: [number | undefined, number | undefined];
  rangePlaceholder: [string, string];
  onKeyword: (keyword: string) => void;
  onBillType: (billType: BillType | undefined) => void;
  onRange: (min: number | undefined, max: number | undefined) => void;
  children?: ReactNode;
}) {
  return (
    <>
      <Input.Search
        allowClear
        defaultValue={keyword}
        placeholder="单据编号或事由"
        style={{ width: 220 }}
        onSearch={(v) => onKeyword(v.trim())}
      />
      <Select
        allowClear
        placeholder="单据类型"
        style={{ width: 140 }}
        value={billType}
        onChange={onBillType}
        options={TYPE_OPTIONS}
      />
      {children}
      <DatePicker.RangePicker
        placeholder={rangePlaceholder}
        value={dayRange(range[0], range[1])}
        onChange={(r) => {
          const { min, max } = rangeToMs(r);
          onRange(min, max);
        }}
      />
    </>
  );
}
