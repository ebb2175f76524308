import { App, Button, Empty, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import {
  AIR_CABIN_LABEL,
  AIR_CABINS,
  ALL_CITIES_NAME,
  CAR_LEVEL_LABEL,
  CAR_LEVELS,
  formatDateTime,
  OTHER_CITY_GROUP_ID,
  STANDARD_DIMENSION_LABEL,
  TRAIN_SEAT_LABEL,
  TRAIN_SEATS,
  type FeePeriod,
  type StandardDimension,
  type StandardKind,
} from '@feikong/contracts';
import type { StandardCellIn, StandardDimensions, StandardTable } from '@/api/standards';
import { draftKey, toCells, toDrafts, type Draft } from './matrix';

const options = (values: readonly string[], labels: Record<string, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));
const CABINS = options(AIR_CABINS, AIR_CABIN_LABEL);
const SEATS = options(TRAIN_SEATS, TRAIN_SEAT_LABEL);
const LEVELS = options(CAR_LEVELS, CAR_LEVEL_LABEL);

interface Row {
  id: number;
  name: string;
}

interface Props {
  kind: StandardKind;
  /** What the cells are called in labels: 住宿标准, 业务招待费标准 … */
  what: string;
  dims: StandardDimensions;
  dimension: StandardDimension;
  table: StandardTable;
  period?: FeePeriod;
  editable: boolean;
  saving: boolean;
  onSave: (cells: StandardCellIn[]) => Promise<unknown>;
}

/**
 * The matrix editor of one standard table: rows are the grades (or jobs), columns the city groups and 其他城市
 * (one column 全部城市 when the city dimension is off); a cell holds the kind's amount or classes, empty = 不限.
 * 保存 sends the whole table.
 */
export function MatrixEditor({
  kind,
  what,
  dims,
  dimension,
  table,
  period,
  editable,
  saving,
  onSave,
}: Props) {
  const { message } = App.useApp();
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => toDrafts(table));
  useEffect(() => setDrafts(toDrafts(table)), [table]);
  const subjects: Row[] = dimension === 'grade' ? dims.grades : dims.jobs;
  const groups = useMemo(
    () =>
      dims.cityMode === 'none'
        ? [{ id: OTHER_CITY_GROUP_ID, name: ALL_CITIES_NAME, cityNames: [] as string[] }]
        : dims.cityGroups,
    [dims],
  );
  const patch = (key: string, p: Partial<Draft>) => setDrafts((d) => ({ ...d, [key]: { ...d[key], ...p } }));

  const cell = (s: Row, g: { id: number; name: string }) => {
    const key = draftKey(s.id, g.id);
    const d = drafts[key] ?? {};
    const label = `${s.name}·${g.name}·${what}`;
    const money = (
      field: 'nightCap' | 'meal' | 'traffic' | 'cap',
      prefix: string,
      suffix: string,
      name = label,
    ) => (
      <InputNumber<number>
        size="small"
        aria-label={name}
        disabled={!editable}
        min={0.01}
        max={1_000_000}
        precision={2}
        placeholder="不限"
        prefix={prefix}
        suffix={suffix}
        value={d[field] ?? null}
        onChange={(v) => patch(key, { [field]: v })}
        style={{ width: '100%' }}
      />
    );
    const multi = (field: 'cabins' | 'seats' | 'levels', opts: { value: string; label: string }[]) => (
      <Select
        size="small"
        mode="multiple"
        aria-label={label}
        disabled={!editable}
        placeholder="不限"
        options={opts}
        value={d[field] ?? []}
        onChange={(v: string[]) => patch(key, { [field]: v })}
        style={{ width: '100%' }}
        maxTagCount="responsive"
      />
    );
    switch (kind) {
      case 'hotel':
        return money('nightCap', '¥', '/晚');
      case 'fee':
        return money('cap', '¥', '');
      case 'air':
        return (
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            {multi('cabins', CABINS)}
            <InputNumber<number>
              size="small"
              aria-label={`${label}·折扣上限`}
              disabled={!editable}
              min={1}
              max={10}
              step={0.5}
              precision={1}
              placeholder="折扣不限"
              suffix="折"
              value={d.discount ?? null}
              onChange={(v) => patch(key, { discount: v })}
              style={{ width: '100%' }}
            />
          </Space>
        );
      case 'train':
        return multi('seats', SEATS);
      case 'car':
        return multi('levels', LEVELS);
      case 'allowance':
        return (
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            {money('meal', '餐补 ¥', '/天', `${label}·餐补`)}
            {money('traffic', '交通 ¥', '/天', `${label}·交通补贴`)}
          </Space>
        );
    }
  };

  const columns: ColumnsType<Row> = [
    {
      title: STANDARD_DIMENSION_LABEL[dimension],
      dataIndex: 'name',
      key: 'name',
      fixed: 'left',
      width: 120,
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    ...groups.map((g) => ({
      key: `g${g.id}`,
      title: (
        <span title={g.cityNames.join('、') || undefined}>
          {g.name}
          {g.cityNames.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 4 }}>
              {g.cityNames.length}个城市
            </Typography.Text>
          )}
        </span>
      ),
      width: kind === 'hotel' || kind === 'fee' ? 180 : 240,
      render: (_: unknown, s: Row) => cell(s, g),
    })),
  ];

  const save = async () => {
    try {
      await onSave(toCells(kind, drafts, subjects, groups, period));
      void message.success('已保存');
    } catch {
      // the request client has shown why
    }
  };

  if (subjects.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={`还没有${STANDARD_DIMENSION_LABEL[dimension]}，请先在 设置中心 › 组织架构 › 职级职位 中添加`}
      />
    );
  return (
    <div data-testid={`matrix-${kind}`}>
      <Table<Row>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={subjects}
        scroll={{ x: 'max-content' }}
      />
      <div className="fk-toolbar" style={{ marginTop: 12 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          空白表示不限。
          {table.updatedAt !== null &&
            `最近保存：${table.updatedByName || '—'} ${formatDateTime(table.updatedAt)}`}
        </Typography.Text>
        {editable && (
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        )}
      </div>
    </div>
  );
}
