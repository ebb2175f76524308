import type { SelectQueryBuilder } from 'kysely';

/** `%keyword%` for a LIKE that matches the keyword anywhere; LIKE's own specials (% _ \) are dropped. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[%_\\]/g, '')}%`;
}

/**
 * A list page: COUNT(*) of the filtered query `base`, then one page (limit/offset) of the rows that
 * `rows` selects and orders from it.
 */
export async function countAndPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: (base: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<any, any, O>,
  pageNum: number,
  pageSize: number,
): Promise<{ items: O[]; total: number }> {
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const items = await rows(base)
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { items, total: Number((counted as { total: number | string }).total) };
}
