import { App as AntApp, ConfigProvider, Empty, type ThemeConfig } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { EMPTY_TEXT, LAYOUT } from '@feikong/contracts';
import { setNotifier } from '../api/http/request';
import { MSG_ERROR_DIALOG_TITLE } from '../api/http/constants';
import { antdLocale } from './locale';

/** Routes the request layer's toasts through antd's App context (theme and locale apply). */
function NotifierBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    setNotifier({
      error: (msg) => void message.error({ content: msg, key: msg }),
      warning: (msg, seconds) => void message.warning({ content: msg, key: msg, duration: seconds }),
      dialog: (msg) => void modal.confirm({ title: MSG_ERROR_DIALOG_TITLE, content: msg }),
    });
    return () => setNotifier(null);
  }, [message, modal]);
  return null;
}

/** The product's look: antd's default blue, compact radius, the shell's fixed sizes (spec §2.4, §9). */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1f6fff',
    borderRadius: 4,
    colorBgLayout: '#f3f5f9',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: {
      headerHeight: LAYOUT.headerHeight,
      headerPadding: '0 16px',
      headerBg: '#ffffff',
      siderBg: '#ffffff',
      bodyBg: '#f3f5f9',
    },
    Menu: {
      collapsedWidth: LAYOUT.sidebarCollapsedWidth,
      horizontalLineHeight: `${LAYOUT.headerHeight - 2}px`,
      itemHeight: 40,
      subMenuItemBg: '#ffffff',
      itemSelectedBg: '#eef4ff',
      itemBorderRadius: 4,
      itemMarginInline: 8,
    },
  },
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

/** The system setting 减少动态效果 (prefers-reduced-motion), followed live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof window !== 'undefined' && !!window.matchMedia?.(REDUCED_MOTION).matches,
    () => false,
  );
}

/** Empty tables and lists say 空空如也~ (spec §8). */
export function renderEmpty() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Users who asked their system for less motion get none: dialogs, menus and toasts appear at once.
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo<ThemeConfig>(
    () => (reducedMotion ? { ...appTheme, token: { ...appTheme.token, motion: false } } : appTheme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={antdLocale} theme={theme} renderEmpty={renderEmpty}>
      <AntApp>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
