import { Button, Card, Tag, Tooltip } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime, formatMoney, shanghaiDate, InvoiceSimplePageQuery } from '@feikong/contracts';
import type { VerificationRecord } from '@/api/invoice';
import { ListTable, useListParams, type ListColumn } from '@/components/ListPage';
import { recordsQuery } from '../hooks/queries';

/**
 * 查验记录 (invoice/TaskCheck): every verification, with its verdict. The embedded provider's verdicts
 * are labelled 本地校验: they were not checked by the tax authority, and the list says so.
 */
export default function TaskCheckPage() {
  const navigate = useNavigate();
  const u = useListParams(InvoiceSimplePageQuery);
  const { pageNum, pageSize } = u;
  const records = useQuery({ ...recordsQuery({ pageNum, pageSize }), placeholderData: keepPreviousData });
  const columns: ListColumn<VerificationRecord>[] = [
    { title: '发票类型', dataIndex: 'typeText', width: 170 },
    { title: '发票代码', dataIndex: 'code', width: 130, render: (v: string) => v || '—' },
    { title: '发票号码', dataIndex: 'number', width: 190, role: 'key' },
    { title: '开票日期', dataIndex: 'billingDate', width: 110, render: (ms: number) => shanghaiDate(ms) },
    { title: '金额', dataIndex: 'amount', width: 110, role: 'amount', render: (f: number) => formatMoney(f) },
    {
      title: '查验结果',
      role: 'status',
      key: 'verdict',
      width: 190,
      render: (_: unknown, r) => (
        <span data-testid={`verdict-${r.id}`}>
          <Tag color={r.passed ? 'success' : 'error'}>{r.passed ? '通过' : '不通过'}</Tag>
          {r.official ? (
            <Tag color="blue">{r.label}</Tag>
          ) : (
            <Tooltip title="未经税务机关查验，仅做本地规则校验">
              <Tag color="warning">{r.label}</Tag>
            </Tooltip>
          )}
        </span>
      ),
    },
    { title: '说明', dataIndex: 'message', ellipsis: true },
    { title: '查验人', dataIndex: 'checkerName', width: 100 },
    {
      title: '查验时间',
      dataIndex: 'createAt',
      width: 160,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <Card
      title="查验记录"
      className="fk-panel"
      data-testid="invoice-task-check"
      extra={<Button onClick={() => navigate('/invoice/personList')}>返回我的发票</Button>}
    >
      <ListTable<VerificationRecord> query={records} what="查验记录" columns={columns} paging={u} />
    </Card>
  );
}
