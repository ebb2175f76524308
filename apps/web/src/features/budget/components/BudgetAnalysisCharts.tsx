// The ES module build: lib/core is CommonJS, whose default export reaches the production bundle as an object.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { formatMoney } from '@feikong/contracts';
import type { BudgetAnalysisData } from '@/api/budget';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type NodeRow = BudgetAnalysisData['nodes'][number];
type Overrun = BudgetAnalysisData['overruns'][number];
const HEIGHT = 268;
/** The chart draws the first rows only; the table lists them all. */
export const CHART_NODES = 15;
/** 预算 grey-blue, 预占 orange, 已用 green, 超出 red — the same on every chart of the screen. */
export const BUDGET_COLOR = { budget: '#8fb0e6', occupied: '#fa8c16', used: '#52c41a', excess: '#f5222d' };
const yuan = (fen: number | null) => (fen === null ? null : Math.round(fen) / 100);
const tooltip = {
  trigger: 'axis',
  valueFormatter: (v: number | null) =>
    v === null || v === undefined ? '未编制' : `¥${formatMoney(Math.round(v * 100))}`,
};
const legend = { top: 0, data: ['预算', '预占', '已用'] };
const bar = (name: string, data: (number | null)[], color: string, stack?: string) => ({
  name,
  type: 'bar',
  data: data.map(yuan),
  barMaxWidth: 28,
  itemStyle: { color },
  ...(stack ? { stack } : {}),
});
/** A click on a series of a bar: which figure (预算 shows both, 预占 / 已用 their own documents). */
const KIND_OF: Record<string, 'all' | 'occupied' | 'used'> = { 预算: 'all', 预占: 'occupied', 已用: 'used' };

/** 预算执行（按节点）: budget beside occupied + used (stacked) per row; a click opens its documents. */
export function BudgetNodeChart({
  nodes,
  onPick,
}: {
  nodes: NodeRow[];
  onPick: (row: NodeRow, kind: 'all' | 'occupied' | 'used') => void;
}) {
  const rows = nodes.slice(0, CHART_NODES);
  const option = {
    tooltip,
    legend,
    grid: { left: 72, right: 16, bottom: 56, top: 56 },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.label),
      axisLabel: { interval: 0, rotate: rows.length > 5 ? 30 : 0, width: 90, overflow: 'truncate' },
    },
    yAxis: { type: 'value', name: '元' },
    series: [
      bar(
        '预算',
        rows.map((r) => r.budget),
        BUDGET_COLOR.budget,
      ),
      bar(
        '预占',
        rows.map((r) => r.occupied),
        BUDGET_COLOR.occupied,
        'spent',
      ),
      bar(
        '已用',
        rows.map((r) => r.used),
        BUDGET_COLOR.used,
        'spent',
      ),
    ],
  };
  return (
    <div data-testid="chart-budget-nodes" aria-label="预算执行（按节点）">
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        style={{ height: HEIGHT }}
        notMerge
        onEvents={{
          click: (e: { dataIndex?: number; seriesName?: string }) => {
            const row = e.dataIndex === undefined ? undefined : rows[e.dataIndex];
            if (row) onPick(row, KIND_OF[e.seriesName ?? ''] ?? 'all');
          },
        }}
      />
    </div>
  );
}

/** 月度趋势: budget, occupied and used per period as lines; a click opens the documents of that period. */
export function BudgetTrendChart({
  trend,
  onPick,
}: {
  trend: BudgetAnalysisData['trend'];
  onPick: (period: string, kind: 'all' | 'occupied' | 'used') => void;
}) {
  const line = (name: string, data: (number | null)[], color: string) => ({
    name,
    type: 'line',
    data: data.map(yuan),
    symbolSize: 7,
    connectNulls: false,
    itemStyle: { color },
    lineStyle: { color },
  });
  const option = {
    tooltip,
    legend,
    grid: { left: 64, right: 16, bottom: 32, top: 56 },
    xAxis: { type: 'category', data: trend.map((p) => p.text.replace(/^\d{4}年/, '')) },
    yAxis: { type: 'value', name: '元' },
    series: [
      line(
        '预算',
        trend.map((p) => p.budget),
        BUDGET_COLOR.budget,
      ),
      line(
        '预占',
        trend.map((p) => p.occupied),
        BUDGET_COLOR.occupied,
      ),
      line(
        '已用',
        trend.map((p) => p.used),
        BUDGET_COLOR.used,
      ),
    ],
  };
  return (
    <div data-testid="chart-budget-trend" aria-label="月度趋势">
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        style={{ height: HEIGHT }}
        notMerge
        onEvents={{
          click: (e: { dataIndex?: number; seriesName?: string }) => {
            const p = e.dataIndex === undefined ? undefined : trend[e.dataIndex];
            if (p) onPick(p.period, KIND_OF[e.seriesName ?? ''] ?? 'all');
          },
        }}
      />
    </div>
  );
}

/** 超预算排行: the largest excesses (occupied + used − budget) as horizontal bars; a click opens the documents. */
export function BudgetOverrunChart({
  overruns,
  onPick,
}: {
  overruns: Overrun[];
  onPick: (o: Overrun) => void;
}) {
  const rows = [...overruns].reverse();
  const option = {
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 110, right: 16, bottom: 24, top: 16 },
    xAxis: { type: 'value', name: '元', splitNumber: 3, axisLabel: { hideOverlap: true } },
    yAxis: {
      type: 'category',
      data: rows.map((o) => `${o.label} ${o.periodText.replace(/^\d{4}年/, '')}`),
      axisLabel: { width: 100, overflow: 'truncate' },
    },
    series: [
      bar(
        '超出',
        rows.map((o) => o.excess),
        BUDGET_COLOR.excess,
      ),
    ],
  };
  return (
    <div data-testid="chart-budget-overruns" aria-label="超预算排行">
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        style={{ height: HEIGHT }}
        notMerge
        onEvents={{
          click: (e: { dataIndex?: number }) => {
            const o = e.dataIndex === undefined ? undefined : rows[e.dataIndex];
            if (o) onPick(o);
          },
        }}
      />
    </div>
  );
}
