import type { Db } from '../../platform/db/database.js';

/** SQL of a person's bank cards. Owned by the person: every function takes the owner's user id. */

const BANK_COLUMNS = [
  'id',
  'account_name',
  'bank_name',
  'branch_name',
  'card_no',
  'is_default',
  'created_at',
  'updated_at',
] as const;

export async function listBankAccounts(db: Db, userId: number) {
  return db
    .selectFrom('user_bank_accounts')
    .select(BANK_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
}

export async function findBankAccount(db: Db, userId: number, id: number) {
  return db
    .selectFrom('user_bank_accounts')
    .select(BANK_COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findBankAccountByCard(db: Db, userId: number, cardNo: string) {
  return db
    .selectFrom('user_bank_accounts')
    .select(['id'])
    .where('user_id', '=', userId)
    .where('card_no', '=', cardNo)
    .executeTakeFirst();
}

export async function countBankAccounts(db: Db, userId: number) {
  const r = await db
    .selectFrom('user_bank_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface BankFields {
  account_name: string;
  bank_name: string;
  branch_name: string | null;
  card_no: string;
  is_default: number;
}

export async function insertBankAccount(db: Db, userId: number, f: BankFields, now: number) {
  return (
    await db
      .insertInto('user_bank_accounts')
      .values({ user_id: userId, ...f, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateBankAccount(
  db: Db,
  userId: number,
  id: number,
  f: Partial<BankFields>,
  now: number,
) {
  await db
    .updateTable('user_bank_accounts')
    .set({ ...f, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Answers the number of rows deleted (0 when the card is not the person's). */
export async function deleteBankAccount(db: Db, userId: number, id: number) {
  const r = await db
    .deleteFrom('user_bank_accounts')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Makes `id` the person's only default card (null: no card is default). */
export async function setDefaultBankAccount(db: Db, userId: number, id: number | null, now: number) {
  await db
    .updateTable('user_bank_accounts')
    .set((eb) => ({
      is_default: id === null ? 0 : eb.case().when('id', '=', id).then(1).else(0).end(),
      updated_at: now,
    }))
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Each person's card a payment goes to: the default card, else the first one added (persons without a card
 * are missing from the map).
 */
export async function payeeCards(db: Db, userIds: number[]) {
  const out = new Map<
    number,
    { accountName: string; bankName: string; branchName: string; cardNo: string }
  >();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_bank_accounts')
    .select(['user_id', 'account_name', 'bank_name', 'branch_name', 'card_no'])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const userId = Number(r.user_id);
    if (out.has(userId)) continue;
    out.set(userId, {
      accountName: r.account_name,
      bankName: r.bank_name,
      branchName: r.branch_name ?? '',
      cardNo: r.card_no,
    });
  }
  return out;
}
