import { type Page, request as playwrightRequest } from '@playwright/test';
import { readChecklist, seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { expectOneKeyEach, readyForOffline, recordWrites, type SentWrite } from './offline.ts';
import { choosePhoto, scenePhoto } from './photos.ts';
import { closeRecipient, enterCode, linkPath, openRecipient, shareByEmail } from './recipient.ts';

/**
 * Work that survives no signal: after one visit the page opens offline (service worker + persisted
 * query cache); ticks, remarks and photos made offline are kept on the device through a reload, shown
 * as pending, and sent once, each with its own Idempotency-Key, when the network is back.
 */

// Calls the page makes while offline (the user registration, a refetch) fail: that is the point.
test.describe.configure({ timeout: 90_000 });
test.use({ serviceWorkers: 'allow' });
test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/] });

const TASKS = ['Mop the kitchen', 'Clean the oven', 'Wipe the windows', 'Empty the bins', 'Dust the shelves'];
const REMARK = 'Boiler in the basement leaks; no signal down here.';
const SHOTS = 'test-results/screenshots';

/** The writes the page sends to a checklist (not GETs). */
const checklistWrites = (page: Page) =>
  recordWrites(page, (method, path) => path.startsWith('/api/checklists/') && method !== 'GET');

async function tickAndWriteOffline(page: Page) {
  for (const name of TASKS) await page.getByRole('checkbox', { name }).check();
  const remarks = page.getByRole('textbox', { name: 'Notes & Remarks' });
  await remarks.fill(REMARK);
  await remarks.blur();
  await expect(page.getByTestId('pending-count')).toHaveText('6 changes waiting to sync');
}

async function expectStillPending(page: Page) {
  await expect(page.getByTestId('offline-banner')).toContainText(
    "You're offline. Changes are saved on this device and will sync when you're back online.",
  );
  for (const name of TASKS) {
    const row = page.getByTestId('task').filter({ hasText: name });
    await expect(row.getByRole('checkbox')).toBeChecked();
    await expect(row.getByTestId('pending-sync')).toHaveText('Pending sync');
  }
  await expect(page.getByRole('textbox', { name: 'Notes & Remarks' })).toHaveValue(REMARK);
  await expect(page.getByRole('status').filter({ hasText: 'Pending sync' }).first()).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveText('6 changes waiting to sync');
}

async function expectSentOnce(writes: SentWrite[], checklistId: string) {
  await expect.poll(() => writes.length).toBe(6);
  const base = `/api/checklists/${checklistId}`;
  expect(writes.filter((write) => write.method === 'PATCH' && write.path === base)).toHaveLength(1);
  expect(
    writes.filter((write) => write.method === 'PATCH' && write.path.startsWith(`${base}/tasks/`)),
  ).toHaveLength(5);
  expectOneKeyEach(writes);
}

