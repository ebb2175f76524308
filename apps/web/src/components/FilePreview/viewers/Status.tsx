import { Alert, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { Loaded } from './useFileBytes';

/** Loading spinner, error message, or the content. */
export function Status<T>({ state, children }: { state: Loaded<T>; children: (value: T) => ReactNode }) {
  if (state.status === 'loading')
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin description="加载中…" />
      </div>
    );
  if (state.status === 'error')
    return <Alert type="error" showIcon message="预览失败" description={state.message} />;
  return <>{children(state.value)}</>;
}
