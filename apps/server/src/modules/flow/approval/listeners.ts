import type { Db } from '../../../platform/db/database.js';

/**
 * Who hears a document's final approval (decision 0058). A listener is called inside the approval step's
 * transaction, after the documents' statuses, invoices and budget are written, with the documents this step
 * finally approved: what it writes commits or rolls back with the step (a listener that throws refuses the
 * approval). The flow module imports no module that listens: modules/index.ts hands them in
 * (`onBillApproved`), as budget's ledger listeners are. The set is process-wide (a listener is a pure function
 * of the transaction it is given); adding the same one twice is a no-op.
 */
export interface ApprovedBill {
  billId: number;
  billType: string;
  billNumber: string;
  submitterId: number;
}
export interface BillsApproved {
  tenantId: number;
  /** Whoever made the final step (an approver, or the administrator intervening). */
  by: number;
  now: number;
  bills: ApprovedBill[];
}
export type BillApprovedListener = (trx: Db, e: BillsApproved) => Promise<void>;

const listeners = new Set<BillApprovedListener>();

export function onBillApproved(listener: BillApprovedListener) {
  listeners.add(listener);
}

export async function billsApproved(trx: Db, e: BillsApproved) {
  if (e.bills.length === 0) return;
  for (const l of listeners) await l(trx, e);
}

/**
 * Whether the staff member holds an open (running) approval task of the document — what another module asks
 * before letting an approver decide part of a document it owns the lines of (purchasing's 逐行审批).
 */
export async function isOpenAssignee(db: Db, tenantId: number, billId: number, staffId: number) {
  const row = await db
    .selectFrom('flow_tasks')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .where('assignee_id', '=', staffId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return row !== undefined;
}
