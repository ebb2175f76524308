import { App as AntApp, ConfigProvider, Layout, Result, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { antdLocale } from '../../platform/locale';
import { SUB_APPS, type SubAppName } from './registry';

/** Shell shared by the sub-apps: Chinese antd, a title bar, the content. */
export function SubAppShell(props: { app: SubAppName; style?: CSSProperties; children: ReactNode }) {
  const { title } = SUB_APPS[props.app];
  return (
    <ConfigProvider locale={antdLocale}>
      <AntApp>
        <Layout style={{ minHeight: '100vh', ...props.style }}>
          <Layout.Header style={{ background: '#fff', height: 48, lineHeight: '48px', paddingInline: 24 }}>
            <Typography.Title level={4} style={{ margin: 0, lineHeight: '48px' }}>
              {title}
            </Typography.Title>
          </Layout.Header>
          <Layout.Content style={{ padding: 24 }}>{props.children}</Layout.Content>
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}

/** What a sub-app shows when its URL names no form. */
export function MissingFormId({ base }: { base: string }) {
  return (
    <Result
      status="warning"
      title="缺少表单编号"
      subTitle={`请通过带表单编号的地址打开，例如 ${base}?id=表单编号 或 ${base}run/表单编号`}
    />
  );
}
