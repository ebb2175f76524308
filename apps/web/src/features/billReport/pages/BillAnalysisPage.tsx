import { App, Button, Card, DatePicker, Dropdown, InputNumber, Select, Space, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { BILL_TYPE_LABEL, BILL_TYPES, TaskOperatingType, type BillType } from '@feikong/contracts';
import type { EfficiencyFilter } from '@/api/billReport';
import { tasksApi } from '@/api/tasks';
import { useAccess } from '@/components/Access';
import { useExportTracking } from '@/features/common';
import { EfficiencyDetails, EfficiencyOverview } from '../components/EfficiencyViews';
import { BILL_REPORT_PERM } from '../hooks/queries';
import { efficiencyPrintUrl, type EfficiencyPrintPage } from '../printQuery';

const BILL_TYPE_OPTIONS = BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }));
const DAY_FORMAT = 'YYYY-MM-DD';

/** The export menu: operating types of spec §3 and the permission each needs. */
const EXPORTS: { type: number; label: string; perm: string }[] = [
  {
    type: TaskOperatingType.flowEfficiencyDocumentExport,
    label: '效率明细（按单据）',
    perm: BILL_REPORT_PERM.analysisExport,
  },
  {
    type: TaskOperatingType.flowEfficiencyDepartmentExport,
    label: '效率明细（按部门）',
    perm: BILL_REPORT_PERM.analysisExport,
  },
  {
    type: TaskOperatingType.flowEfficiencyPersonExport,
    label: '效率明细（按人员）',
    perm: BILL_REPORT_PERM.analysisExport,
  },
  { type: TaskOperatingType.documentExport, label: '单据导出', perm: BILL_REPORT_PERM.analysisExport },
  {
    type: TaskOperatingType.billExport,
    label: '账单导出（费用明细）',
    perm: BILL_REPORT_PERM.analysisExport,
  },
  { type: TaskOperatingType.flowExport, label: '审批流程导出', perm: BILL_REPORT_PERM.flowView },
];

/** 单据分析: approval efficiency (charts and tables) and its per-document details, with exports. */
export default function BillAnalysisPage() {
  const { message } = App.useApp();
  const { can } = useAccess();
  const { trackExport, running } = useExportTracking();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [billType, setBillType] = useState<BillType | undefined>(undefined);
  const [overdueHours, setOverdueHours] = useState(48);
  const [tab, setTab] = useState('overview');
  const filter: EfficiencyFilter = {
    startDate: range[0].format(DAY_FORMAT),
    endDate: range[1].format(DAY_FORMAT),
    billType,
    overdueHours,
  };
  const exports = EXPORTS.filter((e) => can([e.perm]));

  const startExport = async (type: number) => {
    const { id } = await tasksApi.exportFile(
      type,
      type === TaskOperatingType.flowExport ? {} : { ...filter },
    );
    void message.info('导出任务已创建，完成后将自动下载，也可在下载中心查看');
    trackExport(id);
  };

  return (
    <Card
      title="单据分析"
      className="fk-panel"
      data-testid="bill-analysis"
      extra={
        <Space>
          <Dropdown
            menu={{
              items: [
                { key: 'efficiencyAnalysisBillDetail', label: '打印效率分析' },
                { key: 'efficiencyDetailsBillDetail', label: '打印效率明细' },
              ],
              onClick: ({ key }) =>
                window.open(efficiencyPrintUrl(key as EfficiencyPrintPage, filter), '_blank', 'noopener'),
            }}
          >
            <Button>打印</Button>
          </Dropdown>
          {exports.length > 0 && (
            <Dropdown
              menu={{
                items: exports.map((e) => ({ key: String(e.type), label: e.label })),
                onClick: ({ key }) => void startExport(Number(key)).catch(() => undefined),
              }}
            >
              <Button loading={running.length > 0}>导出</Button>
            </Dropdown>
          )}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => v && v[0] && v[1] && setRange([v[0], v[1]])}
          aria-label="提交日期"
        />
        <Select
          allowClear
          placeholder="全部单据类型"
          style={{ width: 160 }}
          value={billType}
          options={BILL_TYPE_OPTIONS}
          onChange={(v) => setBillType(v)}
          aria-label="单据类型"
        />
        <Space size={4}>
          <span>超时标准</span>
          <InputNumber
            min={1}
            max={8760}
            precision={0}
            value={overdueHours}
            onChange={(v) => v && setOverdueHours(v)}
            suffix="小时"
            style={{ width: 120 }}
            aria-label="超时标准（小时）"
          />
        </Space>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'overview', label: '效率分析', children: <EfficiencyOverview filter={filter} /> },
          { key: 'details', label: '效率明细', children: <EfficiencyDetails filter={filter} /> },
        ]}
      />
    </Card>
  );
}
