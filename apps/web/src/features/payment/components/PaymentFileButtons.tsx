import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PaymentTaskType } from '@feikong/contracts';
import { tasksApi } from '@/api/tasks';
import { useTaskPolling } from '@/features/common';
import { PAYMENT_KEY } from '../queries';

/**
 * 下载付款文件 (task 40: .xlsx or .csv in the bank layout; the finished file opens and stays in the download
 * centre) and 导入支付结果 (task 41: the file with 支付结果 and 失败原因 filled in; a failure file lists bad rows).
 */
export function PaymentFileButtons({
  batchId,
  batchNo,
  canExport,
  canImport,
}: {
  batchId: number;
  batchNo: string;
  canExport: boolean;
  canImport: boolean;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { track, running } = useTaskPolling();
  const [busy, setBusy] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: [PAYMENT_KEY] });

  const download = async (format: 'xlsx' | 'csv') => {
    setBusy(true);
    try {
      const { id } = await tasksApi.exportFile(
        PaymentTaskType.fileExport,
        { batchId, format },
        `银行付款文件_${batchNo}.${format}`,
      );
      void message.info('正在生成付款文件，完成后自动下载，也可在下载中心查看');
      track(id, { onFinish: refresh });
    } finally {
      setBusy(false);
    }
  };
  const upload = async (file: File) => {
    const { id } = await tasksApi.importFile(PaymentTaskType.resultImport, file);
    void message.info('支付结果导入中，完成后将提示结果');
    track(id, { onFinish: refresh });
  };

  return (
    <Space wrap>
      {canExport && (
        <Dropdown
          menu={{
            items: [
              { key: 'xlsx', label: 'Excel（.xlsx）' },
              { key: 'csv', label: 'CSV（.csv）' },
            ],
            onClick: ({ key }) => void download(key as 'xlsx' | 'csv'),
          }}
        >
          <Button
            icon={<DownloadOutlined />}
            loading={busy || running.length > 0}
            data-testid="download-file"
          >
            下载付款文件
          </Button>
        </Dropdown>
      )}
      {canImport && (
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>导入支付结果</Button>
        </Upload>
      )}
    </Space>
  );
}
