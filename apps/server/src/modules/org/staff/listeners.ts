import type { Db } from '../../../platform/db/database.js';

/**
 * Who hears that staff members resigned (离职): called inside the transaction that marks them resigned, after
 * the staff rows are written, so what a listener writes commits or rolls back with the resignation (a listener
 * that throws rolls it back, so it must only write its own rows). The org module imports no module that
 * listens: modules/index.ts hands the listeners in (`onStaffResigned`), as budget/ledger/listeners.ts does.
 * The set is process-wide; adding the same listener twice is a no-op.
 */
export interface StaffResigned {
  tenantId: number;
  staffIds: number[];
  /** The staff member who resigned them. */
  by: number;
  now: number;
}
export type StaffResignedListener = (trx: Db, e: StaffResigned) => Promise<void>;

const listeners = new Set<StaffResignedListener>();

export function onStaffResigned(listener: StaffResignedListener) {
  listeners.add(listener);
}

export async function staffResigned(trx: Db, e: StaffResigned) {
  if (e.staffIds.length === 0) return;
  for (const l of listeners) await l(trx, e);
}

/**
 * Who hears that staff members moved to other departments (调岗): same contract as 离职 — inside the transaction
 * that changes their departments, after the rows are written. Only an active staff member whose set of departments
 * changed is a move; a resignation in the same change is heard as 离职 alone.
 */
export type StaffMoved = StaffResigned;
export type StaffMovedListener = (trx: Db, e: StaffMoved) => Promise<void>;

const movedListeners = new Set<StaffMovedListener>();

export function onStaffMoved(listener: StaffMovedListener) {
  movedListeners.add(listener);
}

export async function staffMoved(trx: Db, e: StaffMoved) {
  if (e.staffIds.length === 0) return;
  for (const l of movedListeners) await l(trx, e);
}

/** Whether a staff member's departments changed (order and repeats do not count). */
export function deptsChanged(before: readonly number[], after: readonly number[] | undefined) {
  if (after === undefined) return false;
  const a = new Set(before);
  const b = new Set(after);
  return a.size !== b.size || [...a].some((x) => !b.has(x));
}
