/**
 * 单据 (bill): documents and their lines (fees, trips), loans and repayments, connected documents, and the read
 * API other modules get through ../index.ts (reads.ts). Approving them is ../approval/. The routes are
 * ../bill.routes.ts. The other parts of flow use this door only.
 */
export * from './bill.service.js';
export * from './relate.service.js';
export * from './reads.js';
export * from './pay.js';
export * from './spendReads.js';
export * from './budget.js';
/** The bills tables' SQL: the approval runtime and printing read and write documents through it. */
export * as billRepo from './bill.repo.js';
export type { BillDb } from './bill.repo.js';
