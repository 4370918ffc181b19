import type { Browser, Page } from '@playwright/test';
import { DEV_BANNER_COOKIE } from '#domain/site';
import { readChecklist, seedChecklist, tickTask } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import {
  CODE_DIALOG,
  closeRecipient,
  enterCode,
  linkPath,
  openRecipient,
  PHONE,
  shareByEmail,
} from './recipient.ts';

/**
 * The public pages and the shared page's first screen paint from the HTML the server sends, before any
 * JavaScript runs (issue 15), and then hydrate without a mismatch: every test here fails on a console
 * error, and main.tsx reports a mismatch as one.
 */

/** A phone with JavaScript off: what the first paint shows before the scripts arrive. */
async function withoutJavaScript(
  browser: Browser,
  baseURL: string | undefined,
  cookies: { name: string; value: string }[] = [],
) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, javaScriptEnabled: false });
  if (cookies.length > 0) {
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: baseURL ?? '' })));
  }
  return { context, page: await context.newPage() };
}

/** How long a catch-up read after 'subscribed' is given to start (it does within a moment). */
const CATCH_UP_WAIT_MS = 1500;

/**
 * The owner (signed in on `page`) shares a new checklist, and a recipient's browser verifies on its
 * link: the prerendered code dialog is hydrated and takes the code. Their next visit is the one tested.
 */
async function verifiedBefore(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  name: string,
  tasks: string[],
) {
  await signInAs(page);
  const checklist = await seedChecklist(page, name, tasks);
  const share = await shareByEmail(page, checklist.id, 'pat@example.com');
  const recipient = await openRecipient(browser, baseURL);
  await recipient.page.goto(linkPath(share));
  await enterCode(recipient.page, share.verificationCode ?? '');
  await expect(recipient.page.getByRole('heading', { name })).toBeVisible();
  return { checklist, share, recipient };
}

/** The checklist revision a verified shared page's answers name (null without). */
function revisionIn(html: string): number | null {
  const block = /id="listsync-shared-answers">(.*?)<\/script>/s.exec(html)?.[1];
  return block === undefined ? null : ((JSON.parse(block) as { revision?: number }).revision ?? null);
}

/**
 * What a recipient's page asks (its status, its checklist) and when its live connection says
 * 'subscribed', in order, from its next navigation on (a page before it may still be asking).
 */
function askLog(page: Page) {
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) events.length = 0;
    const asked = /^\/api\/(verification\/status|shared\/checklist)/.exec(new URL(request.url()).pathname);
    if (asked) events.push(`${request.resourceType()} ${asked[1]}`);
  });
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"type":"subscribed"')) events.push('subscribed');
    }),
  );
  return { events };
}

const PUBLIC_PAGES = [
  { path: '/', heading: /Show the job was done/ },
  { path: '/pricing', heading: 'Choose Your Plan' },
  { path: '/sms-consent', heading: /SMS/ },
  { path: '/verify', heading: 'Check a report or photo' },
  { path: '/subscription/cancel', heading: 'Subscription Cancelled' },
  { path: '/no/such/page', heading: '404 Page Not Found' },
];

test('the public pages are drawn in the HTML: readable with JavaScript off', async ({ browser, baseURL }) => {
  const { context, page } = await withoutJavaScript(browser, baseURL);
  for (const { path, heading } of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
  }
  // The stylesheet applies (a linked file, no inline style: the CSP stays strict).
  await page.goto('/');
  const background = await page
    .locator('header')
    .first()
    .evaluate((header) => getComputedStyle(header).position);
  expect(background).toBe('sticky');
  await context.close();
});

test('a visitor who closed the banner gets a landing page without it, even before JavaScript', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await withoutJavaScript(browser, baseURL, [
    { name: DEV_BANNER_COOKIE, value: 'dismissed' },
  ]);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Show the job was done/ })).toBeVisible();
  await expect(page.getByText('Development in Progress')).toHaveCount(0);
  await context.close();
});

