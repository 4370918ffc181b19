import type { Locator, Page } from '@playwright/test';
import { maskEmail, SHARE_MESSAGES, type ShareSummary } from '#domain/sharing';
import { seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';

/** The owner's side of verified sharing: the share dialog, and 'Shared with' on the checklist page. */

test.beforeEach(async ({ page }) => {
  await signInAs(page);
});

const LINK = /\/shared\/[A-Za-z0-9_-]{22}$/;

function shareDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: SHARE_MESSAGES.dialogTitle });
}

async function openFromRowMenu(page: Page, name: string): Promise<Locator> {
  const row = page.getByTestId('checklist-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Checklist actions' }).click();
  await page.getByRole('menuitem', { name: 'Share Link' }).click();
  const dialog = shareDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function sendByEmail(dialog: Locator, email: string, name?: string): Promise<void> {
  if (name) await dialog.getByLabel(/name/).fill(name);
  await dialog.getByLabel(/email address/).fill(email);
  await dialog.getByRole('checkbox', { name: /agrees to receive an email/ }).check();
  await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(dialog.getByTestId('share-success')).toBeVisible();
}

async function sharesOf(page: Page, checklistId: string): Promise<ShareSummary[]> {
  const response = await page.request.get(`/api/checklists/${checklistId}/shares`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { shares: ShareSummary[] }).shares;
}

test('from the row menu: the checks in order, then a send by e-mail shows the link, the masked address and the local code', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const checklist = await seedChecklist(page, 'Harbour View turnover', ['Strip beds', 'Restock bathroom']);
  await page.goto('/dashboard');
  const dialog = await openFromRowMenu(page, 'Harbour View turnover');

  await expect(dialog).toContainText(SHARE_MESSAGES.dialogSubtitle);
  await expect(dialog.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByLabel(/language/)).toHaveValue('en');
  const send = dialog.getByRole('button', { name: 'Send Verification Code' });
  const requirement = dialog.getByTestId('share-requirement');

  // What keeps the button disabled, in the spec's order, tab by tab.
  await expect(send).toBeDisabled();
  await expect(requirement).toHaveText(SHARE_MESSAGES.emailRequired);
  await dialog.getByLabel(/email address/).fill('jordan@example');
  await expect(requirement).toHaveText(SHARE_MESSAGES.emailConsentRequired);
  await expect(send).toBeDisabled();
  await dialog.getByRole('tab', { name: 'Phone' }).click();
  await expect(requirement).toHaveText(SHARE_MESSAGES.phoneRequired);
  await dialog.getByLabel(/mobile number/).fill('+1 415 555 2671');
  await expect(requirement).toHaveText(SHARE_MESSAGES.phoneConsentRequired);
  await dialog.getByRole('tab', { name: 'Email' }).click();
  await dialog.getByRole('checkbox', { name: /agrees to receive an email/ }).check();
  await expect(requirement).toHaveCount(0);

  // A plainly malformed address is refused on sending, before anything goes out.
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText(SHARE_MESSAGES.emailRequired);
  await expect(dialog.getByLabel(/email address/)).toBeFocused();
  await dialog.getByLabel(/email address/).fill('jordan@example.com');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel(/name/).fill('Jordan Smith');
  await send.click();

  const success = dialog.getByTestId('share-success');
  await expect(success).toBeVisible();
  await expect(success.getByTestId('share-sent-to')).toContainText(
    `by email to ${maskEmail('jordan@example.com')}`,
  );
  const linkField = success.getByLabel('Share link');
  await expect(linkField).toHaveValue(LINK);
  const link = await linkField.inputValue();
  expect(link.startsWith(new URL(page.url()).origin)).toBe(true);

  const code = success.getByTestId('local-verification-code');
  await expect(code).toHaveText(/^\d{6}$/);
  await expect(success.getByTestId('local-code-box')).toContainText('Local mode');

  // The code and the link really went out (to the local outbox).
  const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as {
    messages: { to: string; text: string }[];
  };
  const message = outbox.messages.find((entry) => entry.to === 'jordan@example.com');
  expect(message?.text).toContain((await code.textContent()) ?? '');
  expect(message?.text).toContain(link);

  await success.getByRole('button', { name: 'Copy' }).click();
  await expect(success.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(success.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4000 });

  await success.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const [share] = await sharesOf(page, checklist.id);
  expect(share).toMatchObject({ recipientName: 'Jordan Smith', channel: 'email', verified: false });

  // Opening again starts afresh.
  const again = await openFromRowMenu(page, 'Harbour View turnover');
  await expect(again.getByTestId('share-success')).toHaveCount(0);
  await expect(again.getByLabel(/email address/)).toHaveValue('');
  await expect(again.getByLabel(/name/)).toHaveValue('');
  await expect(again.getByRole('checkbox', { name: /agrees/ })).not.toBeChecked();
});

test.describe('a second code too soon', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 429/] });

  test('shows the server’s message in the banner and keeps the form', async ({ page }) => {
    await seedChecklist(page, 'Gate check', ['Lock the gate']);
    await page.goto('/dashboard');
    await sendByEmail(await openFromRowMenu(page, 'Gate check'), 'sam@example.com');
    await shareDialog(page).getByRole('button', { name: 'Done' }).click();

    const dialog = await openFromRowMenu(page, 'Gate check');
    await dialog.getByLabel(/email address/).fill('sam@example.com');
    await dialog.getByRole('checkbox', { name: /agrees to receive an email/ }).check();
    await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(SHARE_MESSAGES.resendTooSoon);
    await expect(dialog.getByTestId('share-success')).toHaveCount(0);
    await expect(dialog.getByLabel(/email address/)).toHaveValue('sam@example.com');
  });
});

