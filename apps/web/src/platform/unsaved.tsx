import { App } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { SYSTEM_NOTICE_TITLE } from '@feikong/contracts';

/**
 * Unsaved-change confirmation (spec §2.2): while `message` is set, leaving the page (a link, a
 * menu, a crumb, back/forward) asks first; closing or reloading the tab gets the browser's prompt.
 * Pass a falsy message once the page has nothing to lose.
 */
export function useUnsavedChanges(message: string | false | null | undefined): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !!message && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: SYSTEM_NOTICE_TITLE,
      content: message || '',
      okText: '确定离开',
      cancelText: '留在此页',
      onOk: () => blocker.proceed?.(),
      onCancel: () => blocker.reset?.(),
    });
    return () => dialog.destroy();
  }, [blocker, message, modal]);

  useEffect(() => {
    if (!message) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [message]);
}