test("the shared page's code dialog paints in the link's language before JavaScript", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await withoutJavaScript(browser, baseURL);
  await page.goto('/shared/some-token?lang=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('dialog', { name: 'Introduzca su código de verificación' })).toBeVisible();
  await page.goto('/shared/some-token?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await context.close();
});

test('a browser that verified before gets its checklist in the page: drawn before JavaScript, hydrated, not asked for again', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two recipients' visits, one without JavaScript, and a pause to see that no read follows: it ran at
  // 27-29 s of the 30 on this machine with two workers.
  test.slow();
  const { checklist, share, recipient } = await verifiedBefore(
    page,
    browser,
    baseURL,
    'Turnover – Dune Cottage',
    ['Air the rooms', 'Sweep the porch'],
  );

  // The next visit carries the recipient cookie: the HTML is the checklist itself, with the page's two
  // first answers beside it; this browser's alone (never kept by a cache).
  const again = await recipient.page.request.get(linkPath(share));
  const html = await again.text();
  expect(html).toContain('data-first-screen="checklist"');
  expect(html).toContain('id="listsync-shared-answers"');
  expect(revisionIn(html)).toBeGreaterThan(0);
  expect(html).toContain('Sweep the porch');
  expect(html).not.toContain(CODE_DIALOG);
  expect(again.headers()['cache-control']).toBe('no-store');
  expect(again.headers().vary).toBe('Accept-Encoding, Cookie');
  expect(again.headers().link).toBeUndefined();

  // With JavaScript off it reads the same: the checklist paints from the HTML alone.
  const cookies = (await recipient.context.cookies()).map(({ name, value }) => ({ name, value }));
  const { context: still, page: phone } = await withoutJavaScript(browser, baseURL, cookies);
  await phone.goto(linkPath(share));
  await expect(phone.getByRole('heading', { level: 1, name: 'Turnover – Dune Cottage' })).toBeVisible();
  await expect(phone.getByRole('checkbox', { name: 'Sweep the porch' })).toBeVisible();
  await expect(phone.getByTestId('verified-access')).toBeVisible();
  await still.close();

  // With JavaScript: what the page asks, and when the live connection says 'subscribed'. The page's
  // copy knows the revision it was drawn at (the block names it), and the subscription names the
  // same: nothing changed in between, so the checklist is not asked for again (live-messages.ts).
  const asks = askLog(recipient.page);
  await recipient.page.goto(linkPath(share));
  await expect(recipient.page.getByRole('heading', { name: 'Turnover – Dune Cottage' })).toBeVisible();
  await expect.poll(() => asks.events.includes('subscribed')).toBe(true);
  // A catch-up read would start a moment after the message is handled: give it time to show.
  await recipient.page.waitForTimeout(CATCH_UP_WAIT_MS);
  expect(asks.events, asks.events.join(', ')).toEqual(['subscribed']);
  // Hydrated (every test here fails on a mismatch), and working: a tick goes to the server.
  await recipient.page.getByRole('checkbox', { name: 'Air the rooms' }).click();
  await expect.poll(async () => (await readChecklist(page, checklist.id)).tasks[0]?.completed).toBe(true);
  await closeRecipient(recipient);
});

test('a change made between the drawing of the page and its subscription is read once, after it', async ({
  page,
  browser,
  baseURL,
}) => {
  const { checklist, share, recipient } = await verifiedBefore(
    page,
    browser,
    baseURL,
    'Turnover – Reed House',
    ['Strip the beds', 'Lock the shed'],
  );

  // The page is drawn at the checklist's revision then; the owner ticks a task once the page's script
  // asks to follow the checklist, and only then does the subscription reach the server.
  const events: string[] = [];
  let subscribedAt: number | null = null;
  await recipient.page.routeWebSocket('**/ws', (socket) => {
    const server = socket.connectToServer();
    socket.onMessage(async (message) => {
      if (String(message).includes('"type":"subscribe"') && subscribedAt === null) {
        await tickTask(page, checklist.id, checklist.tasks[1]?.id ?? '');
      }
      server.send(message);
    });
    server.onMessage((message) => {
      const sent = JSON.parse(String(message)) as { type: string; revision?: number };
      if (sent.type === 'subscribed') {
        subscribedAt = sent.revision ?? null;
        events.push('subscribed');
      }
      socket.send(message);
    });
  });
  recipient.page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/shared/checklist') events.push('checklist');
  });
  const drawn = await recipient.page.goto(linkPath(share));
  const drawnAt = revisionIn((await drawn?.text()) ?? '');
  // The page shows the checklist as drawn; the one read after 'subscribed' brings the tick.
  await expect(recipient.page.getByRole('checkbox', { name: 'Lock the shed' })).toBeChecked();
  await recipient.page.waitForTimeout(CATCH_UP_WAIT_MS);
  expect(events, events.join(', ')).toEqual(['subscribed', 'checklist']);
  expect(subscribedAt).toBe((drawnAt ?? Number.NaN) + 1);
  await closeRecipient(recipient);
});

test("an owner's name that looks like markup stays text, in the page and in its answers", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page);
  const name = '</script><script>alert(1)</script>';
  const checklist = await seedChecklist(page, name, [{ description: '<img src=x onerror=alert(2)>' }]);
  const share = await shareByEmail(page, checklist.id, 'mo@example.com');
  const recipient = await openRecipient(browser, baseURL);
  const dialogs: string[] = [];
  recipient.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await recipient.page.goto(linkPath(share));
  await enterCode(recipient.page, share.verificationCode ?? '');
  await expect(recipient.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await recipient.page.reload();
  await expect(recipient.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(recipient.page.getByRole('checkbox', { name: '<img src=x onerror=alert(2)>' })).toBeVisible();
  await expect(recipient.page.locator('html[data-app-running]')).toHaveCount(1);
  expect(dialogs).toEqual([]);
  await closeRecipient(recipient);
});

test("an owner's dashboard paints its frame before JavaScript, with the place of the header's user line kept", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page);
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const phone = await context.newPage();
  await phone.goto('/dashboard');
  await expect(phone.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const reserved = await phone.locator('header').boundingBox();
  await context.close();

  // With JavaScript the signed-in header has the same height: nothing below it moved.
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expect(page.getByTestId('header-user-compact')).toBeVisible();
  expect((await page.locator('header').boundingBox())?.height).toBe(reserved?.height);
});
