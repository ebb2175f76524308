import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Skeleton, Space, Table, Timeline, Typography, Upload } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { EMPTY_TEXT, formatDateTime } from '@feikong/contracts';
import { invoiceApi, type InvoiceDetail } from '@/api/invoice';
import { uploadFile } from '@/api/http/upload';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { InvoiceFields } from '../components/InvoiceFields';
import { useInvoicePreview } from '../components/InvoiceFiles';
import { detailQuery, INVOICE_PERM, invoiceKeys, logsQuery } from '../hooks/queries';

function Logs({ invoiceId }: { invoiceId: number }) {
  const logs = useQuery(logsQuery(invoiceId));
  if (logs.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (logs.isError) return <Alert type="error" showIcon message="操作日志加载失败" />;
  if (logs.data.items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />;
  return (
    <Timeline
      data-testid="invoice-logs"
      items={logs.data.items.map((l) => ({
        key: l.id,
        children: (
          <div>
            <div>
              <b>{l.action}</b> {l.content}
            </div>
            <div style={{ color: '#8c8c8c', fontSize: 12 }}>
              {l.operatorName || '系统'} · {formatDateTime(l.createAt, 'YYYY-MM-DD HH:mm')}
            </div>
          </div>
        ),
      }))}
    />
  );
}

/** The invoice's attachments (each can be previewed); its owner (invoice:add) may upload more and delete them. */
function Attachments({
  detail,
  onPreview,
}: {
  detail: InvoiceDetail;
  onPreview: (url: string | null) => void;
}) {
  const { modal, message } = App.useApp();
  const { can } = useAccess();
  const qc = useQueryClient();
  const mayEdit = can([INVOICE_PERM.add]);
  const refresh = (next: InvoiceDetail) => {
    qc.setQueryData(invoiceKeys.detail(detail.id), next);
    return qc.invalidateQueries({ queryKey: invoiceKeys.logs(detail.id) });
  };
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const up = await uploadFile(file, 'invoice');
      return invoiceApi.attachmentUpload({ invoiceId: detail.id, fileKey: up.key, fileName: file.name });
    },
    onSuccess: async (next) => {
      await refresh(next);
      void message.success('附件已上传');
    },
    onError: (e) => {
      if (e instanceof Error && !('kind' in e)) void message.error(e.message); // 上传失败！
    },
  });
  return (
    <>
      {mayEdit && (
        <Upload
          showUploadList={false}
          accept=".jpg,.jpeg,.png,.pdf,.ofd"
          beforeUpload={(file) => {
            upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} style={{ marginBottom: 12 }}>
            上传附件
          </Button>
        </Upload>
      )}
      <Table
        data-testid="invoice-attachments"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={detail.attachments}
        columns={[
          { title: '文件名', dataIndex: 'fileName' },
          { title: '上传人', dataIndex: 'createBy', width: 120 },
          {
            title: '上传时间',
            dataIndex: 'createAt',
            width: 170,
            render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            key: 'op',
            width: mayEdit ? 120 : 80,
            render: (_: unknown, a: InvoiceDetail['attachments'][number]) => (
              <Space size={12}>
                <Typography.Link
                  disabled={!a.url}
                  aria-label={`预览附件${a.fileName}`}
                  onClick={() => onPreview(a.url)}
                >
                  预览
                </Typography.Link>
                {mayEdit && (
                  <Typography.Link
                    type="danger"
                    aria-label={`删除附件${a.fileName}`}
                    onClick={() =>
                      void confirmDelete(
                        { modal, message },
                        {
                          content: `确定删除附件【${a.fileName}】吗？`,
                          remove: async () =>
                            refresh(
                              await invoiceApi.attachmentDelete({
                                invoiceId: detail.id,
                                attachmentId: a.id,
                              }),
                            ),
                        },
                      )
                    }
                  >
                    删除
                  </Typography.Link>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/** 发票详情 (/scenes/invoiceCenter/invoiceDetail?invoiceId=): fields, operation log, attachments. */
export default function InvoiceDetailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('invoiceId'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...detailQuery(valid ? id : 0), enabled: valid });
  const preview = useInvoicePreview(detail.data);
  const back = (
    <Button onClick={() => navigate('/scenes/invoiceCenter')} data-testid="back-to-center">
      返回发票中心
    </Button>
  );
  if (!valid)
    return (
      <Card title="发票详情" extra={back}>
        <Alert type="warning" showIcon message="缺少发票ID" />
      </Card>
    );
  return (
    <div data-testid="invoice-detail-page">
      <Card
        title="发票详情"
        extra={
          <Space>
            {detail.data?.fileUrl && (
              <Button
                icon={<EyeOutlined />}
                data-testid="preview-invoice-file"
                onClick={() => preview.open(detail.data.fileUrl)}
              >
                查看发票原件
              </Button>
            )}
            {back}
          </Space>
        }
      >
        {detail.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : detail.isError ? (
          <Alert
            type="error"
            showIcon
            message="发票详情加载失败"
            action={
              <Button size="small" onClick={() => void detail.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          <InvoiceFields detail={detail.data} />
        )}
      </Card>
      {detail.data && (
        <Card title="附件" style={{ marginTop: 16 }}>
          <Attachments detail={detail.data} onPreview={preview.open} />
        </Card>
      )}
      <Card title="操作日志" style={{ marginTop: 16 }}>
        <Logs invoiceId={id} />
      </Card>
      {preview.node}
    </div>
  );
}
