import { App } from 'antd';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BIND_SUCCESS, LOGOUT_CONFIRM, SWITCH_SUCCESS, SYSTEM_NOTICE_TITLE } from '@feikong/contracts';
import { createOrganization, enterOrganization, loginWithToken, logoutNow } from '../session/flows';

// The session actions the shell (header, guard, expiry prompt) and the dialogs use (spec §4.1).
export { logoutNow, loginWithToken };

/** How long the success toast shows before a switch on the home page reloads it. */
export const RELOAD_DELAY_MS = 800;

/**
 * Another user or organisation: cached server data must not leak into it. Unused queries (the
 * cached user included) are dropped; the ones on screen are reset and fetched again with the new token.
 */
export function resetServerState(queryClient: QueryClient): void {
  queryClient.removeQueries({ type: 'inactive' });
  void queryClient.resetQueries({ type: 'active' });
}

/** Returns a function that asks 确定退出当前账号？ and then logs out (spec §4.1). */
export function useLogout(): () => void {
  const { modal } = App.useApp();
  return useCallback(() => {
    modal.confirm({
      title: SYSTEM_NOTICE_TITLE,
      content: LOGOUT_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      onOk: () => logoutNow(),
    });
  }, [modal]);
}

/**
 * Switch organisation (spec §4.1, 2.5). The returned function switches (the caller has already
 * confirmed), then: 切换成功！, organisation / menu / product-version state reset (the store is
 * rebuilt from the new token, every cached query — the user included — is dropped), and the home
 * page reloads, any other page goes to /.
 */
export function useSwitchOrganization(): (orgId: number) => Promise<void> {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    async (orgId: number) => {
      await enterOrganization(orgId);
      resetServerState(queryClient);
      void message.success(SWITCH_SUCCESS);
      if (pathname === '/') window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
      else navigate('/', { replace: true });
    },
    [message, queryClient, navigate, pathname],
  );
}

/** 创建组织 (issue 20): make the tenant, enter it, drop cached data and open its workbench afresh. */
export function useCreateOrganization(): (name: string) => Promise<void> {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (name: string) => {
      await createOrganization(name);
      resetServerState(queryClient);
      void message.success('组织创建成功');
      navigate('/', { replace: true });
    },
    [message, queryClient, navigate],
  );
}

/** Bind organisation (spec §2.5): enter the chosen organisation, 绑定成功！, drop cached data. */
export function useBindOrganization(): (orgId: number) => Promise<void> {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useCallback(
    async (orgId: number) => {
      await enterOrganization(orgId);
      resetServerState(queryClient);
      void message.success(BIND_SUCCESS);
    },
    [message, queryClient],
  );
}

/**
 * For the route guard: a location with both `token` and `orgId` signs in with them (switching when
 * the organisation differs) and replaces the location with /. Returns true while that runs.
 */
export function useTokenLinkLogin(): boolean {
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = new URLSearchParams(search);
  const token = query.get('token');
  const orgId = query.get('orgId');
  const active = Boolean(token && orgId);
  const [busy, setBusy] = useState(active);
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!token || !orgId || started.current === token) return;
    started.current = token;
    setBusy(true);
    queryClient.removeQueries({ type: 'inactive' });
    loginWithToken(token, orgId)
      .then(() => navigate('/', { replace: true }))
      .catch(() => navigate('/login', { replace: true }))
      .finally(() => setBusy(false));
  }, [token, orgId, navigate, queryClient]);
  return active || busy;
}
