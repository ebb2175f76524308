import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { ThreadQueue } from './threadQueue.js';

// A thread over its heap limit (resourceLimits) dies alone: its job fails as `failed` (the callers answer
// 503), and the next job gets a new thread (decision 0032).

const SOURCE = String.raw`
const { parentPort } = require('node:worker_threads');
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', ({ id, input }) => {
  if (input === 'oom') {
    const keep = [];
    for (;;) keep.push(new Array(100000).fill(id));
  }
  parentPort.postMessage({ id, result: input * 2 });
});
`;

describe('ThreadQueue with resourceLimits', () => {
  it('a job that fills the thread’s heap fails (503) and the next job runs on a new thread', async () => {
    const queue = new ThreadQueue<number | 'oom', number, AppError>({
      start: () => new Worker(SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 32 } }),
      maxQueue: 4,
      timeoutMs: 20_000,
      loadTimeoutMs: 10_000,
      errors: {
        busy: () => new AppError(1, '忙', 503),
        failed: () => new AppError(2, '服务暂时不可用', 503),
        timeout: () => new AppError(3, '超时', 503),
        fromThread: () => new AppError(4, '错误', 500),
      },
    });
    try {
      expect(await queue.run(1)).toBe(2);
      await expect(queue.run('oom')).rejects.toMatchObject({ code: 2, httpStatus: 503 });
      expect(await queue.run(21)).toBe(42);
      expect(queue.starts).toBe(2);
    } finally {
      await queue.close();
    }
  }, 30_000);
});
