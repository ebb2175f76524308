import { Grid, Layout } from 'antd';
import { useContext, useEffect, useMemo, useState } from 'react';
import { useLocation, useMatches, useSearchParams } from 'react-router';
import { logBehaviour } from '../../components/behaviourLog';
import { SessionPrompts } from '@/features/login';
import { KeepAliveOutlet } from '../keepAlive';
import { prefetchSubApps } from '../prefetch';
import { useProductVersion } from '../productVersion';
import { useVersionNoticesSettled, VersionNoticeBar, type VersionNotice } from '@/features/rights';
import { handleOf } from '@/platform/routeMeta';
import { RouterMenusContext } from '@/platform/routerContext';
import { fromMenu, hasMenuPath, sidebarEntries, topMenuItems } from '@/platform/routeRules';
import { TODO_LIST_PATH, useTodoCount } from '@/platform/todoCount';
import { isPersonalAccount, useSession } from '@/stores/session';
import { AppHeader } from './AppHeader';
import { Breadcrumbs } from './Breadcrumbs';
import { MenuDrawer, Sidebar } from './Sidebar';

const COLLAPSED_KEY = 'feikong.sidebarCollapsed';

function useCollapsed(): [boolean, (v: boolean) => void] {
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(COLLAPSED_KEY) === '1';
    } catch {
      return false;
    }
  });
  const set = (v: boolean) => {
    setCollapsed(v);
    try {
      localStorage.setItem(COLLAPSED_KEY, v ? '1' : '0');
    } catch {
      // storage disabled: the state lives for this page only
    }
  };
  return [collapsed, set];
}

/** The page shell (spec §2.4): header, notice bar, sidebar, breadcrumb and the (kept-alive) page. */
export default function AppLayout() {
  const { tree } = useContext(RouterMenusContext);
  const matches = useMatches();
  const { pathname } = useLocation();
  const handles = matches.map((m) => handleOf(m));
  const leaf = handles[handles.length - 1];
  // A shared page opened from a menu entry (?from=/todo/list) keeps that entry selected.
  const [search] = useSearchParams();
  const from = fromMenu(tree, search.get('from'));
  const topName = from?.top.name ?? handles.find((h) => h?.top)?.name;
  const top = tree.find((n) => n.name === topName);
  const matchedPaths = [...handles.map((h) => h?.path ?? ''), ...(from ? [from.path] : [])];
  const [collapsed, setCollapsed] = useCollapsed();
  // Below md (768 px, a phone): no sidebar beside the page; the menu opens as a drawer from the header.
  const phone = Grid.useBreakpoint().md === false;
  const [drawer, setDrawer] = useState(false);
  const personal = useSession((s) => isPersonalAccount(s));
  const todo = useTodoCount(hasMenuPath(tree, TODO_LIST_PATH));
  const counts = useMemo(() => ({ [TODO_LIST_PATH]: todo }), [todo]);
  const version = useProductVersion();
  const noticesSettled = useVersionNoticesSettled();
  // Version notices arrive with the rights issue (GET /right-recharge/api/v1/tenant:notify).
  const notices: VersionNotice[] = [];

  const hideSidebar =
    leaf?.meta?.hide_sidebar === true || leaf?.hideSidebar === true || sidebarEntries(top).length === 0;
  const forbidden = leaf?.name === 'forbidden';

  useEffect(() => prefetchSubApps(), []);
  useEffect(() => {
    logBehaviour('route', `${pathname} ${leaf?.title ?? ''}`.trim());
  }, [pathname, leaf?.title]);

  return (
    <Layout className="fk-shell" data-testid="app-shell">
      <AppHeader
        tree={tree}
        activeTop={topName}
        versionName={version?.product_version_name}
        counts={counts}
        onMenu={phone ? () => setDrawer(true) : undefined}
      />
      <VersionNoticeBar notices={notices} />
      {/* Drawn but invisible until the notice bar above it is final: no layout shift when it appears. */}
      <Layout className="fk-body" style={noticesSettled ? undefined : { visibility: 'hidden' }}>
        {!hideSidebar && !phone && (
          <Sidebar
            top={top}
            matchedPaths={matchedPaths}
            collapsed={collapsed}
            onCollapse={setCollapsed}
            counts={counts}
          />
        )}
        {phone && (
          <MenuDrawer
            open={drawer}
            onClose={() => setDrawer(false)}
            tops={topMenuItems(tree, personal)}
            matchedPaths={matchedPaths}
            counts={counts}
          />
        )}
        <Layout.Content className="fk-main" data-testid="app-main">
          {!forbidden && <Breadcrumbs />}
          <div className="fk-page">
            <KeepAliveOutlet />
          </div>
        </Layout.Content>
      </Layout>
      {/* The bind-organisation dialog while the session says one is due (spec §4.1). */}
      <SessionPrompts />
    </Layout>
  );
}
