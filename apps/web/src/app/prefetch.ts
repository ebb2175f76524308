import { SUB_APPS } from '../subapps/shared/registry';

/**
 * Preloads the entry HTML of the two same-origin sub-apps (spec §2.3) with <link rel="prefetch">,
 * once per document. Returns a function that takes the links away again (micro-frontend unmount).
 */
export function prefetchSubApps(doc: Document = document): () => void {
  const added: HTMLLinkElement[] = [];
  for (const { base } of Object.values(SUB_APPS)) {
    if (doc.head.querySelector(`link[rel="prefetch"][href="${base}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = base;
    link.as = 'document';
    link.dataset.feikongPrefetch = 'sub-app';
    doc.head.appendChild(link);
    added.push(link);
  }
  return () => added.forEach((l) => l.remove());
}
