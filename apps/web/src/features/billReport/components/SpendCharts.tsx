// The ES module build: lib/core is CommonJS, whose default export reaches the production bundle as an object.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { formatMoney } from '@feikong/contracts';
import type { SpendReport } from '@/api/billReport';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const HEIGHT = 320;
/** The chart draws the largest groups only; the table lists them all. */
export const CHART_GROUPS = 12;
/** One colour per state on both charts: approved greens (paid darker), approving blue. */
const COLOR = { paid: '#389e0d', approved: '#95de64', approving: '#4096ff' };
const yuan = (fen: number) => Math.round(fen) / 100;
/** One stacked bar series of money (分 in, 元 drawn) in its state's colour. */
const stacked = (name: string, fen: number[], color: string) => ({
  name,
  type: 'bar',
  stack: 'm',
  data: fen.map(yuan),
  barMaxWidth: 36,
  itemStyle: { color },
});
const tooltip = {
  trigger: 'axis',
  valueFormatter: (v: number) => `¥${formatMoney(Math.round(v * 100))}`,
};

/**
 * 金额分布: approved (paid and unpaid) and approving money of the largest groups, stacked; clicking a bar opens
 * the lines behind it.
 */
export function SpendGroupChart({ report, onPick }: { report: SpendReport; onPick: (key: string) => void }) {
  const rows = report.groups.slice(0, CHART_GROUPS);
  const option = {
    tooltip,
    legend: { top: 0, data: ['已付款', '已通过未付款', '审批中'] },
    grid: { left: 72, right: 24, bottom: 48, top: 48 },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.name),
      axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 },
    },
    yAxis: { type: 'value', name: '元' },
    series: [
      stacked(
        '已付款',
        rows.map((r) => r.paid),
        COLOR.paid,
      ),
      stacked(
        '已通过未付款',
        rows.map((r) => r.approved - r.paid),
        COLOR.approved,
      ),
      stacked(
        '审批中',
        rows.map((r) => r.approving),
        COLOR.approving,
      ),
    ],
  };
  return (
    <div data-testid="chart-spend-groups" aria-label="金额分布">
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        style={{ height: HEIGHT }}
        notMerge
        onEvents={{
          click: (e: { dataIndex?: number }) => {
            const row = e.dataIndex === undefined ? undefined : rows[e.dataIndex];
            if (row) onPick(row.key);
          },
        }}
      />
    </div>
  );
}

/** 月度趋势: approved and approving money per month of the range, stacked. */
export function SpendMonthChart({ report }: { report: SpendReport }) {
  const rows = report.months;
  const option = {
    tooltip,
    legend: { top: 0, data: ['已通过', '审批中'] },
    grid: { left: 72, right: 24, bottom: 32, top: 48 },
    xAxis: { type: 'category', data: rows.map((r) => r.month) },
    yAxis: { type: 'value', name: '元' },
    series: [
      stacked(
        '已通过',
        rows.map((r) => r.approved),
        COLOR.approved,
      ),
      stacked(
        '审批中',
        rows.map((r) => r.approving),
        COLOR.approving,
      ),
    ],
  };
  return (
    <div data-testid="chart-spend-months" aria-label="月度趋势">
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: HEIGHT }} notMerge />
    </div>
  );
}
