import { Result } from 'antd';
import type { ReactNode } from 'react';

/** The app's no-permission state (spec §2.3's 403): the catch-all page and pages a user may not open. */
export function NoPermission({ extra }: { extra?: ReactNode }) {
  return <Result status="403" title="403" subTitle="抱歉，您无权访问该页面" extra={extra} />;
}
