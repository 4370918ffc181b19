import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seedChecklist, tickTask } from './checklists.ts';
import { expect, signInAs, test, uniqueAccount } from './fixtures.ts';
import {
  closeRecipient,
  enterCode,
  linkPath,
  openRecipient,
  type Recipient,
  shareByEmail,
} from './recipient.ts';

/**
 * The owner's proof (issue 17): the Activity section of the checklist page says who did what, newest
 * first, a page at a time, and follows changes live; the completion report downloads as a PDF from the
 * page and from the dashboard's row menu. A recipient sees none of it.
 */

const TASKS = ['Strip the beds', 'Clean the bathroom', 'Check the smoke alarm'];

let recipient: Recipient | null = null;

test.slow();

test.afterEach(async () => {
  if (recipient) await closeRecipient(recipient);
  recipient = null;
});

function activity(page: Page) {
  return page.getByRole('region', { name: 'Activity' });
}

test('the owner sees who did what, live and newest first; the recipient sees no activity', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, uniqueAccount('Ann Lee'));
  const checklist = await seedChecklist(page, 'Turnover – Harbour View 4B', TASKS);
  const share = await shareByEmail(page, checklist.id, 'jane.doe@example.com');
  await page.goto(`/checklist/${checklist.id}`);
  const entries = activity(page).getByTestId('activity-entry');
  await expect(entries.first()).toContainText('You shared the checklist with Jane (j•••e@example.com)');

  recipient = await openRecipient(browser, baseURL);
  const phone = recipient.page;
  await phone.goto(linkPath(share));
  await enterCode(phone, share.verificationCode ?? '');
  await expect(phone.getByRole('checkbox', { name: 'Clean the bathroom' })).toBeVisible({ timeout: 20_000 });
  // Live: her verification alone reaches the owner's page (shares-changed), before any tick.
  await expect(entries.first()).toHaveAttribute('data-action', 'share_verified', { timeout: 10_000 });
  await phone.getByRole('checkbox', { name: 'Clean the bathroom' }).click();
  await expect(phone.getByRole('checkbox', { name: 'Clean the bathroom' })).toBeChecked();

  // Live: the owner's page shows the recipient's tick without a reload, with who she is and how verified.
  await expect(entries.first()).toContainText(
    'Jane (j•••e@example.com, verified by e-mail) ticked “Clean the bathroom”',
    { timeout: 10_000 },
  );
  await expect(entries.first()).toHaveAttribute('data-action', 'task_completed');
  await expect(entries.nth(1)).toHaveAttribute('data-action', 'share_verified');
  // Nothing of it on the recipient's page.
  await expect(phone.getByRole('region', { name: 'Activity' })).toHaveCount(0);
  await expect(phone.getByText('Download report')).toHaveCount(0);
});

test('the trail pages with Show more', async ({ page }) => {
  await signInAs(page, uniqueAccount('Pat Doe'));
  const checklist = await seedChecklist(page, 'Long history', TASKS);
  // 24 ticks and unticks: more than a page (20).
  for (let round = 0; round < 8; round++) {
    for (const task of checklist.tasks) await tickTask(page, checklist.id, task.id, round % 2 === 0);
  }
  await page.goto(`/checklist/${checklist.id}`);
  const entries = activity(page).getByTestId('activity-entry');
  await expect(entries).toHaveCount(20);
  await expect(entries.first()).toContainText('You unticked “Check the smoke alarm”');
  await activity(page).getByRole('button', { name: 'Show more' }).click();
  await expect(entries).toHaveCount(24);
  await expect(activity(page).getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await expect(entries.last()).toContainText('You ticked “Strip the beds”');
});

test('the report downloads from the checklist page and the dashboard row menu as a PDF', async ({ page }) => {
  await signInAs(page, uniqueAccount('Sam Roe'));
  const checklist = await seedChecklist(page, 'Boiler service – Flat 2', TASKS);
  await tickTask(page, checklist.id, checklist.tasks[0]?.id ?? '');
  await page.goto(`/checklist/${checklist.id}`);
  const fromPage = page.waitForEvent('download');
  await activity(page).getByRole('link', { name: 'Download report' }).click();
  const download = await fromPage;
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`boiler-service-flat-2-report-${today}.pdf`);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8');
  for (const task of TASKS) expect(text).toContain(task);
  expect(text).toMatch(/Report SHA-256: [0-9a-f]{64}/);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Checklist actions' }).click();
  const fromMenu = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download report' }).click();
  expect((await fromMenu).suggestedFilename()).toBe(`boiler-service-flat-2-report-${today}.pdf`);
});
