import type { Page } from '@playwright/test';
import { readChecklist, seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { closeRecipient, linkPath, openRecipient, PHONE } from './recipient.ts';

/**
 * Due dates (issue 31): the editor's due field, the due time and the 'Overdue' badge on the dashboard
 * and the checklist page once the time passed, and the due line on the recipient's page in their
 * language. Screenshots at 1280 and 375 px wide go to test-results/screenshots/.
 */
const SHOTS = 'test-results/screenshots';
const WIDE = { width: 1280, height: 900 };

/** The browser's own local date of a day `offset` days from today (what a date input holds). */
async function localDate(page: Page, offset: number): Promise<string> {
  return page.evaluate((days) => {
    const at = new Date();
    at.setDate(at.getDate() + days);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  }, offset);
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize(WIDE);
}

test('a due time set in the editor shows on the dashboard and the checklist page, Overdue once passed', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Turnover – Harbour View 4B', [
    'Strip beds',
    'Clean the bathroom',
  ]);
  await page.goto('/dashboard');
  const row = page.getByTestId('checklist-row').filter({ hasText: 'Harbour View 4B' });
  await row.getByRole('button', { name: 'Checklist actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = page.getByTestId('checklist-editor');
  const dueGroup = editor.getByRole('group', { name: 'Due (optional)' });
  await expect(dueGroup).toBeVisible();
  await expect(editor.getByLabel('Due time')).toBeDisabled();

  // Yesterday at 10:00, in the browser's time zone: the time has passed.
  await editor.getByLabel('Due date').fill(await localDate(page, -1));
  await editor.getByLabel('Due time').fill('10:00');
  await expect(editor.getByRole('button', { name: 'Clear the due date' })).toBeVisible();
  await dueGroup.scrollIntoViewIfNeeded();
  await shoot(page, 'due-editor');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Checklist updated successfully');

  const expected = await page.evaluate(() => {
    const at = new Date();
    at.setDate(at.getDate() - 1);
    at.setHours(10, 0, 0, 0);
    return at.toISOString();
  });
  await expect.poll(async () => (await readChecklist(page, checklist.id)).dueAt).toBe(expected);

  await page.goto('/dashboard');
  await expect(row.getByTestId('overdue-badge')).toHaveText('Overdue');
  await expect(row.getByTestId('status-badge')).toHaveText('Not Started');
  await expect(row.getByTestId('due-text')).toHaveText('Due yesterday 10:00');
  await shoot(page, 'due-dashboard-overdue');

  await page.goto(`/checklist/${checklist.id}`);
  await expect(page.getByRole('heading', { name: 'Turnover – Harbour View 4B', level: 1 })).toBeVisible();
  await expect(page.getByTestId('overdue-badge')).toHaveText('Overdue');
  await expect(page.getByTestId('due-text')).toHaveText('Due yesterday 10:00');
  await shoot(page, 'due-checklist-overdue');

  // Ticking every task completes it: no longer overdue.
  await page.getByRole('checkbox', { name: 'Strip beds' }).click();
  await page.getByRole('checkbox', { name: 'Clean the bathroom' }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Completed');
  await expect(page.getByTestId('overdue-badge')).toHaveCount(0);

  // Cleared in the editor: no due time, no badge.
  await page.goto('/dashboard');
  await row.getByRole('button', { name: 'Checklist actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await editor.getByRole('button', { name: 'Clear the due date' }).click();
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Checklist updated successfully');
  await expect.poll(async () => (await readChecklist(page, checklist.id)).dueAt).toBeNull();
  await expect(row.getByTestId('due-text')).toHaveCount(0);
});

test("the recipient's page says when the work is due, in their language", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Cabin turnover', ['Strip beds']);
  const due = await page.evaluate(() => {
    const at = new Date();
    at.setDate(at.getDate() + 2);
    at.setHours(15, 0, 0, 0);
    return at.toISOString();
  });
  const patched = await page.request.patch(`/api/checklists/${checklist.id}`, { data: { dueAt: due } });
  expect(patched.status(), await patched.text()).toBe(200);
  const sent = await page.request.post('/api/verification/send', {
    data: {
      checklistId: checklist.id,
      email: 'rita@example.com',
      recipientName: 'Rita',
      targetLanguage: 'es',
      consent: true,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const share = await sent.json();

  const recipient = await openRecipient(browser, baseURL);
  const phone = recipient.page;
  await phone.goto(linkPath(share));
  // The page is in Spanish from the link on: the code dialog too.
  const dialog = phone.getByRole('dialog', { name: 'Introduzca su código de verificación' });
  await dialog.getByLabel('Código de verificación').fill(share.verificationCode ?? '');
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  const line = phone.getByTestId('due-text');
  await expect(line).toBeVisible();
  const expected = await phone.evaluate(
    (iso) =>
      `Vence: ${new Intl.DateTimeFormat('es', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))}`,
    due,
  );
  await expect(line).toHaveText(expected);
  await expect(phone.getByTestId('overdue-badge')).toHaveCount(0);
  await phone.screenshot({ path: `${SHOTS}/due-recipient-375.png`, fullPage: true });
  await phone.setViewportSize(WIDE);
  await phone.screenshot({ path: `${SHOTS}/due-recipient-1280.png`, fullPage: true });
  await closeRecipient(recipient);
});
