import { defineConfig } from '@playwright/test';

// scripts/e2e.sh starts one server (own port, SMTP port and database) per Playwright worker and lists them
// in E2E_BASE_URLS / E2E_MAIL_PORTS / E2E_DATA_DIRS. A worker process loads this file before any journey, so
// it points E2E_BASE_URL, E2E_MAIL_PORT and E2E_DATA_DIR (which the journeys read) at its own server here.
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
for (const [list, one] of [
  ['E2E_BASE_URLS', 'E2E_BASE_URL'],
  ['E2E_MAIL_PORTS', 'E2E_MAIL_PORT'],
  ['E2E_DATA_DIRS', 'E2E_DATA_DIR'],
] as const) {
  const values = (process.env[list] ?? '').split(',').filter(Boolean);
  if (values.length > 0) process.env[one] = values[slot % values.length];
}

// Journeys run against the real built app served by the real server; the lead's test script starts it
// (so there is no webServer block). Debian's chromium: `npx playwright install` cannot work here.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Whole files per worker, in order; scripts/e2e.sh passes --workers (one server each).
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // 60 s a journey (Playwright's default is 30): on the 2-core CI machine a journey that takes 15 s alone
  // can take twice that while the browser, the server and the runner share the cores.
  timeout: 60_000,
  // One retry: a journey that fails once and then passes is reported as "flaky" with its first
  // failure printed in full, so a race shows up in the log without sinking the run.
  retries: 1,
  reporter: [['list']],
  // Assertions wait up to 10 s (Playwright's default is 5): on the 2-core CI machine a page that fetches
  // on open (an order's receipts, a list after a write) can take longer while other suites run beside it.
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8090',
    locale: 'zh-CN',
    // As our users' browsers: times the browser formats agree with the ones the server prints (China time).
    timezoneId: 'Asia/Shanghai',
    // The app honours 减少动态效果 (no antd motion): a click can no longer land beside a dialog that is
    // still zooming in, which is how two journeys once lost a click on 确定.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace only for a retry: recording one (DOM snapshots on every action, a screencast of every frame)
    // cost list-columns 2.7 min instead of 1.9 alone, and far more beside other work on 2 cores. A
    // journey's first failure still prints in full with its screenshot; a second one has its trace.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
