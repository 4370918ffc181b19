import type { Page } from '@playwright/test';
import { buyProfessional } from './billing.ts';
import { expect, signInAs, test, uniqueAccount } from './fixtures.ts';

/**
 * Recurring schedules (issue 31): a Professional owner makes a weekly schedule with an automatic
 * e-mail share, presses 'Run now', the checklist appears on the dashboard and the recipient's e-mail
 * with the link and code is in the outbox. Screenshots at 1280 and 375 px: empty, with a schedule, and
 * the dialog.
 */

const SHOTS = 'test-results/screenshots';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/schedules-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.slow();

test('a weekly schedule with an automatic e-mail share: Run now makes the checklist and sends the code', async ({
  page,
}) => {
  await signInAs(page, uniqueAccount('Hana Host'));

  // Free: what schedules do, and the way to them.
  await page.goto('/automation');
  const section = page.getByTestId('schedules-section');
  await expect(section.getByTestId('schedules-paid-only')).toBeVisible();
  await expect(section.getByRole('link', { name: 'Upgrade plan' })).toBeVisible();
  await shoot(page, 'free');

  await buyProfessional(page);
  await page.goto('/automation');
  await expect(section.getByTestId('schedules-empty')).toBeVisible();
  await shoot(page, 'empty');

  await section.getByRole('button', { name: 'New schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New schedule' });
  await expect(dialog.getByLabel('Template')).toHaveValue('builtin-short-stay-turnover');
  await dialog.getByLabel('Name').fill('Harbour View turnover');
  await dialog.getByRole('button', { name: 'Friday' }).click();
  await dialog.getByLabel('Time of day').fill('10:30');
  await dialog.getByLabel('Time zone').selectOption('Europe/Paris');
  await dialog.getByLabel('Due after (hours)').fill('5');
  await dialog.getByLabel('Share each checklist automatically').check();
  const recipient = `rosa.${Date.now()}@example.com`;
  await dialog.getByLabel("Recipient's email address").fill(recipient);
  await dialog.getByLabel("Recipient's name").fill('Rosa');
  await dialog.getByLabel('Their language').selectOption('es');
  await dialog.getByLabel(/The recipient agrees to receive an email/).check();
  await shoot(page, 'dialog');
  await dialog.getByRole('button', { name: 'Create schedule' }).click();
  await expect(dialog).toBeHidden();

  const card = section.getByTestId('schedule-card');
  await expect(card).toContainText('Every Monday and Friday at 10:30 (Europe/Paris)');
  await expect(card).toContainText('shared with Rosa');
  await expect(card.getByRole('region', { name: /Next runs/ }).getByRole('listitem')).toHaveCount(3);

  await card.getByRole('button', { name: 'Run now' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Harbour View turnover — ');
  const made = card
    .getByRole('region', { name: /Last runs/ })
    .getByRole('link', { name: /Harbour View turnover — / });
  await expect(made).toBeVisible();
  const checklistName = (await made.textContent()) ?? '';
  expect(checklistName).toMatch(/^Harbour View turnover — \d{4}-\d{2}-\d{2}$/);
  await expect(card).toContainText('shared');
  await shoot(page, 'with-schedule');

  // The recipient's e-mail, with the link and the code, in Spanish.
  const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as {
    messages: { to: string; channel: string; subject: string; text: string }[];
  };
  const mail = outbox.messages.find((message) => message.to === recipient);
  expect(mail?.channel).toBe('email');
  expect(mail?.text).toMatch(/\b\d{6}\b/);
  expect(mail?.text).toContain('/shared/');

  // The checklist is on the dashboard.
  await page.goto('/dashboard');
  await expect(page.getByText(checklistName)).toBeVisible();

  // Pause, then delete: the checklist stays.
  await page.goto('/automation');
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card).toContainText('None while paused.');
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete schedule' }).click();
  await expect(section.getByTestId('schedules-empty')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText(checklistName)).toBeVisible();
});
