import { Alert, App, Button, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { PRINT_ERROR, PRINT_FAILED, PRINT_FRAME_MIN, PRINT_PREVIEW_Z_INDEX } from '@feikong/contracts';
import type { PrintResult } from './InvoicePrintDialog';

export interface PrintPreviewProps {
  result: PrintResult | null;
  title?: string;
  onClose: () => void;
}

/**
 * The print preview layer (spec 2.5: z-index 20002, title 打印预览, button 打印) over everything,
 * antd's modals included. The signed link downloads (Content-Disposition: attachment), so the PDF is
 * fetched once and shown from a blob URL: the browser's viewer shows it and the frame prints it.
 */
export function PrintPreview({ result, title = '打印预览', onClose }: PrintPreviewProps) {
  const { message } = App.useApp();
  const frame = useRef<HTMLIFrameElement>(null);
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!result) return;
    let revoked = false;
    let made: string | null = null;
    setBlobUrl(null);
    setFailed(false);
    fetch(result.url, { credentials: 'same-origin' })
      .then((res) => {
        if (!res.ok) throw new Error(String(res.status));
        return res.blob();
      })
      .then((blob) => {
        if (revoked) return;
        made = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setBlobUrl(made);
      })
      .catch(() => {
        if (!revoked) setFailed(true);
      });
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [result]);

  useEffect(() => {
    if (failed) void message.error(PRINT_FAILED);
  }, [failed, message]);

  if (!result) return null;

  const print = () => {
    const win = frame.current?.contentWindow;
    if (!win || !blobUrl) {
      void message.error(PRINT_FAILED);
      return;
    }
    try {
      win.focus();
      win.print();
    } catch {
      void message.error(PRINT_ERROR);
    }
  };

  return createPortal(
    <div
      role="dialog"
      aria-label={title}
      data-testid="print-preview"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: PRINT_PREVIEW_Z_INDEX,
        background: 'rgba(0,0,0,0.55)',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '10px 16px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Typography.Title level={5} style={{ margin: 0, flex: 1 }}>
          {title}
        </Typography.Title>
        <Space>
          <Button type="primary" onClick={print} disabled={!blobUrl}>
            打印
          </Button>
          <Button href={result.url} download={result.fileName}>
            下载
          </Button>
          <Button onClick={onClose}>关闭</Button>
        </Space>
      </div>
      {(result.singles.length > 0 || result.notice) && (
        <Alert
          type="info"
          showIcon
          banner
          message={
            <Space orientation="vertical" size={2} data-testid="print-singles">
              {result.singles.length > 0 && <span>以下文件不能合并打印，请单独打印：</span>}
              {result.singles.map((s) => (
                <Typography.Link key={s.url} href={s.url} target="_blank">
                  {s.name}
                </Typography.Link>
              ))}
              {result.notice && <span data-testid="print-notice">{result.notice}</span>}
            </Space>
          }
        />
      )}
      <div style={{ flex: 1, overflow: 'auto', display: 'flex', justifyContent: 'center', padding: 16 }}>
        {blobUrl ? (
          <iframe
            ref={frame}
            title="打印内容"
            src={blobUrl}
            data-testid="print-frame"
            style={{
              flex: 1,
              minWidth: Math.min(PRINT_FRAME_MIN.width, window.innerWidth - 32),
              minHeight: PRINT_FRAME_MIN.height,
              border: 0,
              background: '#fff',
            }}
          />
        ) : failed ? (
          <Typography.Text style={{ color: '#fff', alignSelf: 'center' }}>{PRINT_FAILED}</Typography.Text>
        ) : (
          <Spin size="large" style={{ alignSelf: 'center' }} />
        )}
      </div>
    </div>,
    document.body,
  );
}
