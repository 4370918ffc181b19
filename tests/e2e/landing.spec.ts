import type { Locator, Page } from '@playwright/test';
import { MAILING_LIST_SUCCESS } from '#domain/mailing-list';
import { type Account, expect, signInAs, test, uniqueAccount } from './fixtures.ts';

/** Clicks `trigger`, which must open the local sign-in popup, and signs in there as `account`. */
async function signInThroughPopup(page: Page, trigger: Locator, account: Account): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await trigger.click();
  const popup = await popupPromise;
  await expect(page.getByRole('button', { name: 'Signing in...' }).first()).toBeVisible();
  await popup.getByLabel('E-mail').fill(account.email);
  await popup.getByLabel('Display name').fill(account.displayName);
  // Listen before clicking: the popup may close before a later listener is attached.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

test('the landing page shows every section the spec lists', async ({ page }) => {
  await page.goto('/');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
  await expect(header.getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '#how-it-works');
  await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Started' })).toHaveCount(2); // hero and closing call to action

  const features = page.locator('#features').getByRole('listitem');
  await expect(features).toHaveCount(8);
  for (const title of [
    'No Apps to Download',
    'Works Offline',
    'Real-time Collaboration',
    'Photo Verification',
    'Multilingual Support',
    'Secure Verification',
    'Detailed Remarks',
    'Industry Versatile',
  ]) {
    await expect(page.locator('#features').getByRole('heading', { name: title, level: 3 })).toBeVisible();
  }

  const steps = page.locator('#how-it-works').getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('Create Checklists');
  await expect(steps.nth(1)).toContainText('Assign and Collaborate');
  await expect(steps.nth(2)).toContainText('Verify and Complete');

  await expect(page.locator('figure blockquote')).toHaveCount(4);

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(
    'ListSync is a product of ListSync Consulting, a trade name of ListSync Labs LLC.',
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole('link', { name: 'SMS Consent' })).toHaveAttribute('href', '/sms-consent');
  await expect(footer.getByRole('link', { name: /support@/ })).toHaveAttribute('href', /^mailto:support@/);
});

test('the header anchors scroll to their sections', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'How It Works' }).click();
  await expect(page).toHaveURL(/#how-it-works$/);
  await expect(page.getByRole('heading', { name: 'How It Works', level: 2 })).toBeInViewport();
  await page.getByRole('banner').getByRole('link', { name: 'Features' }).click();
  await expect(page.locator('#features').getByRole('heading', { level: 2 })).toBeInViewport();
});