test('from the editor, by text message; Generate new link replaces the link', async ({ page }) => {
  const checklist = await seedChecklist(page, 'Roof survey', ['Check gutters']);
  await page.goto('/dashboard');
  const row = page.getByTestId('checklist-row').filter({ hasText: 'Roof survey' });
  await row.getByRole('button', { name: 'Checklist actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByTestId('checklist-editor').getByRole('button', { name: 'Share Link' }).click();
  const dialog = shareDialog(page);
  await expect(dialog).toContainText('Roof survey');

  await dialog.getByRole('tab', { name: 'Phone' }).click();
  const phone = dialog.getByLabel(/mobile number/);
  await expect(phone).toHaveAttribute('type', 'tel');
  await expect(phone).toHaveAttribute('inputmode', 'tel');
  await expect(phone).toHaveAttribute('autocomplete', 'tel');
  await phone.fill('+1 (415) 555-2671');
  await dialog.getByRole('checkbox', { name: /agrees to receive a text message/ }).check();
  await dialog.getByRole('button', { name: 'Send Verification Code' }).click();

  const success = dialog.getByTestId('share-success');
  await expect(success.getByTestId('share-sent-to')).toContainText('by text message to +');
  await expect(success.getByTestId('share-sent-to')).toContainText('71');
  await expect(success.getByTestId('local-verification-code')).toHaveText(/^\d{6}$/);
  const firstLink = await success.getByLabel('Share link').inputValue();
  const firstCode = (await success.getByTestId('local-verification-code').textContent()) ?? '';

  await expect(success).toContainText('The current link stops working');
  await success.getByRole('button', { name: 'Generate new link' }).click();
  await expect(success.getByRole('status')).toContainText('The previous link no longer works.');
  await expect(success.getByLabel('Share link')).toHaveValue(LINK);
  await expect(success.getByLabel('Share link')).not.toHaveValue(firstLink);
  const newLink = await success.getByLabel('Share link').inputValue();
  const newCode = (await success.getByTestId('local-verification-code').textContent()) ?? '';

  // The old link is dead; the new link and its code work.
  const verify = (link: string, code: string) =>
    page.request.post('/api/verification/verify', { data: { token: link.split('/').pop(), code } });
  expect((await verify(firstLink, firstCode)).status()).toBe(404);
  const verified = await verify(newLink, newCode);
  expect(verified.status(), await verified.text()).toBe(200);

  const shares = await sharesOf(page, checklist.id);
  expect(shares).toHaveLength(1);
  expect(shares[0]).toMatchObject({ channel: 'sms', recipientName: null, verified: true });
});

test('the checklist page lists who it is shared with, shares from there, and revokes', async ({ page }) => {
  const checklist = await seedChecklist(page, 'Boiler service', ['Check pressure']);
  await page.goto(`/checklist/${checklist.id}`);
  const section = page.getByRole('region', { name: 'Shared with' });
  await expect(section.getByTestId('shared-with-empty')).toBeVisible();

  await section.getByRole('button', { name: 'Share', exact: true }).click();
  await sendByEmail(shareDialog(page), 'alex.lee@example.com', 'Alex Lee');
  await shareDialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(shareDialog(page)).toBeHidden();

  const rows = section.getByTestId('share-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Alex Lee');
  await expect(rows.first()).toContainText(maskEmail('alex.lee@example.com'));
  await expect(rows.first().getByTestId('share-state')).toHaveText('Code sent');
  await expect(rows.first()).toContainText('English');
  await expect(rows.first()).toContainText(/Sent (just now|1 minute ago)/);

  await rows
    .first()
    .getByRole('button', { name: /Revoke/ })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke access?' });
  await expect(confirm).toContainText('Alex Lee');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(1);

  await rows
    .first()
    .getByRole('button', { name: /Revoke/ })
    .click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expect(page.getByTestId('toast')).toContainText('Access revoked');
  await expect(rows).toHaveCount(0);
  await expect(section.getByTestId('shared-with-empty')).toBeVisible();
  expect(await sharesOf(page, checklist.id)).toEqual([]);
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the dialog and the list fit without sideways scrolling', async ({ page }) => {
    const checklist = await seedChecklist(page, 'Weekly Site Inspection – North Gate and Loading Bay', [
      'Walk the fence',
    ]);
    await page.goto(`/checklist/${checklist.id}`);
    const section = page.getByRole('region', { name: 'Shared with' });
    await section.getByRole('button', { name: 'Share', exact: true }).click();
    await sendByEmail(shareDialog(page), 'maximiliana.rodriguez-fernandez@example.org', 'Maximiliana');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shareDialog(page).getByRole('button', { name: 'Done' }).click();
    await expect(section.getByTestId('share-row')).toHaveCount(1);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});

test.describe('a number the server will not text', () => {
  // The refusals are 400 answers, which the browser logs.
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test('by text message: a premium-rate or foreign number is refused with the reason, and nothing is shared', async ({
    page,
  }, testInfo) => {
    const checklist = await seedChecklist(page, 'Premium check', ['One']);
    await page.goto('/dashboard');
    const dialog = await openFromRowMenu(page, 'Premium check');
    await dialog.getByRole('tab', { name: 'Phone' }).click();
    await dialog.getByLabel(/mobile number/).fill('+1 900 555 0123');
    await dialog.getByRole('checkbox', { name: /agrees to receive a text message/ }).check();
    await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
    await expect(dialog.getByRole('alert')).toContainText('This is a premium-rate number.');
    await page.screenshot({ path: testInfo.outputPath('sms-premium-refused.png') });

    await dialog.getByLabel(/mobile number/).fill('+49 151 23456789');
    await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Text messages cannot be sent to numbers in Germany',
    );
    expect(await sharesOf(page, checklist.id)).toEqual([]);
  });
});
