import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../src/platform/types.js';
import { DownloadSigner, LocalFileStorage } from '../src/platform/storage/index.js';
import { TaskHandlerRegistry } from '../src/platform/tasks.js';
import { createMigratedTestDatabase } from './harness.js';
import { waitFor } from './poll.js';

/**
 * Helpers for tests of background tasks: one database and one files directory that several apps
 * can share in turn (to test a restart), and polling of a task until it finishes.
 */
export async function createTaskTestBed() {
  const handle = await createMigratedTestDatabase();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-files-test-'));
  const config = testConfig();
  const apps: FastifyInstance[] = [];
  return {
    db: handle.db,
    dialect: handle.dialect,
    schema: handle.schema,
    config,
    filesDir,
    /** A LocalFileStorage on the shared files directory (each app gets its own instance). */
    storage: () => new LocalFileStorage(filesDir, new DownloadSigner(config.signingSecret)),
    /** buildApp + ready on the shared database; `deps` replaces defaults (registry, hook …). */
    async start(deps: Partial<AppDeps> = {}, configOverrides: Partial<Config> = {}) {
      const app = await buildApp({
        config: testConfig(configOverrides),
        db: handle.db,
        dialect: handle.dialect,
        taskHandlers: new TaskHandlerRegistry(),
        storage: new LocalFileStorage(filesDir, new DownloadSigner(config.signingSecret)),
        ...deps,
      });
      await app.ready();
      apps.push(app);
      return app;
    },
    async close() {
      for (const app of apps.splice(0)) await app.close();
      await handle.cleanup();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** GET tasks:byId until the task is finished (status 1 or 2); answers the task. */
export async function waitForTask(app: FastifyInstance, token: string, id: number, timeoutMs = 20_000) {
  return waitFor(
    async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/org-arch-center/api/v1/tasks:byId/${id}`,
        headers: { 'x-session-token': token },
      });
      const data = res.json().data;
      return data && data.status !== 0 ? data : undefined;
    },
    { timeoutMs, intervalMs: 50, what: `任务 ${id} 完成` },
  );
}

/** A multipart/form-data body with text fields and at most one file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; field?: string; contentType?: string },
) {
  const boundary = `----feikong${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