test('signed in, the landing page offers the dashboard and the hero button goes there', async ({ page }) => {
  await signInAs(page, uniqueAccount('Ann Lee'));
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign In' })).toHaveCount(0);

  const hero = page.getByRole('button', { name: 'Go to Dashboard' }).first();
  await expect(hero).toBeVisible();
  await hero.click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('signed in, the Pricing link opens the pricing page', async ({ page }) => {
  await signInAs(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL('/pricing');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
});

test('Get Started signs in through the popup, then opens the dashboard', async ({ page }) => {
  const account = uniqueAccount('Maria Gomez');
  await page.goto('/');
  // The closing call to action's button, busy like the hero's while the popup is open.
  await signInThroughPopup(page, page.getByRole('button', { name: 'Get Started' }).last(), account);

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('header-user').getByText(account.email)).toBeVisible();
});

test('signed out, the Pricing link signs in first, then opens the pricing page', async ({ page }) => {
  const account = uniqueAccount('Priya Shah');
  await page.goto('/');
  await signInThroughPopup(page, page.getByRole('banner').getByRole('link', { name: 'Pricing' }), account);

  await expect(page).toHaveURL('/pricing');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
});

test('the header Sign In signs in and stays on the landing page, now offering the dashboard', async ({
  page,
}) => {
  const account = uniqueAccount('Tomasz Kowal');
  await page.goto('/');
  await signInThroughPopup(page, page.getByRole('banner').getByRole('button', { name: 'Sign In' }), account);

  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Go to Dashboard' })).toHaveCount(2);
});

test('the landing page fits a 360 px wide phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test('the landing page carries its own script and nothing of the app (decision 0067)', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('html[data-landing-running]')).toBeAttached();
  await expect(page.locator('html[data-app-running]')).toHaveCount(0);
  expect(scripts.filter((file) => /\/assets\/(index|jsx-runtime)-/.test(file))).toEqual([]);
  expect(scripts.some((file) => /\/assets\/landing-page-[\w-]+\.js$/.test(file))).toBe(true);
  // Signed out: the hero's note, and the buttons as drawn.
  await expect(page.getByText('Free for up to 5 checklists. No card needed.')).toBeVisible();
  // A visitor who only reads the page fetches nothing of the dashboard.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
});

test('signed in, the dashboard’s files are fetched ahead once the page is idle', async ({ page }) => {
  await signInAs(page);
  await page.goto('/');
  await expect(page.locator('html[data-landing-running]')).toBeAttached();
  await expect
    .poll(() => page.locator('link[rel="prefetch"][href*="/assets/index-"]').count(), { timeout: 10_000 })
    .toBe(1);
});

test('signed in, the hero says Go to Dashboard without the note, and the dashboard link has its icon', async ({
  page,
}) => {
  await signInAs(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Go to Dashboard' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Get Started' })).toHaveCount(0);
  await expect(page.getByText('Free for up to 5 checklists. No card needed.')).toHaveCount(0);
  const dashboard = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
  await expect(dashboard).toHaveAttribute('href', '/dashboard');
  await expect(dashboard.locator('svg')).toHaveCount(1);
  await page.getByRole('button', { name: 'Go to Dashboard' }).last().click();
  await expect(page).toHaveURL('/dashboard');
});

test('closing the popup opened by Get Started shows the toast and gives the buttons back', async ({
  page,
}) => {
  await page.goto('/');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Get Started' }).first().click();
  const popup = await popupPromise;
  await expect(page.getByRole('button', { name: 'Signing in...' })).toHaveCount(3);
  // On the way to the dashboard: its files are fetched while the visitor signs in.
  await expect
    .poll(() => page.locator('link[rel="prefetch"][href*="/assets/index-"]').count(), { timeout: 10_000 })
    .toBe(1);
  await popup.waitForLoadState();
  await popup.close();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveRole('status');
  await expect(toast).toHaveText(
    'Sign-in failed The sign-in window was closed before you finished signing in.',
  );
  await expect(page.getByRole('button', { name: 'Get Started' })).toHaveCount(2);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page).toHaveURL('/');
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
});

test('a blocked popup from the Pricing link says so and stays on the landing page', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByTestId('toast')).toContainText(
    'Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.',
  );
  await expect(page).toHaveURL('/');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

test('the development banner closes for good, without the app', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Development in Progress' });
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'listsync_banner')?.value).toBe('dismissed');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Development in Progress')).toHaveCount(0);
});

test.describe('the banner on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('Sign up opens the form; a blank address is refused, a good one signed up', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Development in Progress' });
    await expect(banner.getByLabel('Email address')).toBeHidden();
    await banner.getByRole('button', { name: 'Sign up' }).tap();
    const email = banner.getByLabel('Email address');
    await expect(email).toBeFocused();
    await banner.getByRole('button', { name: 'Notify Me' }).tap();
    await expect(banner.getByRole('alert')).toHaveText('Please enter your email address.');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('not-an-email');
    await expect(banner.getByRole('alert')).toHaveCount(0);
    await banner.getByRole('button', { name: 'Notify Me' }).tap();
    await expect(banner.getByRole('alert')).toHaveText('Please enter a valid email address.');
    await email.fill(uniqueAccount().email);
    await banner.getByRole('button', { name: 'Notify Me' }).tap();
    await expect(banner.getByRole('status')).toContainText(MAILING_LIST_SUCCESS);
  });
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the page is whole and its links work', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started' })).toHaveCount(2);
    await page.getByRole('contentinfo').getByRole('link', { name: 'SMS Consent' }).click();
    await expect(page).toHaveURL('/sms-consent');
  });
});
