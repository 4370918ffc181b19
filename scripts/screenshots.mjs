#!/usr/bin/env node
// `npm run screenshots`: starts the built app in local mode and captures each page at 1280 and 375 px
// into test-results/screenshots/ (build first with `npm run build`). Prints any console error it sees.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS } from './chromium-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.SCREENSHOT_PORT ?? 5199);
const base = `http://localhost:${port}`;
const out = path.join(root, 'test-results/screenshots');
mkdirSync(out, { recursive: true });

const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  // Its errors are shown: a server that cannot start (a port in use, no build) says why.
  stdio: ['ignore', 'ignore', 'inherit'],
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

/** Up to 60 s, as the browser tests allow (playwright.config.ts): start-up draws every page first. */
async function waitForServer() {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start within 60 s');
}

const OWNER = { email: 'ann.lee@example.com', displayName: 'Ann Lee' };
const NEWCOMER = { email: 'sam.ortiz@example.com', displayName: 'Sam Ortiz' };

/** Checklists for the signed-in shots, made through the API as OWNER; answers the ids by name. */
async function seedChecklists(request) {
  await request.post('/api/dev/login', { data: OWNER });
  const make = async (name, tasks) => {
    const response = await request.post('/api/checklists', { data: { name, tasks } });
    if (response.status() !== 201)
      throw new Error(`seeding ${name}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  const tick = (checklist, index) =>
    request.patch(`/api/checklists/${checklist.id}/tasks/${checklist.tasks[index].id}`, {
      data: { completed: true },
    });

  const inspection = await make('Weekly Site Inspection', [
    { description: 'Walk the perimeter fence' },
    { description: 'Check fire exits are clear' },
    { description: 'Test the emergency lighting' },
    { description: 'Photograph any damage', photoRequired: true },
  ]);
  const turnover = await make('Turnover – Harbour View 4B', [
    {
      description: 'Strip beds and start the laundry',
      details: 'Fresh linen is in the hall cupboard, top shelf.',
    },
    { description: 'Clean and restock the bathroom' },
    { description: 'Empty the dishwasher and wipe the kitchen' },
    { description: 'Photograph the living room', photoRequired: true },
    {
      description: 'Check the smoke alarm',
      details: 'Press the test button for 3 seconds.\nReplace the battery if it chirps.',
    },
    { description: 'Leave the keys in the lockbox' },
  ]);
  for (const index of [0, 1, 2]) await tick(turnover, index);
  await attachPhoto(request, turnover, 3);
  await request.patch(`/api/checklists/${turnover.id}`, {
    data: { remarks: 'Dishwasher filter was blocked; cleaned it. Guest left an umbrella in the hall.' },
  });
  const boiler = await make('Boiler service – Unit 12', [
    { description: 'Check the pressure gauge' },
    { description: 'Bleed the radiators' },
  ]);
  for (const index of [0, 1]) await tick(boiler, index);
  await request.post(`/api/checklists/${boiler.id}/submit`, { data: { remarks: 'All good.' } });
  const shares = await seedShares(request, turnover);
  return { inspection, turnover, boiler, shares };
}

/**
 * A living room as a phone would photograph it (1600 x 1200 JPEG), for the thumbnail and the viewer;
 * with `grain` it weighs what a real photo does (about 700 KB), so that an upload takes a while.
 */
function livingRoomPhoto({ grain = false } = {}) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200" viewBox="0 0 400 300">
    <rect width="400" height="300" fill="#f5f0e6"/><rect y="225" width="400" height="75" fill="#a16207"/>
    <rect x="240" y="40" width="120" height="110" fill="#bae6fd" stroke="#f8fafc" stroke-width="8"/>
    <rect x="40" y="150" width="170" height="60" rx="10" fill="#4f46e5"/>
    <rect x="30" y="135" width="30" height="80" rx="8" fill="#4338ca"/>
    <rect x="190" y="135" width="30" height="80" rx="8" fill="#4338ca"/>
    <rect x="60" y="210" width="8" height="20" fill="#1e293b"/><rect x="182" y="210" width="8" height="20" fill="#1e293b"/>
    <rect x="270" y="190" width="70" height="8" fill="#78350f"/><rect x="300" y="198" width="10" height="30" fill="#78350f"/>
    <circle cx="305" cy="180" r="10" fill="#16a34a"/>
  </svg>`;
  const picture = sharp(Buffer.from(svg));
  if (grain) {
    const noise = randomBytes(1600 * 1200 * 4);
    for (let i = 3; i < noise.length; i += 4) noise[i] = 40;
    picture.composite([{ input: noise, raw: { width: 1600, height: 1200, channels: 4 } }]);
  }
  return picture.jpeg({ quality: grain ? 92 : 85 }).toBuffer();
}

/** Uploads a photo for the task, as the photo dialog does (which also ticks it). */
async function attachPhoto(request, checklist, index) {
  const task = checklist.tasks[index];
  const response = await request.post(`/api/checklists/${checklist.id}/tasks/${task.id}/photo`, {
    multipart: {
      photo: { name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: await livingRoomPhoto() },
    },
  });
  if (!response.ok()) throw new Error(`photo: ${response.status()} ${await response.text()}`);
}

/** Shares the checklist as the signed-in owner; answers the share (with its code: local mode). */
async function shareChecklist(request, checklist, data) {
  const response = await request.post('/api/verification/send', {
    data: { checklistId: checklist.id, consent: true, ...data },
  });
  if (!response.ok()) throw new Error(`sharing: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * Recipients of the turnover. For 'Shared with': one verified by e-mail, one sent a code by SMS. For
 * the shared page: Riley, who opens it (in English; captureLanguages shows the others), and Morgan,
 * who asks for a new code at the end (a new code is refused within 30 s of the last).
 */
async function seedShares(request, checklist) {
  const send = (data) => shareChecklist(request, checklist, data);
  const byEmail = await send({ recipientName: 'Jordan Smith', email: 'jordan.smith@example.com' });
  await request.post('/api/verification/verify', {
    data: { token: byEmail.token, code: byEmail.verificationCode },
  });
  await send({ phone: '+1 415 555 0132', targetLanguage: 'es' });
  const opens = await send({ recipientName: 'Riley', email: 'riley.chen@example.com' });
  const resends = await send({ recipientName: 'Morgan', email: 'morgan.lee@example.com' });
  return { opens, resends };
}

/** Opens the turnover's living-room photo from its thumbnail, once the large picture has loaded. */
async function openLivingRoomPhoto(page) {
  await page.getByRole('button', { name: 'View photo: Photograph the living room' }).click();
  await page.getByRole('dialog').getByRole('img', { name: 'Photograph the living room' }).waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"] img')].every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
}

/**
 * Opens the photo dialog of the inspection's 'Photograph any damage' (its last task) by ticking it.
 * A done task is first made not done again (only then: an untick is an entry in its activity trail):
 * an earlier capture's upload, cancelled on screen, may still have reached the server (or been sent
 * again by the offline queue), and ticking a done task unticks it, with no dialog. Pressed once the
 * page's code runs (a press on the HTML before does nothing).
 */
async function openPhotoDialog(page, checklist) {
  const taskUrl = `/api/checklists/${checklist.id}/tasks/${checklist.tasks.at(-1).id}`;
  const now = await (await page.request.get(`/api/checklists/${checklist.id}`)).json();
  if (now.tasks.at(-1).completed || now.tasks.at(-1).photoUrl) {
    console.info('photo task: found done (an earlier upload landed); undone');
    const reset = await page.request.patch(taskUrl, { data: { completed: false, photoUrl: null } });
    if (!reset.ok()) throw new Error(`photo task: ${reset.status()} ${await reset.text()}`);
    await page.reload({ waitUntil: 'networkidle' });
  }
  await page.locator('html[data-app-running]').waitFor({ state: 'attached' });
  const box = page.getByRole('checkbox', { name: 'Photograph any damage' });
  await box.waitFor();
  if (await box.isChecked()) throw new Error('photo task: shown done on the page');
  await box.click();
  const dialog = page.getByRole('dialog', { name: 'Photo required' });
  await dialog.waitFor({ timeout: 15_000 });
  return dialog;
}

/** Opens the share dialog from the row menu of 'Weekly Site Inspection'. */
async function openShareDialog(page) {
  const row = page.getByTestId('checklist-row').filter({ hasText: 'Weekly Site Inspection' });
  await row.getByRole('button', { name: 'Checklist actions' }).click();
  await page.getByRole('menuitem', { name: 'Share Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Checklist' });
  await dialog.getByRole('button', { name: 'Send Verification Code' }).waitFor();
  return dialog;
}

function pageList(seeded) {
  return [
    { name: 'landing', path: '/' },
    { name: '404', path: '/no/such/page' },
    { name: 'sms-consent', path: '/sms-consent' },
    { name: 'dashboard-empty', path: '/dashboard', account: NEWCOMER },
    { name: 'dashboard', path: '/dashboard', account: OWNER },
    {
      name: 'editor',
      path: '/dashboard',
      account: OWNER,
      async act(page) {
        const row = page.getByTestId('checklist-row').filter({ hasText: 'Turnover – Harbour View 4B' });
        await row.getByRole('button', { name: 'Checklist actions' }).click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        await page.getByRole('heading', { name: 'Edit Checklist' }).waitFor();
        await page.getByRole('button', { name: 'Edit details for task 1' }).click();
      },
    },
    {
      name: 'editor-new',
      path: '/dashboard',
      account: OWNER,
      async act(page) {
        await page.getByRole('button', { name: 'New Checklist' }).click();
        await page.getByRole('heading', { name: 'Create Checklist' }).waitFor();
      },
    },
    { name: 'checklist-detail', path: `/checklist/${seeded.turnover.id}`, account: OWNER },
    { name: 'checklist-completed', path: `/checklist/${seeded.boiler.id}`, account: OWNER },
    {
      name: 'photo-dialog',
      path: `/checklist/${seeded.inspection.id}`,
      account: OWNER,
      async act(page) {
        await openPhotoDialog(page, seeded.inspection);
      },
    },
    {
      // The upload held back (a slow connection) so that its progress shows.
      name: 'photo-dialog-progress',
      path: `/checklist/${seeded.inspection.id}`,
      account: OWNER,
      async act(page) {
        const dialog = await openPhotoDialog(page, seeded.inspection);
        const chooser = page.waitForEvent('filechooser');
        await dialog.getByRole('button', { name: 'Choose Photo' }).click();
        await (await chooser).setFiles({
          name: 'fence-damage.jpg',
          mimeType: 'image/jpeg',
          buffer: await livingRoomPhoto({ grain: true }),
        });
        await dialog.getByRole('img', { name: 'Preview of the chosen file' }).waitFor();
        const network = await page.context().newCDPSession(page);
        await network.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 50,
          downloadThroughput: -1,
          uploadThroughput: 48 * 1024,
        });
        await dialog.getByRole('button', { name: 'Upload Photo' }).click();
        await page.waitForFunction(() => {
          const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
          return Number(bar?.getAttribute('aria-valuenow')) >= 30;
        });
        await capture(page, 'photo-dialog-progress');
        await dialog.getByRole('button', { name: 'Cancel upload' }).click();
        await dialog.getByText('Upload cancelled.').waitFor();
        await network.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
        await network.detach();
      },
      captured: true,
    },
    {
      name: 'photo-viewer',
      path: `/checklist/${seeded.turnover.id}`,
      account: OWNER,
      async act(page) {
        await openLivingRoomPhoto(page);
      },
    },
    {
      name: 'delete-dialog',
      path: '/dashboard',
      account: OWNER,
      async act(page) {
        await page.getByRole('button', { name: 'Checklist actions' }).first().click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        await page.getByRole('alertdialog').waitFor();
      },
    },
    {
      name: 'share-dialog',
      path: '/dashboard',
      account: OWNER,
      act: openShareDialog,
    },
    {
      name: 'share-dialog-error',
      path: '/dashboard',
      account: OWNER,
      async act(page) {
        const dialog = await openShareDialog(page);
        await dialog.getByLabel(/email address/).fill('alex@example');
        await dialog.getByRole('checkbox', { name: /agrees/ }).check();
        await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
        await dialog.getByRole('alert').waitFor();
      },
    },
    {
      // A number outside SMS_ALLOWED_COUNTRIES (default US, CA): the server's refusal beside the field.
      name: 'share-dialog-sms-refused',
      path: '/dashboard',
      account: OWNER,
      async act(page) {
        const dialog = await openShareDialog(page);
        await dialog.getByLabel(/name/).fill('Alex Morgan');
        await dialog.getByRole('tab', { name: 'Phone' }).click();
        await dialog.getByLabel(/mobile number/).fill('+44 7911 123456');
        await dialog.getByRole('checkbox', { name: /agrees/ }).check();
        await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
        await dialog.getByRole('alert').waitFor();
      },
    },
    {
      name: 'share-dialog-sent',
      path: '/dashboard',
      account: OWNER,
      async act(page) {
        const dialog = await openShareDialog(page);
        await dialog.getByLabel(/name/).fill('Alex Morgan');
        // One address per width: a second code to the same address within 30 s is refused.
        const width = page.viewportSize()?.width ?? 0;
        await dialog.getByLabel(/email address/).fill(`alex.morgan.${width}@example.com`);
        await dialog.getByRole('checkbox', { name: /agrees/ }).check();
        await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
        await dialog.getByTestId('share-success').waitFor();
      },
    },
    {
      name: 'shared-with',
      path: `/checklist/${seeded.turnover.id}`,
      account: OWNER,
      async act(page) {
        const section = page.getByRole('region', { name: 'Shared with' });
        await section.getByTestId('share-row').first().waitFor();
        await section.scrollIntoViewIfNeeded();
      },
    },
    { name: 'checklist-not-found', path: '/checklist/checklist_missing', account: OWNER },
    { name: 'pricing', path: '/pricing', account: OWNER },
    { name: 'subscription-success', path: '/subscription/success' },
  ];
}

/** Saves the page as `{name}-{width}.png` (whole page) and `-top.png` (the first screen). */
async function capture(page, name) {
  const width = page.viewportSize()?.width ?? 0;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) console.error(`${name} at ${width}px scrolls sideways by ${overflow}px`);
  const file = path.join(out, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  // The first screen as a person sees it (full-page shots of long pages are hard to read at phone width).
  await page.screenshot({ path: file.replace('.png', '-top.png') });
  console.info(file);
}

/**
 * The recipient's shared page on a phone with no account: the code dialog (empty, a wrong code, a new
 * code asked for), the verified checklist (also at 1280 px), and the failure view.
 */
async function captureSharedPage(browser, { opens: share, resends }) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    baseURL: base,
  });
  const page = await context.newPage();
  // The wrong code (400) and the failed load (500) are provoked on purpose; anything else is reported.
  const provoked = /status of (400|500)/;
  page.on('console', (m) => {
    if (m.type() === 'error' && !provoked.test(m.text())) console.error(`[shared console] ${m.text()}`);
  });
  page.on('pageerror', (e) => console.error(`[shared pageerror] ${e.message}`));
  const link = new URL(share.shareUrl);
  await page.goto(link.pathname + link.search, { waitUntil: 'networkidle' });
  const dialog = page.getByRole('dialog', { name: 'Enter your verification code' });
  await dialog.waitFor();
  await capture(page, 'shared-code-dialog');
  const code = dialog.getByLabel('Verification code');
  await code.fill(share.verificationCode === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.getByRole('alert').waitFor();
  await capture(page, 'shared-code-dialog-error');
  await code.fill(share.verificationCode);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.getByTestId('verified-access').waitFor();
  await page.waitForTimeout(300);
  await capture(page, 'shared');
  await openLivingRoomPhoto(page);
  await capture(page, 'shared-photo-viewer');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await capture(page, 'shared');
  // The failure view, in a browser with the same cookies but no service worker: Playwright's routes
  // do not see the requests a service worker makes, and without the copy this browser kept (it would
  // show instead, as it does offline). A verified browser opening the link gets its checklist in the
  // page (decision 0016) and asks for nothing: the view shows when the page is reached within the app,
  // which asks the server (here, from the 404 page by the app's own navigation, as a link would).
  const failing = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    baseURL: base,
    serviceWorkers: 'block',
    storageState: { cookies: (await context.storageState()).cookies, origins: [] },
  });
  const failingPage = await failing.newPage();
  failingPage.on('pageerror', (e) => console.error(`[shared pageerror] ${e.message}`));
  let refused = 0;
  await failingPage.route(
    (url) => url.pathname === '/api/shared/checklist',
    (route) => {
      refused += 1;
      return route.fulfill({
        status: 500,
        json: { error: { code: 'internal_error', message: 'Internal error' } },
      });
    },
  );
  await failingPage.goto('/no/such/page', { waitUntil: 'networkidle' });
  await failingPage.locator('html[data-app-running]').waitFor({ state: 'attached' });
  await failingPage.evaluate(
    (to) => window.history.pushState(null, '', to),
    new URL(share.shareUrl).pathname,
  );
  await failingPage
    .getByText('Unable to load shared checklist. Please try refreshing the page.')
    .waitFor({ timeout: 20_000 });
  if (refused === 0) throw new Error('shared-failed: the page never asked for the checklist');
  await failingPage.waitForTimeout(300); // the toast slides in
  await capture(failingPage, 'shared-failed');
  await failing.close();
  await page.setViewportSize({ width: 375, height: 740 });

  const resent = new URL(resends.shareUrl);
  await page.goto(resent.pathname, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Resend code' }).click();
  await page.getByRole('region', { name: 'Local mode' }).waitFor();
  await capture(page, 'shared-code-dialog-resent');
  await context.close();
}

/**
 * Buying and managing a plan, as a new account per width (a purchase changes the account): the test
 * checkout, the success page while it waits for the webhook and once confirmed, pricing for a paying
 * owner (yearly), the cancel page, the test portal, and the dashboard's past-due banner.
 */
async function captureBilling(browser, width) {
  const context = await browser.newContext({
    viewport: { width, height: width > 800 ? 800 : 740 },
    baseURL: base,
  });
  const page = await context.newPage();
  page.on(
    'console',
    (m) => m.type() === 'error' && console.error(`[billing ${width}px console] ${m.text()}`),
  );
  page.on('pageerror', (e) => console.error(`[billing ${width}px pageerror] ${e.message}`));
  await page.request.post('/api/dev/login', {
    data: { email: `pat.buyer.${width}@example.com`, displayName: 'Pat Buyer' },
  });
  await page.goto('/pricing', { waitUntil: 'networkidle' });
  await page
    .getByRole('group', { name: 'Professional' })
    .getByRole('button', { name: /free trial/ })
    .click();
  await page.getByRole('button', { name: 'Complete test payment' }).waitFor();
  await capture(page, 'test-checkout');
  // Hold the confirmation back once, to see the page wait for the webhook.
  const waiting = (route) =>
    route.fulfill({
      json: { status: 'open', confirmed: false, tier: 'professional', interval: 'month', trialEnd: null },
    });
  await page.route('**/api/billing/checkout/*', waiting);
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await page.getByRole('heading', { name: 'Confirming your payment…' }).waitFor();
  await capture(page, 'subscription-waiting');
  await page.unroute('**/api/billing/checkout/*', waiting);
  await page.getByRole('heading', { name: 'Subscription Successful!' }).waitFor({ timeout: 10_000 });
  await capture(page, 'subscription-confirmed');
  await page.goto('/pricing', { waitUntil: 'networkidle' });
  await page.getByText('Yearly', { exact: true }).click();
  await capture(page, 'pricing-paying');
  await page.goto('/subscription/cancel', { waitUntil: 'networkidle' });
  await capture(page, 'subscription-cancel');
  await page.goto('/billing/test-portal', { waitUntil: 'networkidle' });
  await page.getByTestId('portal-subscription').waitFor();
  await capture(page, 'test-portal');
  await page.getByRole('button', { name: 'Simulate failed payment' }).click();
  await page.getByTestId('portal-subscription').getByText('Payment failed').first().waitFor();
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await page.getByText('Your last payment failed.').waitFor();
  await capture(page, 'dashboard-past-due');
  await context.close();
}

/**
 * The recipient's page in other languages and scripts (issue 13): a Professional owner shares one
 * checklist in es, ar, zh and hi; each recipient is captured on the code dialog and verified, at 375
 * and 1280 px. Then the owner's page with a recipient's Spanish remarks read in English.
 */
async function captureLanguages(browser) {
  const ownerContext = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const owner = ownerContext.request;
  await owner.post('/api/dev/login', {
    data: { email: 'marta.ruiz@example.com', displayName: 'Marta Ruiz' },
  });
  const checkout = await (
    await owner.post('/api/create-subscription', { data: { tier: 'professional' } })
  ).json();
  await owner.post(`/api/billing/test-checkout/${checkout.url.split('/').at(-1)}/complete`);
  const created = await owner.post('/api/checklists', {
    data: {
      name: 'Turnover – Harbour View 4B',
      tasks: [
        { description: 'Strip the beds and start the laundry' },
        { description: 'Clean the bathroom', details: 'Descale the shower head and wipe the mirror.' },
        { description: 'Check the smoke alarm', photoRequired: true },
      ],
    },
  });
  const checklist = await created.json();
  for (const language of ['es', 'ar', 'zh', 'hi', 'vi', 'tl', 'pl', 'uk', 'ro']) {
    const share = await (
      await owner.post('/api/verification/send', {
        data: {
          checklistId: checklist.id,
          email: `crew-${language}@example.com`,
          targetLanguage: language,
          consent: true,
        },
      })
    ).json();
    const link = new URL(share.shareUrl);
    // A code is single use: the wide screen shows the code dialog only; the phone verifies, and is
    // then widened for the verified page at 1280 px.
    for (const width of [1280, 375]) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width, height: width > 800 ? 800 : 740 },
        isMobile: width < 800,
        hasTouch: width < 800,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error(`[${language} pageerror] ${e.message}`));
      await page.goto(link.pathname + link.search, { waitUntil: 'networkidle' });
      await capture(page, `shared-${language}-code`);
      if (width === 375) {
        await page.getByRole('dialog').getByRole('textbox').fill(share.verificationCode);
        await page.getByRole('dialog').getByRole('textbox').press('Enter');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.getByRole('checkbox').first().waitFor();
        await page.waitForTimeout(500);
        await capture(page, `shared-${language}`);
        if (language === 'es') {
          await page.request.patch(`/api/checklists/${checklist.id}`, {
            data: { remarks: 'Falta una bombilla en el baño.', remarksLanguage: 'es' },
          });
        }
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.waitForTimeout(300);
        await capture(page, `shared-${language}`);
      }
      await context.close();
    }
  }
  const page = await ownerContext.newPage();
  await page.goto(`/checklist/${checklist.id}`, { waitUntil: 'networkidle' });
  // The translation itself, not the one-line note shown while it is under way (a box measured then
  // is the note's, and the panel's picture was cut at its heading).
  await page
    .getByTestId('remarks-translation')
    .getByRole('button', { name: 'Show original' })
    .waitFor({ timeout: 10_000 });
  await page.getByTestId('remarks-translation').scrollIntoViewIfNeeded();
  await capture(page, 'checklist-remarks-translated');
  // The page's fixed submit bar covers it in a whole-page picture: the panel on its own as well.
  const panel = path.join(out, 'checklist-remarks-translated-panel.png');
  const translation = page.getByTestId('remarks-translation');
  await page.setViewportSize({ width: 1280, height: 1600 });
  // Drawn again for the new size: its box once it shows again (null while it does not).
  await translation.waitFor();
  const box = await translation.boundingBox();
  if (!box) throw new Error('checklist-remarks-translated-panel: the translation is not shown');
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.screenshot({
    path: panel,
    clip: { x: box.x - 16, y: box.y + scrollY - 140, width: box.width + 32, height: box.height + 156 },
  });
  console.info(panel);
  await ownerContext.close();
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  });
  const seedContext = await browser.newContext({ baseURL: base });
  const seeded = await seedChecklists(seedContext.request);
  const pages = pageList(seeded);
  await seedContext.close();
  for (const width of [1280, 375]) {
    const context = await browser.newContext({
      viewport: { width, height: width > 800 ? 800 : 740 },
      baseURL: base,
    });
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error(`[${width}px console] ${m.text()}`));
    page.on('pageerror', (e) => console.error(`[${width}px pageerror] ${e.message}`));
    let signedInAs = null;
    for (const entry of pages) {
      if (entry.account && entry.account !== signedInAs) {
        await page.request.post('/api/dev/login', { data: entry.account });
        // Another account: forget the previous one's remembered data, as signing out would.
        await page.evaluate(() => window.localStorage.clear()).catch(() => undefined);
        signedInAs = entry.account;
      }
      await page.goto(entry.path, { waitUntil: 'networkidle' });
      if (entry.act) {
        await entry.act(page);
        await page.waitForTimeout(300); // let the dialog or editor settle
      }
      if (!entry.captured) await capture(page, entry.name);
    }
    await context.close();
  }
  for (const width of [1280, 375]) await captureBilling(browser, width);
  await captureSharedPage(browser, seeded.shares);
  await captureLanguages(browser);
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
