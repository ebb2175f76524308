import { useSyncExternalStore } from 'react';
import { MENU_LOAD_ERROR } from '@feikong/contracts';
import { privilegesApi } from '../api/privileges';
import { notify } from '../api/http/notify';
import { getSession, setSession, subscribeSession } from '../stores/session';
import type { MenuNode } from './menuTypes';

/**
 * The signed-in user's menus (spec §2.2): loaded once per token on the first guarded entry; the
 * router is rebuilt from them. A different token (logout, another login, switching organisation)
 * clears them, so the next guarded entry loads the new user's menus.
 */
export type MenuStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface MenuState {
  status: MenuStatus;
  menus: MenuNode[] | null;
  /** The token the menus belong to. */
  token: string;
}

const IDLE: MenuState = { status: 'idle', menus: null, token: '' };
let state: MenuState = IDLE;
const listeners = new Set<() => void>();
let inflight: Promise<void> | null = null;

function commit(next: MenuState) {
  state = next;
  for (const l of [...listeners]) l();
}

export function getMenuState(): MenuState {
  return state;
}

export function subscribeMenus(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useMenuState(): MenuState {
  return useSyncExternalStore(subscribeMenus, getMenuState, getMenuState);
}

/** Menus and routes cleared (spec §8 "menus and routes are cleared"; also on logout / org switch). */
export function resetMenus(): void {
  inflight = null;
  if (state !== IDLE) commit(IDLE);
}

/** Loads the menus of the current token; concurrent callers share one request. */
export function loadMenus(): Promise<void> {
  const token = getSession().token;
  if (state.status === 'ready' && state.token === token) return Promise.resolve();
  if (inflight && state.token === token) return inflight;
  commit({ status: 'loading', menus: null, token });
  const run = privilegesApi
    .userMenus()
    .then((reply) => {
      if (inflight !== run) return; // reset meanwhile
      setSession({ userMenus: { perms: reply.rules?.perms ?? [], rules: reply.menus } });
      commit({ status: 'ready', menus: reply.menus ?? [], token });
    })
    .catch((error: unknown) => {
      if (inflight !== run) return;
      // A session-expired reply logs out by itself; anything else is a menu load failure.
      if ((error as { kind?: string })?.kind !== 'logout') notify.error(MENU_LOAD_ERROR);
      setSession({ userMenus: null });
      commit({ status: 'error', menus: null, token });
    })
    .finally(() => {
      if (inflight === run) inflight = null;
    });
  inflight = run;
  return run;
}

// A new token means another user or organisation: the old menus must not be used.
let lastToken = getSession().token;
subscribeSession(() => {
  const token = getSession().token;
  if (token === lastToken) return;
  lastToken = token;
  resetMenus();
});

/**
 * Fetches the menus again for the same token (e.g. after the menu settings changed) and rebuilds the
 * routes without a loading screen. Failures keep the current menus.
 */
export async function refreshMenus(): Promise<void> {
  const token = getSession().token;
  if (state.status !== 'ready' || state.token !== token) return loadMenus();
  const reply = await privilegesApi.userMenus();
  if (getSession().token !== token) return;
  setSession({ userMenus: { perms: reply.rules?.perms ?? [], rules: reply.menus } });
  commit({ status: 'ready', menus: reply.menus ?? [], token });
}
