/**
 * Bench: POST /invoice/api/web/invoice/export/custom of 200 invoices as FOUR (issue 12; budget ≤ 5 s on
 * 2 cores). The invoices carry real files (test-data/invoices: a Chromium-printed PDF of a real
 * e-invoice's values, a real e-invoice photo and a specimen 专用发票 photo, in turn). "ours" is the whole
 * route on the real app (auth, validation, reading 200 files from storage, layout, storing the PDF,
 * signing the link); the baseline is the layout alone (pdf-lib, files already in memory).
 * BENCH_EXPORT_INVOICES (default 200), BENCH_EXPORT_RUNS (default 3).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { DownloadSigner, LocalFileStorage } from '../apps/server/src/platform/storage/index.js';
import { layoutPerPage, type PdfSource } from '../apps/server/src/modules/files/index.js';
import { createCompany } from '../apps/server/src/seed/demo.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { giveChecks } from '../apps/server/src/modules/invoice/invoice.testkit.js';

const N = Number(process.env.BENCH_EXPORT_INVOICES ?? 200);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const W = '/invoice/api/web/invoice';
const BUYER = { name: '江苏京利华新材料有限公司', taxId: '91320115MA202UKD7X' }; // 1.ofd's buyer
const FILES: { rel: string; kind: 'pdf' | 'png' | 'jpg'; type: string }[] = [
  { rel: 'invoices/pdf/dianzi_pupiao_033002000211_83089647.pdf', kind: 'pdf', type: 'application/pdf' },
  {
    rel: 'invoices/images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png',
    kind: 'png',
    type: 'image/png',
  },
  { rel: 'invoices/images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg', kind: 'jpg', type: 'image/jpeg' },
];
const data = (rel: string) => fs.readFileSync(new URL(`../test-data/${rel}`, import.meta.url));

export async function benchInvoiceExport() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-bench-export-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
  try {
    await migrateToLatest(handle.db);
    const config = testConfig({ dataDir: dir });
    const storage = new LocalFileStorage(path.join(dir, 'files'), new DownloadSigner(config.signingSecret));
    const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, storage });
    await app.ready();
    const { tenantId } = await makeTenant(handle.db);
    await createCompany(handle.db, tenantId, BUYER.name, BUYER.taxId, 10);
    const staff = await makeStaff(handle.db, tenantId, ['invoice:view', 'invoice:add', 'invoice:export']);
    const headers = { 'x-session-token': staff.token };
    const bytes = FILES.map((f) => data(f.rel));
    const sources: PdfSource[] = [];
    const invoices = [];
    for (let i = 0; i < N; i += 1) {
      const f = FILES[i % FILES.length]!;
      const key = `invoice/t${tenantId}/2026/11/25/${i}_bench.${f.kind}`;
      await storage.put(key, bytes[i % FILES.length]!, { contentType: f.type });
      sources.push({ bytes: bytes[i % FILES.length]!, kind: f.kind, remark: `bench ${i + 1}` });
      invoices.push({
        kind: 'vat_normal',
        code: '033002000211',
        number: String(10_000_000 + i),
        billingDate: `2026-10-${String((i % 28) + 1).padStart(2, '0')}`,
        amount: 10_000 + i,
        tax: 600,
        total: 10_600 + i,
        buyerName: BUYER.name,
        buyerTaxId: BUYER.taxId,
        sellerName: '兰溪市悦济舫餐厅',
        fileKey: key,
        source: 'upload',
      });
    }
    // Every verification uses one count of the 电子发票查验包 add-on.
    await giveChecks({ db: handle.db } as Parameters<typeof giveChecks>[0], tenantId, N);
    const ids: number[] = [];
    for (let i = 0; i < N; i += 50) {
      const res = await app.inject({
        method: 'POST',
        url: `${W}/saveInvoices`,
        headers,
        payload: { invoices: invoices.slice(i, i + 50) },
      });
      if (res.statusCode !== 200) throw new Error(`saveInvoices ${res.statusCode}: ${res.body}`);
      ids.push(...res.json().data.items.map((r: { id: number }) => r.id));
    }

    const ours: number[] = [];
    const base: number[] = [];
    let pages = 0;
    for (let r = 0; r < RUNS; r += 1) {
      let t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `${W}/export/custom`,
        headers,
        payload: {
          invoiceIds: ids,
          sort: 'BILL_DATE',
          format: 'PDF',
          displayMode: 'FOUR',
          exportMode: 'LOCAL',
          preview: true,
        },
      });
      ours.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`export/custom ${res.statusCode}: ${res.body}`);
      const pdf = await app.inject({ method: 'GET', url: res.json().data.url });
      pages = (await PDFDocument.load(pdf.rawPayload)).getPageCount();
      t = performance.now();
      await layoutPerPage(sources, 'FOUR');
      base.push(performance.now() - t);
    }
    await app.close();
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const [load1] = os.loadavg();
    console.log(
      `\n[invoice-export] export/custom, ${N} invoices as FOUR, ${RUNS} runs, load average ${load1!.toFixed(2)}`,
    );
    console.log(
      `  ours (whole route)        : median ${median(ours).toFixed(0)} ms, max ${Math.max(...ours).toFixed(0)} ms → ${pages} pages`,
    );
    console.log(`  baseline (layout alone)   : median ${median(base).toFixed(0)} ms`);
    console.log(`  ratio ours/baseline       : ${(median(ours) / median(base)).toFixed(2)}`);
    console.log(`  budget ≤ 5000 ms          : ${Math.max(...ours) <= 5000 ? 'OK' : 'OVER BUDGET'}`);
  } finally {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
