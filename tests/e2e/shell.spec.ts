import { SIGN_IN_POPUP } from '#domain/site';
import { expect, signInAs, test, uniqueAccount } from './fixtures.ts';

test('the page title and theme colour follow the spec', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('ListSync - Real-time Checklists with Photo Proof');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#4f46e5');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});

test.describe('an unknown path', () => {
  // The page itself answers 404 (the browser logs that status): expected here.
  test.use({ allowConsoleErrors: [/status of 404/] });
  test('shows the 404 page, with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});

test('a protected route sends a signed-out visitor to the landing page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  await page.goto('/pricing');
  await expect(page).toHaveURL('/');
});

test('signing in through the local popup shows the user in the header; signing out ends it', async ({
  page,
}) => {
  const account = uniqueAccount('Rosa Martinez');
  await page.goto('/pricing');
  await expect(page).toHaveURL('/');

  // The landing page's Sign In opens the 500x600 popup with the local account chooser.
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
  expect(size).toEqual({ width: SIGN_IN_POPUP.width, height: SIGN_IN_POPUP.height });
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await popup.getByLabel('E-mail').fill(account.email);
  await popup.getByLabel('Display name').fill(account.displayName);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  const who = header.getByTestId('header-user');
  await expect(who.getByText('Rosa Martinez')).toBeVisible();
  await expect(who.getByText(account.email)).toBeVisible();
  await expect(header.getByTestId('local-mode-badge')).toBeVisible();

  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  const me = await page.request.get('/api/auth/me');
  expect(await me.json()).toEqual({ user: null });
});

test('the header shows the e-mail local part when there is no display name', async ({ page }) => {
  const account = await signInAs(page, { ...uniqueAccount(), displayName: '' });
  await page.goto('/dashboard');
  const localPart = account.email.split('@')[0] ?? '';
  await expect(page.getByTestId('header-user').getByText(localPart, { exact: true })).toBeVisible();
});

test('closing the sign-in popup early says so instead of failing silently', async ({ page }) => {
  await page.goto('/');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await popup.close();
  await expect(page.getByTestId('toast')).toContainText(
    'The sign-in window was closed before you finished signing in.',
  );
});

test('a blocked sign-in popup is reported clearly', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await expect(page.getByTestId('toast')).toContainText(
    'Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.',
  );
});

test.describe('without a network', () => {
  test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/] });

  test('a sign-in that cannot reach the server says so', async ({ page, context }) => {
    await page.goto('/');
    await context.setOffline(true);
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const popup = await popupPromise;
    await popup.close();
    await expect(page.getByTestId('toast')).toContainText(
      'We could not reach the sign-in service. Check your connection and try again.',
    );
    await context.setOffline(false);
  });
});
