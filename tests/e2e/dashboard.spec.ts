import type { Page } from '@playwright/test';
import { listChecklists, seedChecklist, tickTask } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await signInAs(page);
});

test('a new account sees the empty state, zero counters and the Free plan card', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage your checklists and track progress')).toBeVisible();
  await expect(page.getByTestId('development-banner')).toBeVisible();

  const list = page.getByRole('region', { name: 'Your Checklists' });
  await expect(list.getByText('No checklists yet. Create your first one!')).toBeVisible();
  await expect(list.getByRole('button', { name: 'New Checklist' })).toBeVisible();

  for (const label of ['Active Checklists', 'In Progress', 'Completed Today']) {
    await expect(page.getByRole('list', { name: 'Checklist counts' }).getByText(label)).toBeVisible();
  }
  await expect(page.getByTestId('stat-activeChecklists')).toHaveText('0');
  await expect(page.getByTestId('stat-inProgressChecklists')).toHaveText('0');
  await expect(page.getByTestId('stat-completedToday')).toHaveText('0');

  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(plan.getByTestId('tier-badge')).toHaveText('Free');
  await expect(plan.getByTestId('lists-usage')).toHaveText('0 / 5');
  await expect(plan.getByTestId('languages-available')).toHaveText('2 available');
  await plan.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL('/pricing');
});

test('rows show the task count, created date and status badge; counters follow; the name opens it', async ({
  page,
}) => {
  const fresh = await seedChecklist(page, 'Weekly Site Inspection', ['Check fire exits', 'Test alarms']);
  const started = await seedChecklist(page, 'Turnover – Harbour View 4B', ['Strip beds', 'Clean bathroom']);
  await tickTask(page, started.id, started.tasks[0]?.id ?? '');

  await page.goto('/dashboard');
  const rows = page.getByTestId('checklist-row');
  await expect(rows).toHaveCount(2);
  // Newest first.
  await expect(rows.nth(0)).toContainText('Turnover – Harbour View 4B');
  await expect(rows.nth(0)).toContainText('2 tasks • Created Today');
  await expect(rows.nth(0).getByTestId('status-badge')).toHaveText('In Progress (50%)');
  await expect(rows.nth(1).getByTestId('status-badge')).toHaveText('Not Started');
  await expect(page.getByTestId('stat-activeChecklists')).toHaveText('2');
  await expect(page.getByTestId('stat-inProgressChecklists')).toHaveText('1');
  await expect(page.getByTestId('stat-completedToday')).toHaveText('0');

  await rows.nth(1).getByRole('link', { name: 'Weekly Site Inspection' }).click();
  await expect(page).toHaveURL(`/checklist/${fresh.id}`);
  await expect(page.getByRole('heading', { name: 'Weekly Site Inspection', level: 1 })).toBeVisible();
});

test('delete asks first: Cancel keeps the checklist, Delete removes it', async ({ page }) => {
  const checklist = await seedChecklist(page, 'Boiler service', ['Check pressure']);
  await page.goto('/dashboard');
  const row = page.getByTestId('checklist-row').filter({ hasText: 'Boiler service' });

  await row.getByRole('button', { name: 'Checklist actions' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Edit',
    'Share Link',
    'Duplicate',
    'Download report',
    'Delete',
  ]);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText(
    'This action cannot be undone. This will permanently delete the checklist and all associated tasks and photos.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Checklist actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast')).toContainText('Checklist deleted successfully');
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No checklists yet. Create your first one!')).toBeVisible();
  expect((await page.request.get(`/api/checklists/${checklist.id}`)).status()).toBe(404);
});

/** From a focused 'Checklist actions' trigger: open the menu, walk Edit -> Share Link -> Duplicate -> Delete, choose it. */
async function chooseDeleteFromMenu(page: Page) {
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Share Link' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Download report' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
}

test('the row menu and the delete dialog work from the keyboard, and focus comes back', async ({ page }) => {
  await seedChecklist(page, 'Keyboard only', ['Tab around']);
  await page.goto('/dashboard');
  const trigger = page.getByRole('button', { name: 'Checklist actions' });
  await trigger.focus();
  await chooseDeleteFromMenu(page);
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // Deleted: the row is gone, so focus lands on the list's heading.
  await chooseDeleteFromMenu(page);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Checklist deleted successfully');
  await expect(page.getByRole('heading', { name: 'Your Checklists' })).toBeFocused();
});

