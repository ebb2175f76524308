import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';
import './dom';

// On a busy machine (CI beside other work) a screen can take seconds to appear: every findBy/waitFor
// waits up to 10 s (Testing Library's default is 1 s). A passing test never waits longer for it.
configure({ asyncUtilTimeout: 10_000 });

// antd's static message/Modal render through React's scheduler, which runs on a later macrotask.
// Let that work finish while jsdom still exists, so it never runs after the environment is torn down.
afterAll(async () => {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
});
