import type { Paged } from '@feikong/contracts';

/**
 * Server-side pieces of the org module's routes. The request and reply schemas themselves live in
 * packages/contracts/src/org (shared with the web client).
 */
export const PREFIX = '/org-arch-center/api/v1';

export { ORG_TAX_ID_RE as TAX_ID_RE } from '@feikong/contracts';

export function pageOf<T>(items: T[], pageNumV: number, pageSizeV: number, total: number): Paged<T> {
  return { items, page: { page_num: pageNumV, page_size: pageSizeV, total } };
}

/** Fastify reads `:` as a path parameter; the spec's paths have literal colons (`organizations:list`). */
export const path = (p: string) => `${PREFIX}/${p.replace(/:/g, '::')}`;
