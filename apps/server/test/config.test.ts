import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createJobQueue } from '../src/platform/jobs/index.js';
import { createTestDatabase } from './harness.js';

describe('JOB_LEASE_SECONDS', () => {
  it('is optional, read in seconds, and refuses what is not a positive whole number', () => {
    expect(loadConfig({ DATA_DIR: '/tmp' }).jobLeaseMs).toBeUndefined();
    expect(loadConfig({ DATA_DIR: '/tmp', JOB_LEASE_SECONDS: '90' }).jobLeaseMs).toBe(90_000);
    for (const bad of ['0', '-5', '1.5', 'abc'])
      expect(() => loadConfig({ DATA_DIR: '/tmp', JOB_LEASE_SECONDS: bad }), bad).toThrow(
        /JOB_LEASE_SECONDS/,
      );
  });

  it('reaches the queue of the dialect in use', async () => {
    const handle = await createTestDatabase();
    try {
      const queue = createJobQueue(handle.db, handle.dialect, { leaseMs: 12_000 });
      expect((queue as unknown as { leaseMs: number }).leaseMs).toBe(12_000);
    } finally {
      await handle.cleanup();
    }
  });
});
