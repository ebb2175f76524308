import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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
