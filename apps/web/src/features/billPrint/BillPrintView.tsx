import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Result, Space, Spin, Typography } from 'antd';
import { PRINT_ERROR, PRINT_FAILED, PRINT_NOTHING } from '@feikong/contracts';
import { billPrintApi } from '@/api/billPrint';
import { BillPrintSheet } from './BillPrintSheet';
import { isDeveloperMode } from './developerMode';

/** Triggers the browser's download of a signed link (it answers Content-Disposition: attachment). */
function download(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noreferrer';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * The print of one or several documents (the /web-form-print/ sub-app's content): a toolbar with 打印
 * (window.print with print CSS, then a print record unless developer mode is on, spec 4.1) and 下载PDF
 * (the server's batch PDF), then each document's sheet.
 */
export function BillPrintView({ ids, print = () => window.print() }: { ids: number[]; print?: () => void }) {
  const { message } = App.useApp();
  const query = useQuery({
    queryKey: ['billPrint', 'data', ids],
    queryFn: ({ signal }) => billPrintApi.data(ids, signal),
    enabled: ids.length > 0,
    retry: false,
  });
  const items = query.data?.items ?? [];
  const record = useMutation({ mutationFn: billPrintApi.record });
  const pdf = useMutation({
    mutationFn: () => billPrintApi.pdf({ flowIds: ids, attach: true }),
    onSuccess: (r) => {
      download(r.url, r.fileName);
      if (r.attachments.length)
        void message.info(`${r.attachments.length} 个附件无法合并，请在附件列表中单独打印`);
    },
  });

  const onPrint = () => {
    if (items.length === 0) {
      void message.error(PRINT_NOTHING);
      return;
    }
    try {
      print();
    } catch {
      void message.error(PRINT_ERROR);
      return;
    }
    if (!isDeveloperMode()) record.mutate(items.map((i) => i.flowId));
  };

  if (query.isPending)
    return <Spin tip="打印内容加载中" fullscreen={false} style={{ display: 'block', padding: 48 }} />;
  if (query.isError) return <Result status="error" title={PRINT_FAILED} subTitle={query.error.message} />;
  if (items.length === 0) return <Result status="info" title={PRINT_NOTHING} />;

  return (
    <div>
      <Space
        className="fk-no-print"
        style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}
      >
        <Typography.Text>
          共 {items.length} 份单据
          {isDeveloperMode() && (
            <Typography.Text type="warning">（开发者模式：不保存打印记录）</Typography.Text>
          )}
        </Typography.Text>
        <Space>
          <Button onClick={() => pdf.mutate()} loading={pdf.isPending}>
            下载PDF
          </Button>
          <Button type="primary" onClick={onPrint}>
            打印
          </Button>
        </Space>
      </Space>
      {record.isSuccess && (
        <Alert
          className="fk-no-print"
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          message={`已保存打印记录（${record.data.items.map((i) => `第 ${i.printCount} 次`).join('、')}）`}
        />
      )}
      {items.map((i) => (
        <BillPrintSheet key={i.flowId} data={i.data} />
      ))}
    </div>
  );
}
