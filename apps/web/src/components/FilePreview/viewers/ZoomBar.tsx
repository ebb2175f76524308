import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';

/** Zoom in/out buttons with the current percentage (PDF and OFD viewers). */
export function ZoomBar({ scale, onChange }: { scale: number; onChange: (next: number) => void }) {
  const set = (s: number) => onChange(Math.round(Math.min(3, Math.max(0.5, s)) * 100) / 100);
  return (
    <Space size={4} style={{ marginBottom: 8 }}>
      <Tooltip title="缩小">
        <Button size="small" icon={<ZoomOutOutlined />} aria-label="缩小" onClick={() => set(scale / 1.2)} />
      </Tooltip>
      <span data-testid="preview-zoom" style={{ display: 'inline-block', minWidth: 48, textAlign: 'center' }}>
        {Math.round(scale * 100)}%
      </span>
      <Tooltip title="放大">
        <Button size="small" icon={<ZoomInOutlined />} aria-label="放大" onClick={() => set(scale * 1.2)} />
      </Tooltip>
      <Tooltip title="还原">
        <Button size="small" aria-label="还原" onClick={() => set(1)}>
          100%
        </Button>
      </Tooltip>
    </Space>
  );
}