test('the owner: opens offline after one visit, keeps 5 ticks and a remark through a reload, syncs once', async ({
  page,
  context,
}) => {
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Basement flat', [...TASKS, 'Lock up']);
  await page.goto(`/checklist/${checklist.id}`);
  // The first visit also installs the service worker (it fetches the shell): a loaded machine is slow.
  await expect(page.getByRole('heading', { name: 'Basement flat', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await readyForOffline(page, checklist.id);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Basement flat', level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  await tickAndWriteOffline(page);
  await page.reload();
  await expectStillPending(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/offline-detail-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SHOTS}/offline-detail-375.png`, fullPage: true });

  // The server has seen nothing yet.
  const before = await readChecklist(page, checklist.id);
  expect(before.tasks.filter((task) => task.completed)).toHaveLength(0);

  const writes = checklistWrites(page);
  await context.setOffline(false);
  await expect(page.getByTestId('toast')).toContainText('All changes synced');
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(page.getByTestId('pending-sync')).toHaveCount(0);
  await expectSentOnce(writes, checklist.id);

  const after = await readChecklist(page, checklist.id);
  expect(
    after.tasks
      .filter((task) => task.completed)
      .map((task) => task.description)
      .sort(),
  ).toEqual([...TASKS].sort());
  expect(after.remarks).toBe(REMARK);
  // A reload online shows the server's copy, nothing pending.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Clean the oven' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Lock up' })).not.toBeChecked();
  await expect(page.getByTestId('pending-sync')).toHaveCount(0);
});

test('a recipient: the shared page opens offline, and their ticks and remark reach the owner once', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Cottage changeover', [...TASKS, 'Lock up']);
  const share = await shareByEmail(page, checklist.id, 'jane@example.com');
  const recipient = await openRecipient(
    browser,
    baseURL,
    [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/],
    'allow',
  );
  const phone = recipient.page;
  await phone.goto(linkPath(share));
  await enterCode(phone, share.verificationCode as string);
  await expect(phone.getByRole('heading', { name: 'Cottage changeover', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await readyForOffline(phone, 'Cottage changeover');

  await recipient.context.setOffline(true);
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Cottage changeover', level: 1 })).toBeVisible();
  await tickAndWriteOffline(phone);
  await phone.reload();
  await expectStillPending(phone);
  await phone.screenshot({ path: `${SHOTS}/offline-shared-375.png`, fullPage: true });
  await phone.setViewportSize({ width: 1280, height: 900 });
  await phone.screenshot({ path: `${SHOTS}/offline-shared-1280.png`, fullPage: true });

  const writes = checklistWrites(phone);
  await recipient.context.setOffline(false);
  await expect(phone.getByTestId('toast')).toContainText('All changes synced');
  await expect(phone.getByTestId('pending-sync')).toHaveCount(0);
  await expectSentOnce(writes, checklist.id);

  const after = await readChecklist(page, checklist.id);
  expect(after.tasks.filter((task) => task.completed)).toHaveLength(5);
  expect(after.remarks).toBe(REMARK);
  await closeRecipient(recipient);
});

test('a photo taken offline is kept on the device, survives a reload, and uploads once online', async ({
  page,
  context,
}) => {
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Roof check', [
    { description: 'Photograph the gutter', photoRequired: true },
    'Check the tiles',
  ]);
  await page.goto(`/checklist/${checklist.id}`);
  // The first visit also installs the service worker (it fetches the shell): a loaded machine is slow.
  await expect(page.getByRole('heading', { name: 'Roof check', level: 1 })).toBeVisible({ timeout: 20_000 });
  // The photo dialog's chunk is fetched ahead (and precached) before the network goes.
  await readyForOffline(page, checklist.id);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('checkbox', { name: 'Photograph the gutter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photo required' });
  await expect(dialog).toContainText("You're offline. The photo is kept on this device");
  await choosePhoto(page, dialog, await scenePhoto('Gutter'));
  await dialog.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByTestId('toast')).toContainText('Photo saved on this device');
  await expect(page.getByText('Photo uploaded successfully')).toHaveCount(0);

  await page.reload();
  const row = page.getByTestId('task').filter({ hasText: 'Photograph the gutter' });
  await expect(row.getByRole('checkbox')).toBeChecked();
  await expect(row.getByTestId('pending-sync')).toBeVisible();
  await expect(row.getByRole('img', { name: 'Waiting to upload' })).toBeVisible();

  const writes = checklistWrites(page);
  await context.setOffline(false);
  await expect(page.getByTestId('toast')).toContainText('All changes synced');
  await expect(row.getByRole('button', { name: 'View photo: Photograph the gutter' })).toBeVisible();
  await expect(row.getByTestId('pending-sync')).toHaveCount(0);
  expect(writes.filter((write) => write.path.endsWith('/photo'))).toHaveLength(1);
  const after = await readChecklist(page, checklist.id);
  expect(after.tasks[0]).toMatchObject({
    completed: true,
    photoUrl: expect.stringContaining('/api/photos/'),
  });
});

test('a lost answer: the photo reached the server, the answer did not; the retry gets the stored answer, no second photo', async ({
  page,
}) => {
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Meter reading', [
    { description: 'Photograph the meter', photoRequired: true },
  ]);
  await page.goto(`/checklist/${checklist.id}`);
  await expect(page.getByRole('heading', { name: 'Meter reading', level: 1 })).toBeVisible({
    timeout: 20_000,
  });

  // The first upload reaches the server (which stores the photo), then the connection drops.
  let firstAnswer: { photoUrl: string | null } | null = null;
  const keys: string[] = [];
  await page.route('**/api/checklists/*/tasks/*/photo', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (firstAnswer) {
      await route.fallback();
      return;
    }
    const response = await route.fetch();
    firstAnswer = (await response.json()) as { photoUrl: string | null };
    await route.abort('connectionreset');
  });
  const replayed = page.waitForResponse(
    (response) => response.url().endsWith('/photo') && response.headers()['idempotent-replayed'] === 'true',
  );

  await page.getByRole('checkbox', { name: 'Photograph the meter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photo required' });
  await choosePhoto(page, dialog, await scenePhoto('Meter'));
  await dialog.getByRole('button', { name: 'Upload Photo' }).click();
  // Nothing is claimed while the answer is missing: the photo is kept on this device and retried.
  await expect(page.getByTestId('toast')).toContainText('Photo saved on this device');
  await replayed;
  await expect(page.getByRole('button', { name: 'View photo: Photograph the meter' })).toBeVisible();

  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const after = await readChecklist(page, checklist.id);
  expect(firstAnswer).not.toBeNull();
  expect(after.tasks[0]?.photoUrl).toBe((firstAnswer as unknown as { photoUrl: string }).photoUrl);
});

test('a session that ended while offline: the ticks wait on the device until the owner signs in again, then go once', async ({
  page,
  context,
  baseURL,
}) => {
  const account = await signInAs(page);
  const checklist = await seedChecklist(page, 'Boat house', ['Bilge pump', 'Life jackets', 'Lock up']);
  await page.goto(`/checklist/${checklist.id}`);
  await expect(page.getByRole('heading', { name: 'Boat house', level: 1 })).toBeVisible({ timeout: 20_000 });
  await readyForOffline(page, checklist.id);

  await context.setOffline(true);
  await page.getByRole('checkbox', { name: 'Bilge pump' }).check();
  await page.getByRole('checkbox', { name: 'Life jackets' }).check();
  await expect(page.getByTestId('pending-count')).toHaveText('2 changes waiting to sync');

  // Meanwhile the session ends on the server (it expired, or was signed out from another device).
  const elsewhere = await playwrightRequest.newContext({
    baseURL,
    storageState: await context.storageState(),
  });
  expect((await elsewhere.post('/api/auth/logout')).status()).toBe(204);
  await elsewhere.dispose();

  const writes = checklistWrites(page);
  await context.setOffline(false);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText(
    'Your session has ended. Sign in again to save the changes kept on this device.',
  );
  await expect(banner.getByTestId('pending-count')).toHaveText('2 changes waiting to sync');
  // The page learns the session is gone and goes to the landing page; the banner stays.
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SHOTS}/sign-in-to-sync-375.png` });
  // Nothing was dropped: the server was asked, refused (401), and has nothing yet.
  expect(writes.length).toBeGreaterThan(0);

  // Signing in again through the banner's button sends what waited, each change once.
  const popupPromise = page.waitForEvent('popup');
  await banner.getByRole('button', { name: 'Sign in' }).click();
  const popup = await popupPromise;
  await popup.getByLabel('E-mail').fill(account.email);
  await popup.getByLabel('Display name').fill(account.displayName);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'All changes synced' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  const after = await readChecklist(page, checklist.id);
  expect(after.tasks.filter((task) => task.completed).map((task) => task.description)).toEqual([
    'Bilge pump',
    'Life jackets',
  ]);
  // Each tick under one key, however many times it was tried.
  const keys = new Map<string, Set<string>>();
  for (const write of writes) keys.set(write.path, (keys.get(write.path) ?? new Set()).add(write.key ?? ''));
  expect([...keys.values()].map((set) => set.size)).toEqual([1, 1]);
});
