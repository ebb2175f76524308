import type { Db } from '../../platform/db/database.js';
import { staffContacts } from '../org/index.js';

/**
 * The card tables' reads that name a card's holder. Holders are staff of the org module: their person,
 * name and e-mail come through org's door (staffContacts), never from the staff table here.
 */

/** The cards of a release batch held by these staff, each with its holder's contact. */
export async function batchCardsOfHolders(tx: Db, tenantId: number, batchId: number, holderIds: number[]) {
  const cards = await tx
    .selectFrom('cards')
    .select(['id', 'card_no', 'holder_staff_id'])
    .where('tenant_id', '=', tenantId)
    .where('batch_id', '=', batchId)
    .where('holder_staff_id', 'in', holderIds)
    .execute();
  return withHolders(tx, tenantId, cards);
}

/** The batch's cards still waiting for their mail, in card order, each with its holder's contact. */
export async function cardsAwaitingMail(db: Db, tenantId: number, batchId: number, pending: number) {
  const cards = await db
    .selectFrom('cards')
    .select(['id', 'card_no', 'holder_staff_id'])
    .where('tenant_id', '=', tenantId)
    .where('batch_id', '=', batchId)
    .where('mail_status', '=', pending)
    .where('holder_staff_id', 'is not', null)
    .orderBy('id')
    .execute();
  return withHolders(db, tenantId, cards);
}

/** One card with its holder's contact; undefined for an unassigned (未分配) or unknown card. */
export async function cardWithHolder(tx: Db, tenantId: number, cardId: number) {
  const card = await tx
    .selectFrom('cards')
    .select(['id', 'card_no', 'holder_staff_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', cardId)
    .executeTakeFirst();
  if (!card) return undefined;
  return (await withHolders(tx, tenantId, [card]))[0];
}

type CardRow = { id: number; card_no: string; holder_staff_id: number | null };

async function withHolders(db: Db, tenantId: number, cards: CardRow[]) {
  const ids = [...new Set(cards.map((c) => c.holder_staff_id).filter((id): id is number => id !== null))];
  const holders = await staffContacts(db, tenantId, ids.map(Number));
  return cards.flatMap((c) => {
    const holder = c.holder_staff_id === null ? undefined : holders.get(Number(c.holder_staff_id));
    return holder ? [{ id: Number(c.id), card_no: c.card_no, holder }] : [];
  });
}
