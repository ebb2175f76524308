import type { Caller } from '../../platform/context.js';
import type { AuthDeps } from './auth.context.js';
import { AUTH_LIMITS, authErrors } from './auth.errors.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import {
  countBankAccounts,
  deleteBankAccount,
  findBankAccount,
  findBankAccountByCard,
  insertBankAccount,
  listBankAccounts,
  payeeCards,
  setDefaultBankAccount,
  updateBankAccount,
  type BankFields,
} from './bank.repo.js';

/**
 * A person's bank cards (users/bank/info). They belong to the person, whichever organisation the
 * session is in; another person's card answers "not found". Card numbers are answered as stored
 * (digits only); the client groups them by 4 (spec §5).
 */

export interface BankInput {
  account_name: string;
  bank_name: string;
  branch_name?: string | null;
  card_no: string;
  is_default?: boolean;
}

export async function listBank(d: AuthDeps, caller: Caller) {
  return listBankAccounts(d.db, caller.userId);
}

async function guardDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw authErrors.bankDuplicate();
    throw err;
  }
}

/** The first card becomes the default; a card added as default takes the mark from the others. */
export async function addBank(d: AuthDeps, caller: Caller, input: BankInput) {
  const now = d.clock();
  const userId = caller.userId;
  const id = await guardDuplicate(() =>
    d.db.transaction().execute(async (trx) => {
      const count = await countBankAccounts(trx, userId);
      if (count >= AUTH_LIMITS.bankAccountsPerPerson) throw authErrors.bankLimit();
      if (await findBankAccountByCard(trx, userId, input.card_no)) throw authErrors.bankDuplicate();
      const fields: BankFields = {
        account_name: input.account_name,
        bank_name: input.bank_name,
        branch_name: input.branch_name || null,
        card_no: input.card_no,
        is_default: 0,
      };
      const newId = await insertBankAccount(trx, userId, fields, now);
      if (input.is_default || count === 0) await setDefaultBankAccount(trx, userId, newId, now);
      return newId;
    }),
  );
  return (await findBankAccount(d.db, userId, id))!;
}

export async function editBank(d: AuthDeps, caller: Caller, id: number, input: Partial<BankInput>) {
  const now = d.clock();
  const userId = caller.userId;
  await guardDuplicate(() =>
    d.db.transaction().execute(async (trx) => {
      const current = await findBankAccount(trx, userId, id);
      if (!current) throw authErrors.bankNotFound();
      if (input.card_no !== undefined && input.card_no !== current.card_no) {
        if (await findBankAccountByCard(trx, userId, input.card_no)) throw authErrors.bankDuplicate();
      }
      const patch: Partial<BankFields> = {};
      if (input.account_name !== undefined) patch.account_name = input.account_name;
      if (input.bank_name !== undefined) patch.bank_name = input.bank_name;
      if (input.branch_name !== undefined) patch.branch_name = input.branch_name || null;
      if (input.card_no !== undefined) patch.card_no = input.card_no;
      await updateBankAccount(trx, userId, id, patch, now);
      if (input.is_default === true) await setDefaultBankAccount(trx, userId, id, now);
      if (input.is_default === false && current.is_default === 1) {
        await updateBankAccount(trx, userId, id, { is_default: 0 }, now);
      }
    }),
  );
  return (await findBankAccount(d.db, userId, id))!;
}

/** Deleting the default card passes the mark to the oldest remaining card. */
export async function removeBank(d: AuthDeps, caller: Caller, id: number) {
  const now = d.clock();
  const userId = caller.userId;
  await d.db.transaction().execute(async (trx) => {
    const current = await findBankAccount(trx, userId, id);
    if (!current || (await deleteBankAccount(trx, userId, id)) === 0) throw authErrors.bankNotFound();
    if (current.is_default === 1) {
      const rest = await listBankAccounts(trx, userId);
      if (rest.length > 0) await setDefaultBankAccount(trx, userId, rest[0].id, now);
    }
  });
  return null;
}

/** The card a payment to each person goes to (the default card, else the first added): spend/payment's payee. */
export const payeeCardsOf = payeeCards;
