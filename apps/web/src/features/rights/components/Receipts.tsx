import { DownloadOutlined, FilePdfOutlined, InboxOutlined } from '@ant-design/icons';
import { App, Image, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { rightsApi, type OrderReceipt } from '@/api/rights';
import { absoluteUrl } from '@/api/tasks';
import {
  checkReceiptFile,
  fileSizeText,
  isImageReceipt,
  RECEIPT_ACCEPT,
  RECEIPT_MAX_COUNT,
  RECEIPT_MSG,
  receiptFits,
} from '../rules';

/**
 * Transfer receipts (转账凭证): the upload control of the cashier's transfer form and the read-only
 * list of an order's submitted receipts (cashier, order detail). Links are signed and expire; images
 * open in a preview, PDFs download.
 */

export type ReceiptUploadFile = UploadFile<OrderReceipt>;

/** Submitted receipts as upload-list entries (the form starts from them when correcting a transfer). */
export function receiptsToFiles(receipts: readonly OrderReceipt[]): ReceiptUploadFile[] {
  return receipts.map((r) => {
    const url = absoluteUrl(r.url);
    return {
      uid: `receipt-${r.id}`,
      name: r.file_name,
      size: r.size,
      type: r.content_type,
      status: 'done',
      url,
      thumbUrl: isImageReceipt(r) ? url : undefined,
      response: r,
    };
  });
}

/** The ids to submit: receipts whose upload finished. */
export function uploadedReceiptIds(files: readonly ReceiptUploadFile[] | undefined): number[] {
  return (files ?? []).flatMap((f) => (f.status === 'done' && f.response ? [f.response.id] : []));
}

/**
 * The form control: each chosen file is checked (type, size, count) and uploaded at once; removing
 * an upload that was not submitted yet deletes it on the server. `submittedIds` are the receipts the
 * order already has: removing one of those only leaves it out of the next submission.
 */
export function ReceiptUpload({
  orderId,
  submittedIds,
  value,
  onChange,
  upload,
  remove,
}: {
  orderId: number;
  submittedIds: readonly number[];
  value?: ReceiptUploadFile[];
  onChange?: (files: ReceiptUploadFile[]) => void;
  /** Where a file goes (default: the order's receipt upload); the organisation account's recharge passes its own. */
  upload?: (file: File) => Promise<OrderReceipt>;
  /** Deletes an unsubmitted upload (default: the order receipt's delete). */
  remove?: (id: number) => Promise<unknown>;
}) {
  const { message } = App.useApp();
  const [preview, setPreview] = useState('');
  const files = value ?? [];
  const full = files.length >= RECEIPT_MAX_COUNT;

  return (
    <div className="fk-rr-receipt-upload" data-testid="receipt-upload">
      <Upload.Dragger
        accept={RECEIPT_ACCEPT}
        multiple
        listType="picture"
        fileList={files}
        disabled={full}
        className={full ? 'fk-rr-receipt-drop-full' : undefined}
        beforeUpload={(file, batch) => {
          const error = checkReceiptFile(file);
          if (error) {
            void message.error(`${file.name}：${error}`);
            return Upload.LIST_IGNORE;
          }
          if (!receiptFits(files.length, batch.indexOf(file))) {
            // One message per batch: for its first file that does not fit.
            if (batch.indexOf(file) === Math.max(0, RECEIPT_MAX_COUNT - files.length)) {
              void message.error(RECEIPT_MSG.count);
            }
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          (upload ? upload(file as File) : rightsApi.uploadReceipt(orderId, file as File)).then(
            (r) => onSuccess?.(r),
            (e: Error) => onError?.(e), // the request layer has shown the server's message
          );
        }}
        onChange={({ fileList }) =>
          onChange?.(
            fileList
              .filter((f) => f.status !== 'error')
              .map((f) =>
                f.status === 'done' && f.response && !f.url ? { ...f, url: absoluteUrl(f.response.url) } : f,
              ),
          )
        }
        onRemove={(f) => {
          const r = f.response;
          if (r && !submittedIds.includes(r.id)) {
            void (remove ? remove(r.id) : rightsApi.deleteReceipt(r.id)).catch(() => undefined);
          }
          return true;
        }}
        onPreview={(f) => {
          const url = f.url ?? (f.response ? absoluteUrl(f.response.url) : '');
          if (isImageReceipt({ content_type: f.response?.content_type ?? f.type, file_name: f.name })) {
            setPreview(url || f.thumbUrl || '');
          } else if (url) {
            window.open(url, '_blank', 'noopener');
          }
        }}
        showUploadList={{ showPreviewIcon: true, showRemoveIcon: true }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">
          {full ? `已上传 ${RECEIPT_MAX_COUNT} 个凭证` : '点击或将银行转账回单拖到此处上传'}
        </p>
        <p className="ant-upload-hint">支持 JPG、PNG、PDF，单个不超过 10MB，最多 {RECEIPT_MAX_COUNT} 个</p>
      </Upload.Dragger>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview('') }}
        />
      )}
    </div>
  );
}

/** An order's submitted receipts: image thumbnails (click to enlarge) and PDFs, each downloadable. */
export function ReceiptList({ receipts }: { receipts: readonly OrderReceipt[] }) {
  if (receipts.length === 0) return <span className="fk-rr-muted">未上传</span>;
  return (
    <Image.PreviewGroup>
      <div className="fk-rr-receipts" data-testid="receipt-list">
        {receipts.map((r) => {
          const url = absoluteUrl(r.url);
          return (
            <div className="fk-rr-receipt" key={r.id} data-testid="receipt-item">
              {isImageReceipt(r) ? (
                <Image src={url} width={48} height={48} alt={r.file_name} className="fk-rr-receipt-thumb" />
              ) : (
                <a
                  className="fk-rr-receipt-icon"
                  href={url}
                  target="_blank"
                  rel="noreferrer"
                  title={r.file_name}
                >
                  <FilePdfOutlined />
                </a>
              )}
              <div className="fk-rr-receipt-meta">
                <Typography.Text ellipsis={{ tooltip: r.file_name }}>{r.file_name}</Typography.Text>
                <span className="fk-rr-muted">{fileSizeText(r.size)}</span>
              </div>
              <Typography.Link href={url} target="_blank" rel="noreferrer" aria-label={`下载 ${r.file_name}`}>
                <DownloadOutlined /> 下载
              </Typography.Link>
            </div>
          );
        })}
      </div>
    </Image.PreviewGroup>
  );
}
