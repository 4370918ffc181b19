import type { Browser, Page } from '@playwright/test';
import { buyProfessional } from './billing.ts';
import { seedChecklist } from './checklists.ts';
import { collectConsoleErrors, expect, signInAs, test, uniqueAccount } from './fixtures.ts';

/**
 * A Professional team working together (issue 29): the owner buys the plan, invites a colleague from
 * the Team page, the colleague joins from the e-mail's link in a second browser, sees the team's
 * checklist, ticks a task, and the owner sees it live; the owner assigns the colleague, who finds it
 * under 'Assigned to me'.
 */

/** The /join/{token} link of the newest invitation e-mailed to this address (local mode's outbox). */
async function joinLinkFor(page: Page, email: string): Promise<string> {
  const outbox = await (await page.request.get('/api/dev/outbox')).json();
  const message = (outbox.messages as { to: string; text: string }[]).find((m) => m.to === email);
  const path = /\/join\/[A-Za-z0-9_-]+/.exec(message?.text ?? '')?.[0];
  if (!path) throw new Error(`no invitation e-mailed to ${email}`);
  return path;
}

async function secondBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  return { context, page, errors };
}

test.slow();

test('a Professional owner invites a colleague who joins, ticks live, and is assigned', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await signInAs(page, uniqueAccount('Olivia Owner'));
  await buyProfessional(page);
  const checklist = await seedChecklist(page, 'Harbour View turnover', ['Strip beds', 'Restock coffee']);

  await page.goto('/settings/team');
  await expect(page.getByRole('heading', { name: "Olivia Owner's team" })).toBeVisible();
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog');
  const colleagueAccount = uniqueAccount('Carl Colleague');
  await dialog.getByLabel('E-mail address').fill(colleagueAccount.email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('toast')).toContainText(colleagueAccount.email);
  await expect(page.getByText(colleagueAccount.email, { exact: true })).toBeVisible();

  const colleague = await secondBrowser(browser, baseURL);
  try {
    await colleague.page.goto(await joinLinkFor(page, colleagueAccount.email));
    await expect(
      colleague.page.getByText(`Olivia Owner invited you to join Olivia Owner's team`),
    ).toBeVisible();
    await signInAs(colleague.page, colleagueAccount);
    await colleague.page.reload();
    await colleague.page.getByRole('button', { name: "Join Olivia Owner's team" }).click();
    await expect(colleague.page).toHaveURL(/\/dashboard/);
    await expect(colleague.page.getByText('Harbour View turnover')).toBeVisible();

    // The owner follows the checklist live; the colleague ticks a task.
    await page.goto(`/checklist/${checklist.id}`);
    await expect(page.getByRole('heading', { name: 'Harbour View turnover', level: 1 })).toBeVisible();
    await colleague.page.goto(`/checklist/${checklist.id}`);
    await colleague.page.getByRole('checkbox', { name: 'Strip beds' }).click();
    await expect(page.getByRole('checkbox', { name: 'Strip beds' })).toBeChecked();

    // The owner assigns the colleague, who is told in the app and finds it under 'Assigned to me'.
    await page.getByRole('button', { name: 'Assignee: Unassigned' }).click();
    await page.getByRole('menuitemradio', { name: /^Carl Colleague/ }).click();
    await expect(page.getByRole('button', { name: 'Assignee: Carl Colleague' })).toBeVisible();
    await colleague.page.goto('/dashboard');
    await colleague.page.getByRole('tab', { name: 'Assigned to me' }).click();
    await expect(colleague.page.getByText('Harbour View turnover')).toBeVisible();
    await expect(colleague.page.getByText('Assigned to you').first()).toBeVisible();

    // The team page shows both people.
    await page.goto('/settings/team');
    await expect(page.getByText('Carl Colleague')).toBeVisible();
    expect(owner.email).not.toBe(colleagueAccount.email);
    expect(colleague.errors).toEqual([]);
  } finally {
    await colleague.context.close();
  }
});
