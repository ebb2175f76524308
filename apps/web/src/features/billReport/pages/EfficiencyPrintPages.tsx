import { PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { BILL_TYPE_LABEL } from '@feikong/contracts';
import type { EfficiencyFilter } from '@/api/billReport';
import { EfficiencyDetails, EfficiencyOverview } from '../components/EfficiencyViews';
import { readEfficiencyQuery } from '../printQuery';
import './efficiencyPrint.css';

/** The toolbar (打印, hidden on paper) and the sheet with its title and query; the server checks billAnalysis:view. */
function PrintFrame({
  title,
  filter,
  testId,
  print,
  children,
}: {
  title: string;
  filter: EfficiencyFilter;
  testId: string;
  print: () => void;
  children: ReactNode;
}) {
  const scope = [
    `提交日期：${filter.startDate} 至 ${filter.endDate}`,
    `单据类型：${filter.billType ? BILL_TYPE_LABEL[filter.billType] : '全部'}`,
    `超时标准：${filter.overdueHours ?? 48}小时`,
  ];
  return (
    <div className="fk-efficiency-print" data-testid={testId}>
      <Flex justify="space-between" align="center" className="fk-no-print" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">打印时将隐藏此工具栏；图表与表格按 A4 纸排版。</Typography.Text>
        <Button type="primary" icon={<PrinterOutlined />} onClick={print}>
          打印
        </Button>
      </Flex>
      <div className="fk-efficiency-print-sheet">
        <h1>{title}</h1>
        <div className="fk-ep-meta">
          {scope.map((s) => (
            <span key={s}>{s}</span>
          ))}
          <span>打印时间：{dayjs().format('YYYY-MM-DD HH:mm')}</span>
        </div>
        {children}
      </div>
    </div>
  );
}

/** /subForm/efficiencyAnalysisBillDetail: 审批效率分析 of the URL's query, printable. */
export function EfficiencyAnalysisPrintPage({
  search = window.location.search,
  print = () => window.print(),
}: {
  search?: string;
  print?: () => void;
}) {
  const [{ filter }] = useState(() => readEfficiencyQuery(search));
  return (
    <PrintFrame title="审批效率分析" filter={filter} testId="efficiency-analysis-print" print={print}>
      <EfficiencyOverview filter={filter} print />
    </PrintFrame>
  );
}

/** /subForm/efficiencyDetailsBillDetail: 审批效率明细 (each document's nodes open) of the URL's query, printable. */
export function EfficiencyDetailsPrintPage({
  search = window.location.search,
  print = () => window.print(),
}: {
  search?: string;
  print?: () => void;
}) {
  const [{ filter, page: first }] = useState(() => readEfficiencyQuery(search));
  const [page, setPage] = useState(first);
  return (
    <PrintFrame title="审批效率明细" filter={filter} testId="efficiency-details-print" print={print}>
      <EfficiencyDetails
        filter={filter}
        print
        page={page}
        onPage={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
      />
    </PrintFrame>
  );
}
