/**
 * The form id a sub-app was opened for: `?id=…` or a `/run/:id` path segment
 * (e.g. /web-form/?id=42, /web-form/run/42, /web-form/run/42/0). Empty or "0" means none.
 */
export function readFormId(location: { pathname: string; search: string }): string | null {
  const fromQuery = new URLSearchParams(location.search).get('id')?.trim();
  if (fromQuery && fromQuery !== '0') return fromQuery;
  const match = /\/run\/([^/?#]+)/.exec(location.pathname);
  const fromPath = match ? decodeURIComponent(match[1]).trim() : '';
  return fromPath && fromPath !== '0' ? fromPath : null;
}
