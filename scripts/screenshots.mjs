#!/usr/bin/env node
// `npm run screenshots`: starts the built app in local mode and captures each page at 1280 and 375 px
// into test-results/screenshots/ (build first with `npm run build`). Prints any console error it sees.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.SCREENSHOT_PORT ?? 5199);
const base = `http://localhost:${port}`;
const out = path.join(root, 'test-results/screenshots');
mkdirSync(out, { recursive: true });

const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  stdio: 'ignore',
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'listsync-shots-')),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
});

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const pages = [
  { name: 'landing', path: '/' },
  { name: '404', path: '/no/such/page' },
  { name: 'sms-consent', path: '/sms-consent' },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'pricing', path: '/pricing', signedIn: true },
  { name: 'subscription-success', path: '/subscription/success' },
];

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  for (const width of [1280, 375]) {
    const context = await browser.newContext({
      viewport: { width, height: width > 800 ? 800 : 740 },
      baseURL: base,
    });
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error(`[${width}px console] ${m.text()}`));
    page.on('pageerror', (e) => console.error(`[${width}px pageerror] ${e.message}`));
    for (const entry of pages) {
      if (entry.signedIn) {
        await page.request.post('/api/dev/login', {
          data: { email: 'ann.lee@example.com', displayName: 'Ann Lee' },
        });
      }
      await page.goto(entry.path, { waitUntil: 'networkidle' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) console.error(`${entry.name} at ${width}px scrolls sideways by ${overflow}px`);
      const file = path.join(out, `${entry.name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      // The first screen as a person sees it (full-page shots of long pages are hard to read at phone width).
      await page.screenshot({ path: file.replace('.png', '-top.png') });
      console.info(file);
    }
    await context.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
