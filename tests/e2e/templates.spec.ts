import type { Page } from '@playwright/test';
import { listChecklists, readChecklist, seedChecklist, tickTask } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';

/** Templates and copies (issue 17): new from template on the dashboard, save as template, duplicate. */

test.beforeEach(async ({ page }) => {
  await signInAs(page);
});

async function ownTemplates(page: Page) {
  const response = await page.request.get('/api/templates');
  expect(response.ok()).toBeTruthy();
  const { templates } = (await response.json()) as {
    templates: { id: string; name: string; builtIn: boolean }[];
  };
  return templates.filter((template) => !template.builtIn);
}

test('New from template: a built-in template becomes a named checklist that opens', async ({ page }) => {
  await page.goto('/dashboard');
  // The frame is prerendered; the plan card's usage shows once the page's code runs and the buttons work.
  await expect(page.getByTestId('lists-usage')).toBeVisible();
  await page.getByRole('button', { name: 'New from template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New from template' });
  const starting = dialog.getByRole('group', { name: 'Starting templates' });
  for (const name of ['Short-stay turnover', 'Move-out inspection', 'Boiler service', 'Site safety walk']) {
    await expect(starting.getByRole('radio', { name: new RegExp(name) })).toBeVisible();
  }
  await expect(starting.getByText('16 tasks').first()).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Your templates' })).toContainText('None yet.');

  // Nothing chosen: the dialog says so and makes nothing.
  await dialog.getByRole('button', { name: 'Create checklist' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a template.');

  await starting.getByRole('radio', { name: /Boiler service/ }).check();
  await expect(dialog.getByLabel('Checklist name (optional)')).toHaveAttribute(
    'placeholder',
    'Boiler service',
  );
  await dialog.getByLabel('Checklist name (optional)').fill('14 Mill Lane – annual service');
  await dialog.getByRole('button', { name: 'Create checklist' }).click();

  await expect(page).toHaveURL(/\/checklist\/checklist_/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('14 Mill Lane – annual service');
  await expect(page.getByText('Record the appliance and the reported faults')).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Checklist created');
  const [made] = await listChecklists(page);
  expect(made).toMatchObject({ name: '14 Mill Lane – annual service', taskCount: 15, status: 'not-started' });
});

test('Save as template keeps the work, not the ticks; it is offered, used and deleted from the dashboard', async ({
  page,
}) => {
  const source = await seedChecklist(page, 'Harbour View 4B', [
    { description: 'Strip beds', details: 'All three bedrooms', photoRequired: true },
    'Restock coffee',
  ]);
  await tickTask(page, source.id, source.tasks[1]?.id ?? '');
  await page.goto(`/checklist/${source.id}`);
  await page.getByRole('button', { name: 'Save as template' }).click();
  const save = page.getByRole('dialog', { name: 'Save as template' });
  await expect(save.getByLabel('Template name')).toHaveValue('Harbour View 4B');
  await save.getByLabel('Template name').fill('Two-bed turnover');
  await save.getByRole('button', { name: 'Save template' }).click();
  await expect(save).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Template saved');
  expect((await ownTemplates(page)).map((template) => template.name)).toEqual(['Two-bed turnover']);

  await page.goto('/dashboard');
  // The frame is prerendered; the plan card's usage shows once the page's code runs and the buttons work.
  await expect(page.getByTestId('lists-usage')).toBeVisible();
  await page.getByRole('button', { name: 'New from template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New from template' });
  const own = dialog.getByRole('group', { name: 'Your templates' });
  await own.getByRole('radio', { name: /Two-bed turnover/ }).check();
  await expect(own.getByText('2 tasks')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create checklist' }).click();
  await expect(page).toHaveURL(/\/checklist\/checklist_/);
  const id = page.url().split('/checklist/')[1] ?? '';
  const made = await readChecklist(page, decodeURIComponent(id));
  expect(made.name).toBe('Two-bed turnover');
  expect(
    made.tasks.map(({ description, details, photoRequired, completed }) => ({
      description,
      details,
      photoRequired,
      completed,
    })),
  ).toEqual([
    { description: 'Strip beds', details: 'All three bedrooms', photoRequired: true, completed: false },
    { description: 'Restock coffee', details: '', photoRequired: false, completed: false },
  ]);

  // Deleting one's own template asks once, then it is gone; built-in ones have no delete.
  await page.goto('/dashboard');
  // The frame is prerendered; the plan card's usage shows once the page's code runs and the buttons work.
  await expect(page.getByTestId('lists-usage')).toBeVisible();
  await page.getByRole('button', { name: 'New from template' }).click();
  await expect(dialog.getByRole('button', { name: /Delete template/ })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Delete template “Two-bed turnover”' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(own).toContainText('None yet.');
  expect(await ownTemplates(page)).toEqual([]);
});

test('Duplicate from the checklist page and from the row menu opens a fresh copy', async ({ page }) => {
  const source = await seedChecklist(page, 'Unit 7 move-out', ['Meter readings', 'Keys returned']);
  await tickTask(page, source.id, source.tasks[0]?.id ?? '');

  await page.goto(`/checklist/${source.id}`);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unit 7 move-out (copy)');
  await expect(page).not.toHaveURL(new RegExp(source.id));
  await expect(page.getByTestId('task-count')).toContainText('0');
  await expect(page.getByTestId('toast')).toContainText('Checklist duplicated');

  await page.goto('/dashboard');
  const row = page.locator(`[data-checklist-id="${source.id}"]`);
  await row.getByRole('button', { name: 'Checklist actions' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unit 7 move-out (copy)');
  const names = (await listChecklists(page)).map((checklist) => checklist.name).sort();
  expect(names).toEqual(['Unit 7 move-out', 'Unit 7 move-out (copy)', 'Unit 7 move-out (copy)']);
});

test.describe('at the free plan limit', () => {
  test.beforeEach(async ({ page }) => {
    for (let i = 1; i <= 5; i++) await seedChecklist(page, `Unit ${i} turnover`, ['Strip beds']);
  });

  test('New from template and Duplicate lead to pricing; nothing is made', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('lists-usage')).toHaveText('5 / 5');
    await page.getByRole('button', { name: 'New from template' }).click();
    await expect(page.getByTestId('toast')).toContainText('Checklist Limit Reached');
    await expect(page).toHaveURL('/pricing');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const [first] = await listChecklists(page);
    await page.goto(`/checklist/${first?.id}`);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect(page.getByTestId('toast')).toContainText(
      "You've reached your plan's limit of 5 checklists. Please upgrade to create more.",
    );
    await expect(page).toHaveURL('/pricing');
    expect(await listChecklists(page)).toHaveLength(5);
  });
});

test.describe('at the free plan limit, when the usage shown is out of date', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 403/] });

  test("the server's refusal of a checklist from a template leads to pricing too", async ({ page }) => {
    for (let i = 1; i <= 5; i++) await seedChecklist(page, `Unit ${i} turnover`, ['Strip beds']);
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
    // The dashboard's frame is prerendered: its list shows once the page's code runs, and so do the
    // buttons' handlers (a press before that is lost, as it would be for a person).
    await expect(page.getByText('Unit 5 turnover')).toBeVisible();
    await page.getByRole('button', { name: 'New from template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New from template' });
    await dialog.getByRole('radio', { name: /Site safety walk/ }).check();
    await dialog.getByRole('button', { name: 'Create checklist' }).click();
    await expect(page.getByTestId('toast')).toContainText('Checklist Limit Reached');
    await expect(page).toHaveURL('/pricing');
    expect(await listChecklists(page)).toHaveLength(5);
  });
});
