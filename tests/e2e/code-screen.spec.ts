import type { Page } from '@playwright/test';
import { seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { CODE_DIALOG, closeRecipient, linkPath, openRecipient, shareByEmail } from './recipient.ts';

/**
 * The recipient's code screen is a server-rendered form (decision 0061): it works with scripts off,
 * end to end, and its one small script (no React) sends it without a reload.
 */

async function sharedLink(page: Page, name: string) {
  await signInAs(page);
  const checklist = await seedChecklist(page, name, ['Skim the surface']);
  return shareByEmail(page, checklist.id, 'lee@example.com');
}

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

test('with scripts off: refusals in the page’s language, a new code, then the checklist', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // three pages drawn by the server and a sign-in, on a shared machine
  const share = await sharedLink(page, 'Pool cleaning');
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 375, height: 740 },
  });
  const phone = await context.newPage();
  await phone.goto(`${linkPath(share)}?lang=es`);
  const dialog = phone.getByRole('dialog');
  await expect(dialog).toContainText('código');
  // No script of the app at all on this page.
  await expect(phone.locator('script[src*="/assets/index-"]')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Introduzca el código de verificación');

  const wrong = wrongOf(share.verificationCode ?? '');
  await dialog.locator('input[name="code"]').fill(wrong);
  await dialog.locator('input[name="code"]').press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Ese código no es correcto. Le quedan 4 intentos.');
  await expect(dialog.locator('input[name="code"]')).toHaveValue(wrong);
  expect(new URL(phone.url()).search).toBe('?lang=es');

  // The language list changes the page with its button (shown only without scripts).
  await dialog.getByTestId('language-switch').selectOption('en');
  await dialog.getByRole('button', { name: 'Idioma' }).click();
  await expect(phone.getByRole('dialog', { name: CODE_DIALOG })).toBeVisible();
  expect(new URL(phone.url()).searchParams.get('lang')).toBe('en');

  // 'I didn't get a code' tells the owner.
  await phone.getByTestId('code-not-received').click();
  await expect(phone.getByRole('status')).toHaveText(
    'We let the person who shared this checklist know. They can send you a new code or a new link.',
  );

  await phone.locator('input[name="code"]').fill(share.verificationCode ?? '');
  await phone.getByRole('button', { name: 'Verify' }).click();
  await phone.waitForLoadState('domcontentloaded');
  // 303 to the link: the checklist's page, drawn by the server.
  await expect(phone.getByTestId('verified-access')).toBeVisible();
  await expect(phone.getByText('Skim the surface')).toBeVisible();
  expect(new URL(phone.url()).pathname).toBe(new URL(share.shareUrl).pathname);
  await context.close();
});

test('with its script: sent without a reload, focus kept, then the checklist with the app', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // the verified page loads the whole app after the code screen
  const share = await sharedLink(page, 'Boiler check');
  // The wrong code's answer (400) is logged by the browser as a failed load.
  const recipient = await openRecipient(browser, baseURL, [/status of 400/]);
  const phone = recipient.page;
  const requests: string[] = [];
  phone.on('request', (request) => requests.push(request.url()));
  await phone.goto(linkPath(share));
  await expect(phone.locator('html[data-code-screen-running]')).toHaveCount(1);
  await expect(phone.locator('html[data-app-running]')).toHaveCount(0);
  const dialog = phone.getByRole('dialog', { name: CODE_DIALOG });
  const field = dialog.getByRole('textbox', { name: 'Verification code' });
  // Nothing of the app is fetched for a visit that does not start on the code.
  await phone.waitForLoadState('networkidle');
  const appScript = (url: string) => /\/assets\/index-[^/]+\.js$/.test(url);
  expect(requests.filter(appScript)).toEqual([]);
  await expect(phone.locator('link[rel="prefetch"]')).toHaveCount(0);

  // Only digits go in.
  await field.pressSequentially('12ab');
  await expect(field).toHaveValue('12');
  await field.fill('');
  const navigations: string[] = [];
  phone.on('framenavigated', (frame) => {
    if (frame === phone.mainFrame()) navigations.push(frame.url());
  });
  await field.fill(wrongOf(share.verificationCode ?? ''));
  await field.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');
  expect(navigations).toEqual([]);
  await expect(dialog.getByRole('textbox', { name: 'Verification code' })).toBeFocused();
  // Typing again takes the problem away.
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill('1');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // Once the code was started on, the app's files for the next page were fetched when idle.
  await expect.poll(() => requests.some(appScript)).toBe(true);

  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(share.verificationCode ?? '');
  const answer = phone.waitForResponse((response) => response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  expect((await answer).status()).toBe(303);
  await expect(phone.getByTestId('verified-access')).toBeVisible({ timeout: 30_000 });
  await expect(phone.locator('html[data-app-running]')).toHaveCount(1);
  await expect(phone.getByRole('checkbox', { name: 'Skim the surface' })).toBeEnabled();
  await closeRecipient(recipient);
});

test('with its script: a language picked at once, what was typed kept; a new code asked for in place', async ({
  page,
  browser,
  baseURL,
}) => {
  const share = await sharedLink(page, 'Gate check');
  // The throttled new code's answer (429) is logged by the browser as a failed load.
  const recipient = await openRecipient(browser, baseURL, [/status of 429/]);
  const phone = recipient.page;
  await phone.goto(linkPath(share));
  const field = phone.getByRole('textbox', { name: 'Verification code' });
  await field.fill('12345');
  await phone.getByTestId('language-switch').selectOption('fr');
  await expect(phone.locator('html[lang="fr"]')).toHaveCount(1);
  await expect(phone.getByRole('textbox', { name: 'Code de vérification' })).toHaveValue('12345');
  // No button beside the list when scripts run.
  await expect(phone.getByRole('button', { name: 'Langue' })).toHaveCount(0);

  await phone.getByRole('button', { name: /Renvoyer/ }).click();
  // Asked again at once: the server's own throttle answers, in the page's language.
  await expect(phone.getByRole('alert')).toHaveText(
    'Un code vient d’être envoyé. Patientez un peu avant d’en demander un autre.',
  );
  await closeRecipient(recipient);
});
