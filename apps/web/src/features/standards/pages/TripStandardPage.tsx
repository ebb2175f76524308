import { Alert, Card, Skeleton, Tabs, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  STANDARD_DIMENSION_LABEL,
  TRIP_KINDS,
  type StandardDimension,
  type TripKind,
} from '@feikong/contracts';
import { standardsApi, type StandardCellIn } from '@/api/standards';
import { useAccess } from '@/components/Access';
import { MatrixEditor } from '../components/MatrixEditor';
import { dimensionsQuery, STANDARD_PERM, standardKeys, tripQuery } from '../hooks/queries';

const TAB: Record<TripKind, { label: string; what: string; hint: string }> = {
  hotel: { label: '住宿', what: '住宿标准', hint: '每晚住宿费上限（元）。' },
  air: {
    label: '机票',
    what: '机票标准',
    hint: '可乘坐的舱位，以及票价不超过全价的几折（不填为不限折扣）。',
  },
  train: { label: '火车', what: '火车标准', hint: '可乘坐的席别。' },
  car: { label: '用车', what: '用车标准', hint: '可用的车型。' },
  allowance: { label: '差旅补贴', what: '差旅补贴', hint: '每天的餐补和交通补贴（元）。' },
};

function TripTable({
  kind,
  dimension,
  editable,
}: {
  kind: TripKind;
  dimension: StandardDimension;
  editable: boolean;
}) {
  const qc = useQueryClient();
  const dims = useQuery(dimensionsQuery);
  const table = useQuery(tripQuery(kind, dimension));
  const save = useMutation({
    mutationFn: (cells: StandardCellIn[]) => standardsApi.saveTrip({ kind, dimension, cells }),
    onSuccess: (data) => qc.setQueryData(standardKeys.trip(kind, dimension), data),
  });
  if (!dims.data || !table.data) return <Skeleton active paragraph={{ rows: 5 }} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{TAB[kind].hint}</Typography.Paragraph>
      <MatrixEditor
        kind={kind}
        what={TAB[kind].what}
        dims={dims.data}
        dimension={dimension}
        table={table.data}
        editable={editable}
        saving={save.isPending}
        onSave={(cells) => save.mutateAsync(cells)}
      />
    </>
  );
}

/** 差旅标准 (设置中心 › 差旅与费用标准): one matrix per kind — 住宿, 机票, 火车, 用车, 差旅补贴. */
export default function TripStandardPage() {
  const { can } = useAccess();
  const dims = useQuery(dimensionsQuery);
  const [kind, setKind] = useState<TripKind>('hotel');
  const dimension = (dims.data?.dimension ?? 'grade') as StandardDimension;
  return (
    <Card title="差旅标准" className="fk-panel" data-testid="trip-standards">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`按${STANDARD_DIMENSION_LABEL[dimension]}${dims.data?.cityMode === 'none' ? '设置（不区分城市）' : '和城市组设置，未归入城市组的城市按「其他城市」'}；超标后的处理见「管控设置」。`}
      />
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as TripKind)}
        items={TRIP_KINDS.map((k) => ({
          key: k,
          label: TAB[k].label,
          children:
            kind === k && dims.data ? (
              <TripTable kind={k} dimension={dimension} editable={can([STANDARD_PERM.tripEdit])} />
            ) : null,
        }))}
      />
    </Card>
  );
}
