import {
  CardOperationLabel,
  type CardOperationListQuery,
  type CardOperationListRow,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';

type Filter = Omit<z.output<typeof CardOperationListQuery>, 'page_num' | 'page_size'>;

/**
 * 卡片操作 (decision 0057): the tenant's card operations with their card, holder and operator, as the list and
 * its export (task 35) filter them. Names of holder and operator come with the rows, as the card list's do.
 */
export function filteredOperations(db: Db, tenantId: number, f: Filter) {
  let q = db
    .selectFrom('card_operations as o')
    .innerJoin('cards as c', (j) =>
      j.onRef('c.id', '=', 'o.card_id').onRef('c.tenant_id', '=', 'o.tenant_id'),
    )
    .leftJoin('staff as h', 'h.id', 'c.holder_staff_id')
    .leftJoin('staff as s', 's.id', 'o.created_by')
    .where('o.tenant_id', '=', tenantId);
  if (f.card_no) q = q.where('c.card_no', 'like', `%${f.card_no}%`);
  if (f.op) q = q.where('o.op', '=', f.op);
  if (f.begin_time !== undefined) q = q.where('o.created_at', '>=', f.begin_time);
  if (f.end_time !== undefined) q = q.where('o.created_at', '<=', f.end_time);
  return q;
}
export const operationColumns = [
  'o.id',
  'o.card_id',
  'c.card_no',
  'h.name as holder_name',
  'o.op',
  'o.reason',
  's.name as operator_name',
  'o.created_at',
] as const;

export function toOperationRow(r: {
  id: number;
  card_id: number;
  card_no: string;
  holder_name: string | null;
  op: string;
  reason: string;
  operator_name: string | null;
  created_at: number;
}): CardOperationListRow {
  return {
    id: Number(r.id),
    card_id: Number(r.card_id),
    card_no: r.card_no,
    holder_name: r.holder_name ?? '',
    op: r.op,
    opText: CardOperationLabel[r.op] ?? r.op,
    reason: r.reason,
    operator_name: r.operator_name ?? '',
    created_at: Number(r.created_at),
  };
}

export async function listOperations(
  db: Db,
  caller: TenantCaller,
  q: z.output<typeof CardOperationListQuery>,
) {
  const base = filteredOperations(db, caller.tenantId, q);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(operationColumns)
      .orderBy('o.id', 'desc')
      .limit(q.page_size)
      .offset((q.page_num - 1) * q.page_size)
      .execute(),
  ]);
  return {
    items: rows.map(toOperationRow),
    page: { page_num: q.page_num, page_size: q.page_size, total: Number(n) },
  };
}
