import { DownloadOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { DIALOG_SIZE } from '@feikong/contracts';
import { Dialog } from '../Dialog/Dialog';
import { viewerFor, type PreviewFile } from './rules';

// Each viewer is its own chunk: pdf.js, docx-preview and exceljs load only when such a file opens.
const PdfViewer = lazy(() => import('./viewers/PdfViewer'));
const OfdViewer = lazy(() => import('./viewers/OfdViewer'));
const OfficeViewer = lazy(() => import('./viewers/OfficeViewer'));
const TextViewer = lazy(() => import('./viewers/TextViewer'));
const ImageViewer = lazy(() => import('./viewers/ImageViewer'));

export interface FilePreviewProps {
  /** null: closed. */
  files: PreviewFile[] | null;
  /** The file opened first. */
  index?: number;
  onClose: () => void;
  title?: string;
  /** Image zoom step: above 1 and at most 1.5 (default 1.2). */
  zoomStep?: number;
  width?: number;
  height?: number;
}

/**
 * The file preview dialog (spec 2.5, 4.5; default 890×680): the viewer is chosen by the file's
 * extension; the images of the set form the image viewer's gallery; the other files are stepped
 * through with 上一个 / 下一个.
 */
export function FilePreview({ files, index = 0, onClose, title, zoomStep, width, height }: FilePreviewProps) {
  const [current, setCurrent] = useState(index);
  useEffect(() => {
    if (files) setCurrent(Math.min(Math.max(index, 0), files.length - 1));
  }, [files, index]);
  const file = files?.[current];
  const kind = file ? viewerFor(file) : null;
  const images = (files ?? []).filter((f) => viewerFor(f) === 'image');
  const many = (files?.length ?? 0) > 1;
  const step = (d: number) => files && setCurrent((c) => (c + d + files.length) % files.length);

  let body = null;
  if (file && kind === 'pdf') body = <PdfViewer url={file.url} />;
  else if (file && kind === 'ofd') body = <OfdViewer url={file.url} />;
  else if (file && kind === 'office') body = <OfficeViewer file={file} />;
  else if (file && kind === 'text') body = <TextViewer url={file.url} />;
  else if (file)
    body = (
      <ImageViewer
        images={images}
        index={Math.max(0, images.indexOf(file))}
        onIndex={(i) => setCurrent(files!.indexOf(images[i]!))}
        zoomStep={zoomStep}
      />
    );

  return (
    <Dialog
      open={Boolean(files && file)}
      title={
        <span data-testid="file-preview-title">
          {title ?? '文件预览'}
          {file ? `：${file.name}` : ''}
        </span>
      }
      width={width ?? DIALOG_SIZE.preview.width}
      height={height ?? DIALOG_SIZE.preview.height}
      showZoom
      resize
      className="fk-file-preview"
      onClose={onClose}
      footer={
        <Space>
          {many && (
            <>
              <Button icon={<LeftOutlined />} onClick={() => step(-1)}>
                上一个
              </Button>
              <span style={{ color: '#8c8c8c' }}>
                {current + 1} / {files!.length}
              </span>
              <Button onClick={() => step(1)}>
                下一个 <RightOutlined />
              </Button>
            </>
          )}
          {file && (
            <Button icon={<DownloadOutlined />} href={file.url} download={file.name}>
              下载
            </Button>
          )}
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
    >
      <div data-testid="file-preview" data-viewer={kind ?? ''}>
        <Suspense
          fallback={
            <div style={{ padding: 48, textAlign: 'center' }}>
              <Spin />
            </div>
          }
        >
          {file && (
            <div key={file.url} style={{ height: '100%' }}>
              {body}
            </div>
          )}
        </Suspense>
      </div>
    </Dialog>
  );
}
