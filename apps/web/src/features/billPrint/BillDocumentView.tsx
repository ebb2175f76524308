import { useQuery } from '@tanstack/react-query';
import { Button, Result, Space, Spin } from 'antd';
import { PRINT_FAILED } from '@feikong/contracts';
import { billPrintApi } from '@/api/billPrint';
import { BillPrintButton } from './BillPrintButtons';
import { BillPrintSheet } from './BillPrintSheet';

/**
 * A document shown on its own (the /web-form/ sub-app's subForm/run/:id/0): its sheet read-only, with
 * 打印 and a way into the main app's 单据详情 where it is acted on. Without `toolbar`, only the sheet (a page
 * that has its own actions around it, such as 流程干预's detail).
 */
export function BillDocumentView({ id, toolbar = true }: { id: number; toolbar?: boolean }) {
  const query = useQuery({
    queryKey: ['billPrint', 'data', [id]],
    queryFn: ({ signal }) => billPrintApi.data([id], signal),
    retry: false,
  });
  if (query.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (query.isError) return <Result status="error" title={PRINT_FAILED} subTitle={query.error.message} />;
  const item = query.data.items[0];
  if (!item) return <Result status="404" title="单据不存在" />;
  return (
    <div>
      {toolbar && (
        <Space
          className="fk-no-print"
          style={{ marginBottom: 16, width: '100%', justifyContent: 'flex-end' }}
        >
          <Button href={`/bill/detail?id=${id}`} target="_top">
            打开单据详情
          </Button>
          <BillPrintButton billId={id} type="primary" />
        </Space>
      )}
      <BillPrintSheet data={item.data} />
    </div>
  );
}
