import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Six projects: pure contracts rules, server and server-own (API tests on a real database), repository
// scripts, web and web-own (jsdom units). `--project 'server*'` and `--project 'web*'` run both of a pair.
// Playwright journeys live in apps/web/e2e and are not run by vitest.

/** The server project's common settings (API tests on a real database, one per file). */
const server = {
  root: 'apps/server',
  environment: 'node' as const,
  setupFiles: ['test/setup.ts'],
  // Migrates one template database per run; each file copies it (test/harness.ts).
  globalSetup: ['test/globalSetup.ts'],
  testTimeout: 30000,
  hookTimeout: 60000,
};
/** Server test files that run in a process of their own (the `server-own` project). */
const SERVER_OWN_PROCESS = ['test/hostileFiles.test.ts', 'src/seed/**/*.test.ts'];

/** The web project's common settings (jsdom units of the client). */
const web = {
  // The web app's `@/` alias (apps/web/tsconfig.json paths, apps/web/vite.config.ts).
  resolve: { alias: { '@/': fileURLToPath(new URL('./apps/web/src/', import.meta.url)) } },
  test: {
    root: 'apps/web',
    environment: 'jsdom' as const,
    setupFiles: ['src/test/setup.ts'],
    // Vitest's 5 s is short for a screen test on a busy 2-core machine (files may ask for more).
    testTimeout: 30_000,
  },
};
/** Web test files that run in a process of their own (the `web-own` project). */
const WEB_OWN_PROCESS = [
  'src/microApp.test.tsx',
  'src/features/rights/components/ExpiryPrompt.test.tsx',
  'src/features/rights/pages/ProductVersionPage.test.tsx',
  'src/features/billReport/pages/EfficiencyPrintPages.test.tsx',
];

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
          ...server,
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: SERVER_OWN_PROCESS,
          // The files share their worker's loaded modules (each still gets a database of its own): loading the
          // app once per worker instead of once per file is most of a run's time (670 s → 165 s for 140 files).
          isolate: false,
        },
      },
      {
        // What must not share a process: peak-RSS bounds (hostile files) and the demo seed's tests, whose
        // per-process caches (standards by tenant id, the seed's own) would see another file's database.
        test: { ...server, name: 'server-own', include: SERVER_OWN_PROCESS },
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
        ...web,
        test: {
          ...web.test,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_OWN_PROCESS,
          // As the server project: a worker's files share its loaded modules (antd, the app's stores), whose
          // loading was most of the run's time (import + environment: 300 of 355 s). Files that leave mocks
          // or timers behind run in web-own; the rest passed in shuffled orders (decision 0049).
          isolate: false,
        },
      },
      {
        // Files whose module mocks (vi.mock of a shared module) or timers would leak into the next file.
        ...web,
        test: { ...web.test, name: 'web-own', include: WEB_OWN_PROCESS },
      },
    ],
  },
});
