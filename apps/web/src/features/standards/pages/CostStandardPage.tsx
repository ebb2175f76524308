import { Alert, Card, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  FEE_PERIOD_LABEL,
  FEE_PERIODS,
  FEE_TYPE_LABEL,
  STANDARD_DIMENSION_LABEL,
  type FeePeriod,
  type StandardDimension,
} from '@feikong/contracts';
import { standardsApi, type StandardCellIn } from '@/api/standards';
import { useAccess } from '@/components/Access';
import { MatrixEditor } from '../components/MatrixEditor';
import { costQuery, dimensionsQuery, STANDARD_PERM, standardKeys } from '../hooks/queries';

const PERIODS = FEE_PERIODS.map((p) => ({ value: p, label: `每${FEE_PERIOD_LABEL[p]}` }));

/** 费用标准 (设置中心 › 差旅与费用标准): per fee type, a cap per time, day or month for each grade × city group. */
export default function CostStandardPage() {
  const { can } = useAccess();
  const qc = useQueryClient();
  const dims = useQuery(dimensionsQuery);
  const [feeType, setFeeType] = useState('meal');
  const dimension = (dims.data?.dimension ?? 'grade') as StandardDimension;
  const table = useQuery({ ...costQuery(feeType, dimension), enabled: !!dims.data });
  const [period, setPeriod] = useState<FeePeriod>('time');
  useEffect(() => {
    const first = table.data?.cells[0]?.period;
    setPeriod((first ?? 'time') as FeePeriod);
  }, [table.data]);
  const save = useMutation({
    mutationFn: (cells: StandardCellIn[]) =>
      standardsApi.saveCost({ feeType: feeType as 'meal', dimension, cells }),
    onSuccess: (data) => qc.setQueryData(standardKeys.cost(feeType, dimension), data),
  });
  const editable = can([STANDARD_PERM.costEdit]);
  return (
    <Card title="费用标准" className="fk-panel" data-testid="cost-standards">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`每种费用类型按${STANDARD_DIMENSION_LABEL[dimension]}和城市组设置金额上限；每天、每月按上海时间计算，超标后的处理见「管控设置」。`}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <span>费用类型</span>
        <Select
          aria-label="费用类型"
          style={{ width: 180 }}
          value={feeType}
          onChange={setFeeType}
          options={(dims.data?.feeTypes ?? []).map((f) => ({ value: f.code, label: f.name }))}
        />
        <span>周期</span>
        <Segmented
          aria-label="周期"
          value={period}
          onChange={(v) => setPeriod(v as FeePeriod)}
          options={PERIODS}
          disabled={!editable}
        />
      </Space>
      {!dims.data || !table.data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {FEE_TYPE_LABEL[feeType]}每{FEE_PERIOD_LABEL[period]}的金额上限（元），空白表示不限。
          </Typography.Paragraph>
          <MatrixEditor
            kind="fee"
            what={`${FEE_TYPE_LABEL[feeType]}标准`}
            dims={dims.data}
            dimension={dimension}
            table={table.data}
            period={period}
            editable={editable}
            saving={save.isPending}
            onSave={(cells) => save.mutateAsync(cells)}
          />
        </>
      )}
    </Card>
  );
}
