import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { TaskHandlerRegistry } from './tasks.js';
import { createJobQueue } from './jobs/index.js';
import { DownloadSigner, LocalFileStorage, S3FileStorage, type FileStorage } from './storage/index.js';
import type { Config } from '../config.js';
import type { AppDeps, AppServices } from './types.js';

/** The configured file storage: S3-compatible when STORAGE_DRIVER says so, else files under `root`. */
export function createFileStorage(
  config: Config,
  root: string = path.join(config.dataDir, 'files'),
): FileStorage {
  const signer = new DownloadSigner(config.signingSecret);
  const s3 = config.storage.s3;
  return s3 ? new S3FileStorage(s3, signer) : new LocalFileStorage(root, signer);
}

/**
 * Fills in the shared services buildApp hands to modules (task handler registry, job queue, file
 * storage) where the caller passed none, and says how to start and stop them with the app.
 * The worker runs only where config.jobWorker is set (JOB_WORKER=1); every process can enqueue.
 */
export function withAppServices(deps: AppDeps, log: FastifyBaseLogger) {
  // Tests run without a DATA_DIR: their files go to a temp dir removed when the app closes.
  const tempFiles = !deps.storage && deps.config.dataDir === '';
  const filesRoot = tempFiles
    ? path.join(os.tmpdir(), `feikong-files-${randomUUID()}`)
    : path.join(deps.config.dataDir, 'files');
  const storage = deps.storage ?? createFileStorage(deps.config, filesRoot);
  const jobs =
    deps.jobs ?? createJobQueue(deps.db, deps.dialect, { logger: log, leaseMs: deps.config.jobLeaseMs });
  const taskHandlers = deps.taskHandlers ?? new TaskHandlerRegistry();
  const full: AppServices = { ...deps, storage, jobs, taskHandlers };
  return {
    deps: full,
    async start() {
      if (deps.config.jobWorker) await jobs.start();
    },
    async stop() {
      await jobs.stop();
      if (tempFiles) await fsp.rm(filesRoot, { recursive: true, force: true });
    },
  };
}