test("a row's menu pressed before its code has arrived opens once it has", async ({ page }) => {
  await seedChecklist(page, 'Slow network', ['Wait for it']);
  // The menu's chunk comes after the list (as on a slow phone): its button is a stand-in meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/row-menu-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  const trigger = page.getByRole('button', { name: 'Checklist actions' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  release();
  // From the keyboard, as if the menu had been there: open, first item focused, then the same walk.
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(trigger).toBeFocused();

  let releaseAgain = () => {};
  const heldAgain = new Promise<void>((resolve) => {
    releaseAgain = resolve;
  });
  await page.unroute(/\/assets\/row-menu-[^/]+\.js$/);
  await page.route(/\/assets\/row-menu-[^/]+\.js$/, async (route) => {
    await heldAgain;
    await route.continue();
  });
  await page.goto('/dashboard');
  await trigger.click();
  releaseAgain();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Edit',
    'Share Link',
    'Duplicate',
    'Download report',
    'Delete',
  ]);
});

test.describe('the free plan limit', () => {
  test.beforeEach(async ({ page }) => {
    for (let i = 1; i <= 5; i++) await seedChecklist(page, `Unit ${i} turnover`, ['Strip beds']);
  });

  test('the plan limit is checked first: New Checklist at 5 of 5 leads to pricing', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('lists-usage')).toHaveText('5 / 5');
    await page.getByRole('button', { name: 'New Checklist' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Checklist Limit Reached');
    await expect(toast).toContainText(
      "You've reached your plan's limit of 5 checklists. Please upgrade to create more.",
    );
    await expect(page).toHaveURL('/pricing');
    expect(await listChecklists(page)).toHaveLength(5);
  });

  test.describe('when the usage shown is out of date', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 403/] });

    test('the server refuses the sixth and the user lands on pricing', async ({ page }) => {
      // The page believes there is room (4 of 5); the server's refusal decides.
      await page.route('**/api/user/*/subscription', (route) =>
        route.fulfill({
          json: {
            tier: 'free',
            usage: { listSyncCount: 4 },
            limits: { maxLists: 5 },
            storage: { usedBytes: 0, limitBytes: 1024 ** 3 },
            allowedLanguages: ['en', 'es'],
          },
        }),
      );
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'New Checklist' }).click();
      await page.getByLabel('Checklist Name').fill('Sixth');
      await page.getByRole('button', { name: 'Add Task' }).click();
      await page.getByLabel('Task 1 description').fill('One task');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByTestId('toast')).toContainText('Checklist Limit Reached');
      await expect(page).toHaveURL('/pricing');
      expect(await listChecklists(page)).toHaveLength(5);
    });
  });
});

test.describe('when the server fails', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('a failed list says so in a toast; a failed plan card shows nothing', async ({ page }) => {
    await page.route('**/api/checklists?*', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.route('**/api/user/*/subscription', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/dashboard');
    // Queries retry 3 times (1 s, 2 s, 4 s) before they give up.
    await expect(page.getByTestId('toast')).toContainText(
      'Failed to load checklists. Please refresh the page.',
      {
        timeout: 15_000,
      },
    );
    await expect(page.getByRole('region', { name: 'Your plan' })).toHaveCount(0);
  });
});

test('Share Link from the row menu opens Share Checklist for that checklist; Cancel closes it', async ({
  page,
}) => {
  await seedChecklist(page, 'Pool cleaning', ['Skim surface']);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Checklist actions' }).click();
  await page.getByRole('menuitem', { name: 'Share Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Checklist' });
  await expect(dialog).toContainText('Send the checklist to someone for completion');
  await expect(dialog).toContainText('Pool cleaning');
  await expect(dialog.getByRole('button', { name: 'Send Verification Code' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Checklist actions' })).toBeFocused();
  // The page is usable again after the menu and the dialog (no pointer-events left on the body).
  await page.getByRole('button', { name: 'New Checklist' }).click();
  await expect(page.getByRole('heading', { name: 'Create Checklist' })).toBeVisible();
});
