import type { Page } from '@playwright/test';
import { MAILING_LIST_CONFIRM_HINT, MAILING_LIST_SUCCESS } from '#domain/mailing-list';
import { expect, signInAs, test, uniqueAccount } from './fixtures.ts';

const SUBSCRIBE_PATH = '/api/mailing-list/subscribe';

/** Signs a fresh user in and opens the dashboard, where the banner sits at the top. */
async function openDashboard(page: Page) {
  await signInAs(page, uniqueAccount('Ann Lee'));
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Development in Progress' });
  await expect(banner).toBeVisible();
  return banner;
}

/** Every mailing-list request the page sends, so a test can prove nothing left the browser. */
function recordSubscribeRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === SUBSCRIBE_PATH) sent.push(request.postData() ?? '');
  });
  return sent;
}

test('the banner asks for news sign-up and refuses a blank or malformed address without sending it', async ({
  page,
}) => {
  const sent = recordSubscribeRequests(page);
  const banner = await openDashboard(page);
  await expect(banner.getByText(/being built|still building/i)).toBeVisible();

  const email = banner.getByLabel('Email address');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('required', '');

  await banner.getByRole('button', { name: 'Notify Me' }).click();
  await expect(banner.getByRole('alert')).toHaveText('Please enter your email address.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  // Typing clears the message. (Chromium strips the spaces of an e-mail input's value itself.)
  await email.fill('a');
  await expect(banner.getByRole('alert')).toHaveCount(0);
  await email.fill('   ');
  await email.press('Enter');
  await expect(banner.getByRole('alert')).toHaveText('Please enter your email address.');

  await email.fill('not-an-email');
  await banner.getByRole('button', { name: 'Notify Me' }).click();
  await expect(banner.getByRole('alert')).toHaveText('Please enter a valid email address.');

  expect(sent).toEqual([]);
});

test('a good address is signed up and the banner says so', async ({ page }) => {
  const banner = await openDashboard(page);
  const address = uniqueAccount().email;

  await banner.getByLabel('Email address').fill(`  ${address.toUpperCase()} `);
  const [request, response] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === SUBSCRIBE_PATH),
    page.waitForResponse((r) => new URL(r.url()).pathname === SUBSCRIBE_PATH),
    banner.getByRole('button', { name: 'Notify Me' }).click(),
  ]);
  expect(request.postDataJSON()).toEqual({ email: address });
  expect(response.status()).toBe(200);

  await expect(banner.getByRole('status')).toHaveText(`${MAILING_LIST_SUCCESS}${MAILING_LIST_CONFIRM_HINT}`);
  await expect(banner.getByLabel('Email address')).toHaveCount(0);

  // Double opt-in: the address is sent a link to confirm, which asks before it confirms.
  let confirmLink = '';
  await expect(async () => {
    const outbox = await (await page.request.get('/api/dev/outbox')).json();
    const mail = (outbox.messages as { to: string; text: string }[]).find((m) => m.to === address);
    confirmLink = /(http\S+\/api\/mailing-list\/confirm\?token=\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(confirmLink).not.toBe('');
  }).toPass();
  await page.goto(new URL(confirmLink).pathname + new URL(confirmLink).search);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: "You're subscribed" })).toBeVisible();
  await page.screenshot({ path: 'test-results/mailing-list-confirmed.png' });
});

test.describe('when the server refuses', () => {
  // Chromium logs every non-OK response as a console error; these ones are the point of the test.
  test.use({ allowConsoleErrors: [/status of (400|503)/] });

  test("a 400 shows the server's message in the banner", async ({ page }) => {
    const banner = await openDashboard(page);
    await page.route(`**${SUBSCRIBE_PATH}`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'validation_failed', message: 'That address cannot receive mail.' },
        }),
      }),
    );
    await banner.getByLabel('Email address').fill(uniqueAccount().email);
    await banner.getByRole('button', { name: 'Notify Me' }).click();
    await expect(banner.getByRole('alert')).toHaveText('That address cannot receive mail.');
  });

  test('any other failure shows a neutral message and the form stays usable', async ({ page }) => {
    const banner = await openDashboard(page);
    await page.route(`**${SUBSCRIBE_PATH}`, (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
    );
    await banner.getByLabel('Email address').fill(uniqueAccount().email);
    await banner.getByRole('button', { name: 'Notify Me' }).click();
    await expect(banner.getByRole('alert')).toHaveText(
      'Could not sign you up right now. Please try again later.',
    );
    await expect(banner.getByRole('button', { name: 'Notify Me' })).toBeEnabled();
  });
});

test('dismissing hides the banner, and after a reload it does not come back even for a moment', async ({
  page,
}) => {
  const banner = await openDashboard(page);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('region', { name: 'Development in Progress' })).toHaveCount(0);

  // Watch the DOM from the first byte of the next load: a banner that flashes would be seen here.
  await page.addInitScript(() => {
    const flags = window as unknown as { bannerSeen?: boolean };
    flags.bannerSeen = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Development in Progress')) flags.bannerSeen = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Development in Progress')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { bannerSeen?: boolean }).bannerSeen)).toBe(false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the banner is one line until Sign up opens the form, and signs up from there', async ({ page }) => {
    const banner = await openDashboard(page);
    const closed = await banner.boundingBox();
    // One line: the title, 'Sign up' and 'Dismiss' (it took a third of the first screen before).
    expect(closed?.height).toBeLessThanOrEqual(60);
    const title = await banner.getByRole('heading', { name: 'Development in Progress' }).boundingBox();
    expect(title?.height).toBeLessThanOrEqual(24);
    await page.screenshot({ path: 'test-results/banner-phone-closed.png' });
    await expect(banner.getByText(/still building/)).toBeHidden();
    await expect(banner.getByLabel('Email address')).toBeHidden();
    await expect(banner.getByRole('button', { name: 'Dismiss' })).toBeVisible();

    await banner.getByRole('button', { name: 'Sign up' }).tap();
    await expect(banner.getByLabel('Email address')).toBeFocused();
    await expect(banner.getByText(/still building/)).toBeVisible();
    await banner.getByLabel('Email address').fill(uniqueAccount().email);
    await banner.getByRole('button', { name: 'Notify Me' }).tap();
    await expect(banner.getByRole('status')).toContainText(MAILING_LIST_SUCCESS);
    await page.screenshot({ path: 'test-results/banner-phone-open.png' });
  });
});
