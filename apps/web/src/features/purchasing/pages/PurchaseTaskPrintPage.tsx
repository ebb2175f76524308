import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Skeleton, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatDateTime, formatMoney, PURCHASE_ORDER_WORD } from '@feikong/contracts';
import type { PurchaseTaskLine } from '@/api/purchasing';
import { taskInfoQuery } from '../queries';

/** The task id of /subForm/purchaseTaskDetail/0/0?id=… (also purchase_task_id=…). */
export function purchaseTaskIdOf(search: string): number | null {
  const p = new URLSearchParams(search);
  const raw = p.get('id') ?? p.get('purchase_task_id') ?? '';
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}
export const purchaseTaskPrintTitle = (orgName: string) => `${orgName}${PURCHASE_ORDER_WORD}`;

/**
 * /subForm/purchaseTaskDetail/0/0 (spec 2.3, printable): the 采购任务 as a sheet titled with the top organisation
 * name + 采购单 (spec 9): the task head and its lines with price, amount and real amount; 打印 hides itself on paper.
 */
export function PurchaseTaskPrintPage({
  search = window.location.search,
  print = () => window.print(),
}: {
  search?: string;
  print?: () => void;
}) {
  const id = purchaseTaskIdOf(search);
  const info = useQuery({ ...taskInfoQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <Alert type="warning" showIcon title="缺少采购任务ID" style={{ margin: 16 }} />;
  if (info.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (!info.data) return <Alert type="error" showIcon title="采购任务不存在" style={{ margin: 16 }} />;
  const t = info.data.purchase_task_info;
  const lines = info.data.product_info;
  const title = purchaseTaskPrintTitle(t.org_name);
  return (
    <div
      data-testid="purchase-task-print"
      style={{ maxWidth: 1000, margin: '0 auto', padding: 24, background: '#fff' }}
    >
      <Flex justify="space-between" align="center" className="fk-no-print" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">打印时将隐藏此工具栏。</Typography.Text>
        <Button type="primary" icon={<PrinterOutlined />} onClick={print}>
          打印
        </Button>
      </Flex>
      <h1 style={{ textAlign: 'center', fontSize: 22, margin: '8px 0 16px' }}>{title}</h1>
      <table
        style={{ width: '100%', borderCollapse: 'collapse', marginBottom: 12 }}
        className="fk-print-head"
      >
        <tbody>
          {[
            [
              ['任务编号', t.task_number],
              ['申请单号', t.bill_number],
              ['状态', t.statusText],
            ],
            [
              ['采购人', t.purchase_user],
              ['采购日期', formatDateTime(t.purchase_date * 1000, 'YYYY-MM-DD')],
              ['申请人', t.applicant_name],
            ],
            [
              ['标题', t.title],
              ['金额（元）', formatMoney(t.amount)],
              ['实际金额（元）', formatMoney(t.real_amount)],
            ],
          ].map((row, i) => (
            <tr key={i}>
              {row.map(([k, v]) => (
                <td key={k} style={{ border: '1px solid #d9d9d9', padding: '6px 8px' }}>
                  <Typography.Text type="secondary">{k}：</Typography.Text>
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Table<PurchaseTaskLine>
        size="small"
        bordered
        rowKey="id"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: '序号', key: 'i', width: 50, render: (_: unknown, __, i) => i + 1 },
          { title: '品名', dataIndex: 'name' },
          { title: '规格', dataIndex: 'spec' },
          { title: '数量', dataIndex: 'quantity', align: 'right', width: 60 },
          { title: '已下单', dataIndex: 'ordered_quantity', align: 'right', width: 70 },
          { title: '单价（元）', dataIndex: 'price', align: 'right', render: (f: number) => formatMoney(f) },
          { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (f: number) => formatMoney(f) },
          {
            title: '实际金额（元）',
            dataIndex: 'real_amount',
            align: 'right',
            render: (f: number) => formatMoney(f),
          },
          {
            title: '期望到货',
            dataIndex: 'expect_date',
            render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD'),
          },
        ]}
      />
      <Flex justify="space-between" style={{ marginTop: 24 }}>
        <span>采购人签字：</span>
        <span>审核：</span>
        <span>打印时间：{dayjs().format('YYYY-MM-DD HH:mm')}</span>
      </Flex>
    </div>
  );
}

export default PurchaseTaskPrintPage;
