import { EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Empty, List, Typography } from 'antd';
import { useState } from 'react';
import { FilePreview, type PreviewFile } from '@/components/FilePreview';
import type { InvoiceDetail } from '@/api/invoice';

/** The invoice's own file first, then its attachments: the set the preview steps through. */
export function invoicePreviewFiles(detail: InvoiceDetail): PreviewFile[] {
  const own: PreviewFile[] =
    detail.fileUrl && detail.fileName ? [{ name: detail.fileName, url: detail.fileUrl }] : [];
  return own.concat(detail.attachments.flatMap((a) => (a.url ? [{ name: a.fileName, url: a.url }] : [])));
}

/** The preview dialog over an invoice's files; `open(url)` shows the file with that link. */
export function useInvoicePreview(detail: InvoiceDetail | undefined) {
  const [index, setIndex] = useState<number | null>(null);
  const files = detail ? invoicePreviewFiles(detail) : [];
  const open = (url: string | null) => {
    const i = files.findIndex((f) => f.url === url);
    if (i >= 0) setIndex(i);
  };
  const node = (
    <FilePreview
      files={index === null ? null : files}
      index={index ?? 0}
      title={detail ? `发票 ${detail.number}` : undefined}
      onClose={() => setIndex(null)}
    />
  );
  return { open, node };
}

/** The detail dialog's file list: 发票原件 and the attachments, each with 预览. */
export function InvoiceFiles({ detail }: { detail: InvoiceDetail }) {
  const preview = useInvoicePreview(detail);
  const rows = [
    ...(detail.fileUrl
      ? [{ key: 'own', label: '发票原件', name: detail.fileName ?? '', url: detail.fileUrl }]
      : []),
    ...detail.attachments.map((a) => ({ key: `a${a.id}`, label: '附件', name: a.fileName, url: a.url })),
  ];
  return (
    <div data-testid="invoice-files" style={{ marginTop: 12 }}>
      <Typography.Title level={5} style={{ fontSize: 14 }}>
        发票文件与附件
      </Typography.Title>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有发票文件（手工录入）" />
      ) : (
        <List
          size="small"
          bordered
          dataSource={rows}
          renderItem={(r) => (
            <List.Item
              actions={[
                <Button
                  key="preview"
                  type="link"
                  size="small"
                  icon={<EyeOutlined />}
                  disabled={!r.url}
                  aria-label={`预览${r.name}`}
                  onClick={() => preview.open(r.url)}
                >
                  预览
                </Button>,
              ]}
            >
              <span>
                <PaperClipOutlined style={{ color: '#8c8c8c', marginRight: 6 }} />
                <span style={{ color: '#8c8c8c', marginRight: 8 }}>{r.label}</span>
                {r.name}
              </span>
            </List.Item>
          )}
        />
      )}
      {preview.node}
    </div>
  );
}
