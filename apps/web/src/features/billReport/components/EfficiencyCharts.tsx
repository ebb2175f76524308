// The ES module build: lib/core is CommonJS, whose default export reaches the production bundle as an object.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EfficiencyReport } from '@/api/billReport';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const HEIGHT = 320;

/** 各部门审批效率: documents (bars, left axis) and average / P90 hours (bars, right axis) per department. */
export function DepartmentChart({ report }: { report: EfficiencyReport }) {
  const rows = report.byDepartment;
  const option = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['单据数', '平均耗时（小时）', 'P90耗时（小时）'] },
    grid: { left: 48, right: 56, bottom: 32, top: 64 },
    xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { interval: 0 } },
    yAxis: [
      { type: 'value', name: '单据数', minInterval: 1 },
      { type: 'value', name: '小时' },
    ],
    series: [
      { name: '单据数', type: 'bar', data: rows.map((r) => r.documents), barMaxWidth: 28 },
      {
        name: '平均耗时（小时）',
        type: 'bar',
        yAxisIndex: 1,
        data: rows.map((r) => r.avgHours ?? 0),
        barMaxWidth: 28,
      },
      {
        name: 'P90耗时（小时）',
        type: 'bar',
        yAxisIndex: 1,
        data: rows.map((r) => r.p90Hours ?? 0),
        barMaxWidth: 28,
      },
    ],
  };
  return (
    <div data-testid="chart-department" aria-label="各部门审批效率">
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: HEIGHT }} notMerge />
    </div>
  );
}

/** 按周趋势: documents submitted per week and their average hours. */
export function WeekChart({ report }: { report: EfficiencyReport }) {
  const rows = report.byWeek;
  const option = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['提交单据数', '平均耗时（小时）'] },
    grid: { left: 48, right: 56, bottom: 32, top: 64 },
    xAxis: { type: 'category', data: rows.map((r) => `${r.week.slice(5)}周`) },
    yAxis: [
      { type: 'value', name: '单据数', minInterval: 1 },
      { type: 'value', name: '小时' },
    ],
    series: [
      { name: '提交单据数', type: 'line', data: rows.map((r) => r.documents), smooth: true },
      {
        name: '平均耗时（小时）',
        type: 'line',
        yAxisIndex: 1,
        data: rows.map((r) => r.avgHours),
        smooth: true,
        connectNulls: true,
      },
    ],
  };
  return (
    <div data-testid="chart-week" aria-label="按周趋势">
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: HEIGHT }} notMerge />
    </div>
  );
}
