import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { createMigratedTestDatabase, type TestApp } from '../../../test/harness.js';
import { multipartBody } from '../../../test/tasks.js';
import { buildApp } from '../../app.js';
import { testConfig, type Config } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import { DownloadSigner, LocalFileStorage } from '../../platform/storage/index.js';
import { insertGrant } from './grants.repo.js';

/** Files of the repository's test-data/ (real invoices, with their sources in its README). */
export function testData(rel: string): Buffer {
  return fs.readFileSync(new URL(`../../../../../test-data/${rel}`, import.meta.url));
}

export const FILES = {
  /** A real specimen 增值税专用发票 photo (JPEG). */
  jpg: () => testData('invoices/images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg'),
  /** A real OFD e-invoice (ZIP with OFD.xml). */
  ofd: () => testData('invoices/ofd/ofdrw_fapiaoshili_050001700111_99999951.ofd'),
  png: () =>
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  xml: () => Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice><Number>1</Number></Invoice>\n'),
};

/** A real PDF of `pages` A4 pages, made with pdf-lib. */
export async function makePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1)
    doc.addPage([595.28, 841.89]).drawText(`page ${i + 1}`, { x: 50, y: 700 });
  return Buffer.from(await doc.save());
}

/** dir + yyyy/mm/dd/timestamp_md5(file name).ext, as the web client builds it (spec 7.12). */
export function uploadKey(dir: string, fileName: string, at = new Date()): string {
  const ext = fileName.split('.').pop()!.toLowerCase();
  const day = `${at.getFullYear()}/${String(at.getMonth() + 1).padStart(2, '0')}/${String(at.getDate()).padStart(2, '0')}`;
  return `${dir}${day}/${at.getTime()}_${createHash('md5').update(fileName).digest('hex')}.${ext}`;
}

/**
 * The directory of an upload grant of `staffId` (what file:sign hands them), written directly: keys under it
 * are theirs (decision 0033). Tests that put files straight into storage name them under it.
 */
export async function grantedDir(
  db: Db,
  tenantId: number,
  staffId: number,
  dir: 'invoice' | 'attachment' | 'bill' = 'invoice',
): Promise<string> {
  return insertGrant(db, { tenantId, staffId }, `${dir}/t${tenantId}/`, Date.now());
}

/** A multipart upload form: the sign reply's fields, key, and the file (last, as object stores want). */
export function uploadForm(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; contentType?: string; field?: string },
) {
  return multipartBody(fields, file && { contentType: 'application/octet-stream', ...file });
}

/** An app on its own files directory (to look at what is on disk) with a clock the test moves. */
export async function createFilesTestApp(config: Partial<Config> = {}) {
  const h = await createMigratedTestDatabase();
  const cfg = testConfig(config);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-files-'));
  const storage = new LocalFileStorage(filesDir, new DownloadSigner(cfg.signingSecret));
  const clock = { now: Date.now() };
  const app = await buildApp({ config: cfg, db: h.db, dialect: h.dialect, storage, clock: () => clock.now });
  await app.ready();
  const t: TestApp = {
    app,
    sqliteFile: h.sqliteFile,
    db: h.db,
    dialect: h.dialect,
    config: cfg,
    close: async () => {
      await app.close();
      await h.cleanup();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
  /** Every stored file under the files directory (relative paths; .meta side files left out). */
  const stored = (): string[] =>
    (fs.readdirSync(filesDir, { recursive: true }) as string[])
      .filter((f) => !f.startsWith('.meta') && fs.statSync(path.join(filesDir, f)).isFile())
      .sort();
  return { t, storage, clock, filesDir, stored };
}
