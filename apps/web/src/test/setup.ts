import { afterAll } from 'vitest';

// antd's static message/Modal render through React's scheduler, which runs on a later macrotask.
// Let that work finish while jsdom still exists, so it never runs after the environment is torn down.
afterAll(async () => {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
});
