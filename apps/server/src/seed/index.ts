import type { Db } from '../platform/db/database.js';
import type { FileStorage } from '../platform/storage/index.js';
import { seedDemoPrintedBill } from './billPrint.js';
import { seedDemoBillAnalysis } from './billAnalysis.js';
import { seedDemoBudget } from './budget.js';
import { seedDemoTenant } from './demo.js';
import { seedDemoInvoices } from './invoice.js';
import { seedDemoInvoiceDues } from './invoiceDue.js';
import { seedOrgDemo } from './org.js';
import { seedDemoFlows } from './flow.js';
import { seedDemoStandards } from './spendStandards.js';
import { seedWelfareTenants } from './welfare.js';

/**
 * Seeds the demo tenant once: only when the database has no organisation at all. With a storage, the
 * demo invoices get their real files (test-data) under the tenant's directory.
 */
export async function seedDemoIfEmpty(db: Db, storage: FileStorage | null = null): Promise<boolean> {
  const any = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await db.transaction().execute(async (trx) => {
    const ids = await seedDemoTenant(trx);
    await seedOrgDemo(trx, ids);
    // 差旅与费用标准 follow the grades and city groups seedOrgDemo made.
    await seedDemoStandards(trx, ids.group);
    await seedDemoInvoices(trx, ids, storage);
    await seedDemoInvoiceDues(trx, ids);
    await seedDemoPrintedBill(trx, ids);
    await seedDemoBillAnalysis(trx, ids);
    // 预算分析 (decision 0055): a department budget of this year, moved by the documents above.
    await seedDemoBudget(trx, ids.group);
    // The flow services join this transaction (inTransaction): a crash anywhere leaves no half-seeded tenant.
    await seedDemoFlows(trx, ids.group);
    // 福利演示企业 (welfare) and 商城福利演示企业 (shop_welfare): the benefit modes (decision 0046).
    await seedWelfareTenants(trx);
  });
  return true;
}
