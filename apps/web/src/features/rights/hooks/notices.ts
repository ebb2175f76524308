import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { VersionNotice } from '@/api/rights';
import { isPersonalAccount, useSession } from '@/stores/session';
import { visibleNotices } from '../rules';
import { noticesQuery } from './rights';

/**
 * The tenant's version notices for the alert bar (GET tenant:notify), without the product-type ones
 * for the welfare interfaces (spec §6; the server filters them too). None for a personal account.
 */
export function useVersionNotices(): VersionNotice[] {
  const token = useSession((s) => s.token);
  const uiType = useSession((s) => s.ui_type);
  const personal = useSession((s) => isPersonalAccount(s));
  const query = useQuery({ ...noticesQuery(token), enabled: !!token && !personal });
  return useMemo(() => (personal ? [] : visibleNotices(query.data, uiType)), [personal, query.data, uiType]);
}

/** How long the page below the notice bar may wait for the notices before it shows anyway. */
export const NOTICES_WAIT_MS = 1500;

/**
 * False while the first answer of tenant:notify is on its way (at most NOTICES_WAIT_MS). The layout keeps
 * the page below the bar invisible meanwhile: a bar that appears above a drawn page pushes all of it down
 * (a layout shift); the request runs beside the menus and the page's own data, so this costs little.
 */
export function useVersionNoticesSettled(): boolean {
  const token = useSession((s) => s.token);
  const personal = useSession((s) => isPersonalAccount(s));
  const enabled = !!token && !personal;
  const query = useQuery({ ...noticesQuery(token), enabled });
  const [waitedEnough, setWaitedEnough] = useState(false);
  const pending = enabled && query.isPending;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setWaitedEnough(true), NOTICES_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return !pending || waitedEnough;
}

const DISMISSED_KEY = 'feikong.dismissedNotices';

/** Warnings and hints (not the danger ones) can be closed for the rest of the browser session. */
export function readDismissed(): string[] {
  try {
    const raw = sessionStorage.getItem(DISMISSED_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
export function saveDismissed(list: string[]): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(list.slice(-50)));
  } catch {
    // storage disabled: closed for this page only
  }
}
