import { Button, Result } from 'antd';
import { useHref, useLocation, useNavigate, useRouteError } from 'react-router';
import { usePrerenderHandoff } from '@/platform/prerender';

const RELOAD_MARK = 'feikong.chunkReloadAt';
/** The path the user was going to when a chunk failed to load (spec §2.2: remembered as the target). */
export const RELOAD_TARGET = 'feikong.chunkReloadTarget';

/** A deploy replaced the hashed chunks this page knows about. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk/i.test(
    text,
  );
}

/**
 * Route error boundary. A chunk-load failure reloads the page at the target path (spec §2.2), at most
 * once a minute so a missing file cannot cause a reload loop; anything else shows a plain error.
 */
export function RouteError() {
  usePrerenderHandoff();
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  // With the router's base (an embedding container's prefix) so the reload lands on the same page.
  const target = useHref(location.pathname + location.search);
  if (isChunkLoadError(error)) {
    const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
    if (Date.now() - last > 60_000) {
      sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
      sessionStorage.setItem(RELOAD_TARGET, target);
      window.location.assign(target);
      return null;
    }
  }
  return (
    <Result
      status="500"
      title="页面出错了"
      subTitle="请刷新页面重试"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
