import type { Page } from '@playwright/test';
import { listChecklists } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';

/**
 * Booking calendars (issue 31): a host adds local mode's sample calendar, syncs it, and the turnovers
 * are on the dashboard with their due times; a calendar that fails says why. Screenshots of the
 * section and the dialog at 1280 and 375 px go to test-results/screenshots/.
 */

const SHOTS = 'test-results/screenshots';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/calendars-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ page }) => {
  await signInAs(page);
});

test('add the sample calendar, Sync now, and its turnovers are on the dashboard with due times', async ({
  page,
}) => {
  await page.goto('/automation');
  const section = page.getByTestId('calendars-section');
  await expect(section.getByText('No calendars yet')).toBeVisible();
  await shoot(page, 'empty');

  await section.getByRole('button', { name: 'Add a calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a calendar' });
  await dialog.getByRole('button', { name: 'Use a sample calendar' }).click();
  await expect(dialog.getByLabel('iCal address')).toHaveValue(/\/api\/dev\/sample-calendar\.ics$/);
  await dialog.getByLabel('Name').fill('Harbour View');
  await dialog.getByLabel('Property’s time zone').selectOption('Europe/Lisbon');
  await expect(dialog.getByLabel('Turnover template')).toHaveValue('builtin-short-stay-turnover');
  await dialog.getByLabel('Send each new turnover to a cleaner, with its link and code').check();
  // A cleaner of this test's own (the outbox is shared by the whole run).
  const cleaner = `cleaner-${Date.now().toString(36)}@example.com`;
  await dialog.getByLabel('E-mail address').fill(cleaner);
  await shoot(page, 'dialog');
  await dialog.getByRole('button', { name: 'Add calendar' }).click();
  // No consent: the dialog says so and sends nothing.
  await expect(dialog.getByRole('alert')).toContainText(/consent|agree/i);
  await dialog.getByLabel('The recipient agreed to receive these e-mails').check();
  await dialog.getByRole('button', { name: 'Add calendar' }).click();
  await expect(dialog).toBeHidden();

  const row = section.getByTestId('calendar-row').filter({ hasText: 'Harbour View' });
  await expect(row.getByTestId('calendar-status')).toHaveText(/^Synced /);
  await expect(row).toContainText('Syncs every 6 hours and on Sync now');

  // Sync now: nothing new (the first sync ran when it was added), and the run is logged.
  await row.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Calendar synced' })).toContainText('0 added');
  await row.getByRole('button', { name: 'Show last syncs' }).click();
  await expect(row.getByRole('list', { name: 'Last syncs' }).getByRole('listitem')).toHaveCount(2);
  await shoot(page, 'with-calendar');

  const made = (await listChecklists(page)).filter((c) => c.name.startsWith('Harbour View — '));
  expect(made.length).toBeGreaterThan(0);
  for (const checklist of made) expect(checklist.dueAt).toMatch(/T/);
  await page.goto('/dashboard');
  for (const checklist of made) {
    const dashboardRow = page.getByTestId('checklist-row').filter({ hasText: checklist.name });
    await expect(dashboardRow).toBeVisible();
    await expect(dashboardRow).toContainText(/Due /);
  }

  // The cleaner got each turnover with its link and code, with nothing but local mode.
  const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as {
    messages: { to: string; channel: string; text: string }[];
  };
  const mails = outbox.messages.filter((message) => message.to === cleaner);
  expect(mails).toHaveLength(made.length);
  for (const checklist of made) {
    const mail = mails.find((message) => message.text.includes(checklist.name));
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.text).toContain('/shared/');
  }
});

test('a calendar whose address fails is shown failing with the reason', async ({ page }) => {
  const port = new URL(String(test.info().project.use.baseURL)).port;
  const response = await page.request.post('/api/calendars', {
    data: {
      name: 'Old Mill',
      icsUrl: `http://127.0.0.1:${port}/api/dev/no-such-calendar.ics`,
      templateId: 'builtin-short-stay-turnover',
      timezone: 'Europe/London',
    },
  });
  expect(response.status()).toBe(201);
  await page.goto('/automation');
  const row = page.getByTestId('calendar-row').filter({ hasText: 'Old Mill' });
  await row.getByRole('button', { name: 'Sync now' }).click();
  await expect(row.getByTestId('calendar-status')).toHaveText(
    'Failing: The calendar address answered 404 Not Found',
  );
  await shoot(page, 'failing');

  // Edit: the dialog starts from the calendar; a new name shows at once.
  await row.getByRole('button', { name: 'Edit Old Mill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit calendar' });
  await expect(dialog.getByLabel('Property’s time zone')).toHaveValue('Europe/London');
  await dialog.getByLabel('Name').fill('Old Mill Cottage');
  await dialog.getByRole('button', { name: 'Save calendar' }).click();
  await expect(dialog).toBeHidden();
  const renamed = page.getByTestId('calendar-row').filter({ hasText: 'Old Mill Cottage' });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Delete Old Mill Cottage' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete calendar' }).click();
  await expect(page.getByTestId('calendars-section').getByText('No calendars yet')).toBeVisible();
});
