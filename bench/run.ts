/**
 * `npm run bench [name…]`: runs the performance scripts and prints each figure beside its
 * baseline. These are measurements to quote in issue notes, not timed tests.
 */
import { benchApiRead } from './api-read.js';
import { benchInvoiceExport } from './invoice-export.js';
import { benchInvoiceOcr } from './invoice-ocr.js';
import { benchInvoicePageList } from './invoice-pagelist.js';
import { benchOrgImportExport } from './org-import-export.js';
import { benchOrgTree } from './org-tree.js';
import { benchWebFirstLoad } from './web-first-load.js';
import { benchFlow } from './flow.js';
import { benchSpendDecision } from './spendDecision.js';
import { benchSpendAnalysis } from './spendAnalysis.js';
import { benchBudgetCheck } from './budgetCheck.js';
import { benchBudgetImport } from './budgetImport.js';
import { benchBudgetAnalysis } from './budgetAnalysis.js';
import { benchCardRelease } from './cardRelease.js';
import { benchCardAuthorize } from './cardAuthorize.js';
import { benchPurchaseTasks } from './purchaseTasks.js';
import { benchDirectorySync } from './directory-sync.js';

const benches: Record<string, () => Promise<unknown>> = {
  'api-read': benchApiRead,
  'org-tree': benchOrgTree,
  'org-import-export': benchOrgImportExport,
  'web-first-load': benchWebFirstLoad,
  'invoice-export': benchInvoiceExport,
  'invoice-ocr': benchInvoiceOcr,
  'invoice-pagelist': benchInvoicePageList,
  // flow-batch-approve, flow-todo and flow-simulate share one setup (1,000 submitted documents).
  flow: benchFlow,
  'spend-decision': benchSpendDecision,
  'spend-analysis': benchSpendAnalysis,
  'budget-check': benchBudgetCheck,
  'budget-import': benchBudgetImport,
  'budget-analysis': benchBudgetAnalysis,
  'card-release': benchCardRelease,
  'card-authorize': benchCardAuthorize,
  'purchase-tasks': benchPurchaseTasks,
  'directory-sync': benchDirectorySync,
};

const wanted = process.argv.slice(2);
const names = wanted.length > 0 ? wanted : Object.keys(benches);
for (const name of names) {
  const bench = benches[name];
  if (!bench) {
    console.error(`未知的基准测试：${name}（可选：${Object.keys(benches).join(', ')}）`);
    process.exit(2);
  }
  await bench();
}
