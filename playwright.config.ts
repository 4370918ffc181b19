import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS as SHARED_CHROMIUM_ARGS } from './scripts/chromium-args.mjs';

/**
 * Browser tests drive Debian's Chromium against the built app (`npm run build` first), started
 * in local mode on its own port with a fresh data folder for each run.
 */
const port = Number(process.env.E2E_PORT ?? 5173);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'listsync-e2e-'));

export const CHROMIUM_ARGS = [...SHARED_CHROMIUM_ARGS, '--disable-quic', '--no-first-run'];

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties it at start, and test-results/ also holds Vitest's report and screenshots.
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // A test's whole budget, not a speed check: CI shares two cores between the server, two browsers and
  // the runner, and a long journey (the billing portal's: sign in, buy, six checklists, portal, cancel)
  // ran past 30 s there with every step passing (CI of 2026-11-26).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Each test is a fresh browser profile: a service worker would only precache the whole app in every
    // one of them (heavy on a shared machine). tests/e2e/offline.spec.ts allows it and tests it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node dist/server/main.js',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Local mode on purpose: the browser tests use the embedded sign-in and PGlite.
      DATABASE_URL: '',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
      // Each recipient's browser is a phone of its own, with its own address (tests/e2e/recipient.ts
      // sends X-Forwarded-For): without it every recipient of the suite shares 127.0.0.1 and the
      // per-address verify limit (30 per 10 minutes) ends the run's later verifications.
      TRUST_PROXY: '127.0.0.1',
    },
  },
});
