import { useRef, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import { LAYOUT } from '@feikong/contracts';
import { isKeepAlive } from '@/platform/menuTypes';
import { handleOf } from '@/platform/routeMeta';

/**
 * Least-recently-used order of cached view keys: `key` moves to the end; the oldest fall off beyond
 * `max`. Returns the new order (the input is not changed).
 */
export function touchLru(order: readonly string[], key: string, max: number): string[] {
  const next = [...order.filter((k) => k !== key), key];
  return next.slice(Math.max(0, next.length - max));
}

/**
 * The shell's outlet with keep-alive (spec §2.1, §9): views whose route meta says keepAlive /
 * keep_alive stay mounted, hidden with display:none, when the user leaves them — at most `max`
 * (default 2), keyed by path, least recently used dropped first. Other views mount and unmount as usual.
 */
export function KeepAliveOutlet({ max = LAYOUT.cachedViewsMax }: { max?: number }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const matches = useMatches();
  const leaf = matches.length ? handleOf(matches[matches.length - 1]) : undefined;
  const keep = isKeepAlive(leaf?.meta) || leaf?.keepAlive === true;

  // Render-time bookkeeping on a ref: each step is idempotent, so a repeated render gives the same result.
  const cache = useRef<{ order: string[]; views: Map<string, ReactNode> }>({ order: [], views: new Map() });
  const c = cache.current;
  if (keep) {
    c.order = touchLru(c.order, pathname, max);
    c.views.set(pathname, outlet);
    for (const k of [...c.views.keys()]) if (!c.order.includes(k)) c.views.delete(k);
  }

  return (
    <>
      {[...c.views.entries()].map(([key, view]) => (
        <div
          key={key}
          data-keep-alive={key}
          style={keep && key === pathname ? { height: '100%' } : { display: 'none' }}
        >
          {view}
        </div>
      ))}
      {!keep && (
        <div key="live" style={{ height: '100%' }}>
          {outlet}
        </div>
      )}
    </>
  );
}
