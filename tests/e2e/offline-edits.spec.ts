import { type BrowserContext, type Page, request as playwrightRequest } from '@playwright/test';
import { listChecklists, readChecklist, seedChecklist, tickTask } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { expectOneKeyEach, readyForOffline, recordWrites } from './offline.ts';

/**
 * The owner's whole-checklist work with no signal: a checklist edited, created or deleted offline on
 * the dashboard is kept on the device through a reload, shown as pending, and sent once when the network
 * is back; an edit that meets a newer version is not dropped: the owner is told, sees the latest, and
 * can reapply their own.
 */

test.describe.configure({ timeout: 120_000 });
test.use({ serviceWorkers: 'allow' });
test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/] });

const SHOTS = 'test-results/screenshots';

/** After one visit to each page: the service worker is active and the cache holds what the pages need. */
async function visitOnce(page: Page, checklistId: string) {
  await page.goto(`/checklist/${checklistId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('checklist-row').first()).toBeVisible({ timeout: 20_000 });
  await readyForOffline(page, checklistId);
}

/** The checklist writes the page sends (POST, PUT, DELETE on /api/checklists…), with their keys. */
const checklistWrites = (page: Page) =>
  recordWrites(
    page,
    (method, path) =>
      /^\/api\/checklists(\/[^/]+)?$/.test(path) && ['POST', 'PUT', 'DELETE'].includes(method),
  );

function row(page: Page, name: string) {
  return page.getByTestId('checklist-row').filter({ hasText: name });
}

async function openEditor(page: Page, name: string) {
  await row(page, name).getByRole('button', { name: 'Checklist actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Checklist' })).toBeVisible();
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();
}

async function goOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
}

test('the owner edits, creates and deletes checklists offline; a reload keeps them; online, each is sent once', async ({
  page,
  context,
}) => {
  await signInAs(page);
  const harbour = await seedChecklist(page, 'Harbour View 4B', [
    'Strip beds',
    'Mop floors',
    'Restock coffee',
  ]);
  const cabin = await seedChecklist(page, 'Old cabin', ['Sweep']);
  await tickTask(page, harbour.id, harbour.tasks[0]?.id as string);
  await visitOnce(page, harbour.id);
  await goOffline(page, context);

  // Edit: rename, remove a task, add one.
  await openEditor(page, 'Harbour View 4B');
  const editor = page.getByTestId('checklist-editor');
  await editor.getByLabel('Checklist Name').fill('Harbour View 4B – turnover');
  await editor.getByRole('button', { name: 'Delete task 3' }).click();
  await editor.getByRole('button', { name: 'Add Task' }).click();
  await editor.getByLabel('Task 3 description').fill('Photograph the balcony');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Saved on this device');
  await expect(row(page, 'Harbour View 4B – turnover')).toContainText('3 tasks');
  await expect(row(page, 'Harbour View 4B – turnover').getByTestId('pending-sync')).toBeVisible();

  // Create.
  await page.getByRole('button', { name: 'New Checklist' }).click();
  await editor.getByLabel('Checklist Name').fill('Garden flat');
  await editor.getByRole('button', { name: 'Add Task' }).click();
  await editor.getByLabel('Task 1 description').fill('Water the plants');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Saved on this device');
  const garden = row(page, 'Garden flat');
  await expect(garden.getByTestId('pending-sync')).toBeVisible();
  // Not on the server yet: nothing to open, nothing to share.
  await expect(garden.getByRole('link')).toHaveCount(0);
  await garden.getByRole('button', { name: 'Checklist actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Share Link' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('checklist-row').first()).toContainText('Garden flat');

  // Delete.
  await row(page, 'Old cabin').getByRole('button', { name: 'Checklist actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Deleted on this device');
  await expect(row(page, 'Old cabin')).toHaveCount(0);
  await expect(page.getByTestId('pending-count')).toHaveText('3 changes waiting to sync');

  // A reload, still offline: all of it is still there.
  await page.reload();
  await expect(page.getByTestId('pending-count')).toHaveText('3 changes waiting to sync');
  await expect(page.getByTestId('checklist-row')).toHaveCount(2);
  await expect(row(page, 'Garden flat').getByTestId('pending-sync')).toBeVisible();
  await expect(row(page, 'Harbour View 4B – turnover').getByTestId('pending-sync')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/offline-dashboard-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SHOTS}/offline-dashboard-375.png`, fullPage: true });

  // The detail page shows the edit: the tick kept, the new task waiting for its id before it can be ticked.
  await row(page, 'Harbour View 4B – turnover').getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Harbour View 4B – turnover', level: 1 })).toBeVisible();
  await expect(page.getByTestId('pending-edit')).toContainText(
    'Your changes to this checklist will be saved',
  );
  await expect(page.getByRole('checkbox', { name: 'Strip beds' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Photograph the balcony' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Restock coffee' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/offline-detail-edit-375.png`, fullPage: true });

  // The server has seen nothing yet.
  expect((await readChecklist(page, harbour.id)).name).toBe('Harbour View 4B');
  expect((await listChecklists(page)).map((item) => item.name).sort()).toEqual([
    'Harbour View 4B',
    'Old cabin',
  ]);

  const writes = checklistWrites(page);
  await context.setOffline(false);
  await expectToast(page, 'All changes synced');
  await expect(page.getByTestId('pending-edit')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Photograph the balcony' })).toBeEnabled();

  await expect.poll(() => writes.length).toBe(3);
  expect(writes.map((write) => write.method).sort()).toEqual(['DELETE', 'POST', 'PUT']);
  expect(writes.find((write) => write.method === 'PUT')?.path).toBe(`/api/checklists/${harbour.id}`);
  expect(writes.find((write) => write.method === 'DELETE')?.path).toBe(`/api/checklists/${cabin.id}`);
  expectOneKeyEach(writes);

  const names = (await listChecklists(page)).map((item) => item.name).sort();
  expect(names).toEqual(['Garden flat', 'Harbour View 4B – turnover']);
  const edited = await readChecklist(page, harbour.id);
  expect(edited.tasks.map((task) => [task.description, task.completed])).toEqual([
    ['Strip beds', true],
    ['Mop floors', false],
    ['Photograph the balcony', false],
  ]);

  await page.goto('/dashboard');
  await expect(page.getByTestId('checklist-row')).toHaveCount(2);
  await expect(page.getByTestId('pending-sync')).toHaveCount(0);
  await expect(row(page, 'Garden flat').getByRole('link')).toBeVisible();
});

test('an offline edit that meets a newer version is kept: the owner is told, sees the latest, and reapplies theirs', async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(page);
  const flat = await seedChecklist(page, 'Flat 3', ['Oven', 'Fridge']);
  await visitOnce(page, flat.id);
  await goOffline(page, context);

  await openEditor(page, 'Flat 3');
  const editor = page.getByTestId('checklist-editor');
  await editor.getByLabel('Checklist Name').fill('Flat 3 – deep clean');
  await editor.getByRole('button', { name: 'Add Task' }).click();
  await editor.getByLabel('Task 3 description').fill('Descale the kettle');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Saved on this device');

  // Meanwhile a colleague, online on another device, renames it.
  const colleague = await playwrightRequest.newContext({
    baseURL,
    storageState: await context.storageState(),
  });
  const put = await colleague.put(`/api/checklists/${flat.id}`, {
    data: {
      name: 'Flat 3 (colleague)',
      tasks: flat.tasks.map(({ id, description }) => ({ id, description })),
      version: flat.version,
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  await colleague.dispose();

  await context.setOffline(false);
  await expectToast(page, 'could not be saved');
  const held = page.getByTestId('held-edit');
  await expect(held).toContainText('Your changes to “Flat 3 – deep clean” were not saved');
  await expect(held).toContainText('changed elsewhere');
  await expect(row(page, 'Flat 3 (colleague)')).toBeVisible();
  // Kept through a reload.
  await page.reload();
  await expect(held).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SHOTS}/held-edit-375.png`, fullPage: true });

  await held.getByRole('button', { name: 'Review my changes' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Checklist' })).toBeVisible();
  await expect(editor.getByLabel('Checklist Name')).toHaveValue('Flat 3 (colleague)');
  await expect(editor.getByRole('alert')).toContainText('changed elsewhere');
  await editor.getByRole('button', { name: 'Reapply my changes' }).click();
  await expect(editor.getByLabel('Checklist Name')).toHaveValue('Flat 3 – deep clean');
  await expect(editor.getByLabel('Task 3 description')).toHaveValue('Descale the kettle');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Checklist updated successfully');
  await expect(held).toHaveCount(0);

  const saved = await readChecklist(page, flat.id);
  expect(saved.name).toBe('Flat 3 – deep clean');
  expect(saved.tasks.map((task) => task.description)).toEqual(['Oven', 'Fridge', 'Descale the kettle']);
  await page.reload();
  await expect(row(page, 'Flat 3 – deep clean')).toBeVisible();
  await expect(held).toHaveCount(0);
});
