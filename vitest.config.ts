import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Four projects: pure contracts rules, server (API tests on a real database), repository scripts,
// web units (jsdom).
// Playwright journeys live in apps/web/e2e and are not run by vitest.
export default defineConfig({
  test: {
    // Vitest's default (cores − 1) runs ONE file at a time on the 2-core CI machine; the runner's own
    // process is mostly idle meanwhile, so two workers use both cores. Unchanged on bigger machines.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup.ts'],
          // Migrates one template database per run; each file copies it (test/harness.ts).
          globalSetup: ['test/globalSetup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The web app's `@/` alias (apps/web/tsconfig.json paths, apps/web/vite.config.ts).
        resolve: { alias: { '@/': fileURLToPath(new URL('./apps/web/src/', import.meta.url)) } },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // Vitest's 5 s is short for a screen test on a busy 2-core machine (files may ask for more).
          testTimeout: 30_000,
        },
      },
    ],
  },
});
