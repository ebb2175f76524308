import { render } from '@testing-library/react';
import { useState } from 'react';
import { AppRouter } from '../app/AppRouter';
import type { MenuNode } from '../platform/menuTypes';
import { AppProviders } from '../platform/providers';
import { createQueryClient } from '../platform/queryClient';
import { RouterHost } from '../app/routerHost';
import type { ScreenRegistry } from '../app/screenRegistry';
import { useUnsavedChanges } from '../platform/unsaved';
import { ok, jsonReply } from './fetch';

/** A screen with a text box, to see state survive (keep-alive) or block leaving (unsaved changes). */
function makeScreen(label: string) {
  return function Screen() {
    const [text, setText] = useState('');
    useUnsavedChanges(label === '成员管理' && text ? '有未保存的修改，确定离开吗？' : null);
    return (
      <div>
        <h2>{label}页面</h2>
        <input aria-label={`${label}输入`} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
    );
  };
}

const screen = (label: string) => async () => ({ default: makeScreen(label) });

/** Light screens for the seeded component names, so shell tests do not load the real pages. */
export const testRegistry: ScreenRegistry = {
  'home/Home': screen('工作台'),
  'common/UserInfo': screen('用户信息'),
  'common/OrgInfo': screen('企业信息'),
  'settings/FunctionPermission': screen('功能权限'),
  'settings/MemberManagement': screen('成员管理'),
  'settings/PermissionGroup': screen('权限组'),
  'settings/MenuSetting': screen('菜单管理'),
};

export interface ServerStub {
  menus?: MenuNode[];
  perms?: string[];
  /** HTTP status for the menus call (default 200). */
  menuStatus?: number;
  /** The product version detail; null = 404 (not served yet). */
  version?: Record<string, unknown> | null;
}

/** A fetch handler answering the shell's calls. */
export function shellServer(s: ServerStub) {
  return (url: string): Response => {
    if (url.includes('/privileges/user/menus')) {
      if (s.menuStatus && s.menuStatus !== 200)
        return jsonReply({ status: 10000500, msg: '服务器错误', data: null }, s.menuStatus);
      return ok({ menus: s.menus ?? [], rules: { perms: s.perms ?? [] } });
    }
    if (url.includes('product-version:query')) {
      return s.version ? ok(s.version) : jsonReply({ status: 10000404, msg: '接口不存在', data: null }, 404);
    }
    return ok({ items: [] });
  };
}

/** Renders the whole app (providers, host, guard, shell) on a memory router at `path`. */
export function renderApp(path: string, registry: ScreenRegistry = testRegistry) {
  const host = new RouterHost({ kind: 'memory', initialEntries: [path] }, registry);
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <AppRouter host={host} />
    </AppProviders>,
  );
  const location = () => host.get().router.state.location;
  return { host, view, location };
}
