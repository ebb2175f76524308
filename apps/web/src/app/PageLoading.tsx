import { Spin } from 'antd';

/** Shown while the first screen's chunk loads. */
export function PageLoading() {
  return (
    <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
