import {
  LeftOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  SwapOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { applyImageAction, imageTransform, INITIAL_VIEW, type ImageAction, type PreviewFile } from '../rules';

/**
 * The image viewer with gallery (spec 4.5): every image of the set with previous/next and thumbnails;
 * zoom by `zoomStep` (default 1.2; above 1 and at most 1.5) within 0.6–3, also by the mouse wheel;
 * rotate by 90°, flip, reset.
 */
export default function ImageViewer({
  images,
  index,
  onIndex,
  zoomStep,
}: {
  images: PreviewFile[];
  index: number;
  onIndex: (i: number) => void;
  zoomStep?: number;
}) {
  const [view, setView] = useState(INITIAL_VIEW);
  const [failed, setFailed] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const act = (a: ImageAction) => setView((v) => applyImageAction(v, a, zoomStep));
  const current = images[index];

  // Another image starts unzoomed.
  useEffect(() => {
    setView(INITIAL_VIEW);
    setFailed(false);
  }, [index]);

  // A non-passive listener: the wheel zooms the image instead of scrolling the dialog.
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      if (e.deltaY !== 0) setView((v) => applyImageAction(v, e.deltaY < 0 ? 'zoomIn' : 'zoomOut', zoomStep));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomStep]);

  if (!current) return null;
  const tool = (title: string, icon: ReactNode, action: ImageAction) => (
    <Tooltip title={title}>
      <Button size="small" icon={icon} aria-label={title} onClick={() => act(action)} />
    </Tooltip>
  );
  const go = (d: number) => onIndex((index + d + images.length) % images.length);
  return (
    <div data-testid="image-viewer" style={{ display: 'flex', flexDirection: 'column' }}>
      <Space size={4} wrap style={{ marginBottom: 8 }}>
        {tool('放大', <ZoomInOutlined />, 'zoomIn')}
        {tool('缩小', <ZoomOutOutlined />, 'zoomOut')}
        {tool('向左旋转', <RotateLeftOutlined />, 'rotateBack')}
        {tool('向右旋转', <RotateRightOutlined />, 'rotate')}
        {tool('水平翻转', <SwapOutlined />, 'flipX')}
        {tool('垂直翻转', <SwapOutlined rotate={90} />, 'flipY')}
        {tool('还原', <UndoOutlined />, 'reset')}
        <span
          data-testid="image-state"
          data-scale={view.scale}
          data-rotate={view.rotate}
          style={{ color: '#8c8c8c', marginLeft: 8 }}
        >
          {Math.round(view.scale * 100)}% · {view.rotate}°
        </span>
        {images.length > 1 && (
          <span style={{ color: '#8c8c8c' }}>
            第 {index + 1} / {images.length} 张
          </span>
        )}
      </Space>
      <div
        ref={stage}
        style={{
          position: 'relative',
          // The 890×680 dialog's body less the toolbar and the thumbnails (with one image: taller).
          height: images.length > 1 ? 400 : 470,
          overflow: 'hidden',
          background: '#f5f5f5',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {failed ? (
          <span style={{ color: '#8c8c8c' }}>图片加载失败，该文件可能不是图片，请下载后查看</span>
        ) : (
          <img
            data-testid="image-viewer-img"
            src={current.url}
            alt={current.name}
            onError={() => setFailed(true)}
            draggable={false}
            style={{
              maxWidth: '100%',
              maxHeight: '100%',
              transform: imageTransform(view),
              transition: 'transform .2s',
              userSelect: 'none',
            }}
          />
        )}
        {images.length > 1 && (
          <>
            <Tooltip title="上一张">
              <Button
                shape="circle"
                icon={<LeftOutlined />}
                aria-label="上一张"
                onClick={() => go(-1)}
                style={{ position: 'absolute', left: 8, top: '50%' }}
              />
            </Tooltip>
            <Tooltip title="下一张">
              <Button
                shape="circle"
                icon={<RightOutlined />}
                aria-label="下一张"
                onClick={() => go(1)}
                style={{ position: 'absolute', right: 8, top: '50%' }}
              />
            </Tooltip>
          </>
        )}
      </div>
      {images.length > 1 && (
        <div data-testid="image-thumbs" style={{ display: 'flex', gap: 8, marginTop: 8, overflowX: 'auto' }}>
          {images.map((img, i) => (
            <button
              type="button"
              key={img.url}
              title={img.name}
              aria-label={`查看${img.name}`}
              onClick={() => onIndex(i)}
              style={{
                padding: 0,
                border: i === index ? '2px solid #1677ff' : '2px solid transparent',
                background: '#fff',
                cursor: 'pointer',
                flex: '0 0 auto',
              }}
            >
              <img
                src={img.url}
                alt=""
                style={{ width: 64, height: 48, objectFit: 'cover', display: 'block' }}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
