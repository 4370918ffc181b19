import type { Page } from '@playwright/test';
import { readChecklist, seedChecklist, TINY_PNG, tickTask } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await signInAs(page);
});

const badge = (page: Page) => page.locator('header').getByTestId('status-badge');
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Completed Checklist' });

test('ticking updates the progress and badge at once and is saved; unticking too', async ({ page }) => {
  const checklist = await seedChecklist(page, 'Turnover – Harbour View 4B', ['Strip beds', 'Clean bathroom']);
  await page.goto(`/checklist/${checklist.id}`);
  await expect(page.getByRole('heading', { name: 'Turnover – Harbour View 4B', level: 1 })).toBeVisible();
  await expect(badge(page)).toHaveText('Not Started');
  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');

  await page.getByRole('checkbox', { name: 'Strip beds' }).click();
  await expect(page.getByRole('checkbox', { name: 'Strip beds' })).toBeChecked();
  await expect(badge(page)).toHaveText('In Progress (50%)');
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await expect(page.getByTestId('task-count')).toHaveText('1 of 2 tasks complete');
  await expect.poll(async () => (await readChecklist(page, checklist.id)).tasks[0]?.completed).toBe(true);

  await page.getByRole('checkbox', { name: 'Clean bathroom' }).click();
  await expect(page.getByRole('checkbox', { name: 'Clean bathroom' })).toBeChecked();
  await expect(badge(page)).toHaveText('Completed');
  await expect.poll(async () => (await readChecklist(page, checklist.id)).status).toBe('completed');

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Clean bathroom' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Clean bathroom' }).click();
  await expect(page.getByRole('checkbox', { name: 'Clean bathroom' })).not.toBeChecked();
  await expect(badge(page)).toHaveText('In Progress (50%)');
  await expect.poll(async () => (await readChecklist(page, checklist.id)).progress).toBe(50);

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByTestId('checklist-row').getByTestId('status-badge')).toHaveText('In Progress (50%)');
});

test('details open and close; the photo marker is shown', async ({ page }) => {
  const checklist = await seedChecklist(page, 'Boiler service', [
    { description: 'Bleed the radiators', details: 'Start on the ground floor.\nKeep a cloth ready.' },
    { description: 'Photograph the pressure gauge', photoRequired: true },
  ]);
  await page.goto(`/checklist/${checklist.id}`);
  const details = page.getByText('Start on the ground floor.');
  await expect(details).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Show details' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(details).toBeVisible();
  await page.getByRole('button', { name: 'Hide details' }).click();
  await expect(details).toBeHidden();
  await expect(page.getByTestId('task').nth(1).getByText('Photo required')).toBeVisible();
  await expect(
    page.getByRole('checkbox', { name: 'Photograph the pressure gauge' }),
  ).toHaveAccessibleDescription('Photo required');
});

// Task boxes are clicked, then checked with a retrying assertion: the optimistic state lands on React
// Query's next notification, a frame after the click, which Playwright's check() can read too early.
test('submitting with unfinished tasks asks first; Submit Anyway completes it with the notes', async ({
  page,
}) => {
  const checklist = await seedChecklist(page, 'Weekly Site Inspection', ['Check fire exits', 'Test alarms']);
  await page.goto(`/checklist/${checklist.id}`);
  await page.getByRole('checkbox', { name: 'Check fire exits' }).click();
  await expect(page.getByRole('checkbox', { name: 'Check fire exits' })).toBeChecked();
  await expect(badge(page)).toHaveText('In Progress (50%)');
  await page.getByLabel('Notes & Remarks').fill('Alarm in block C was not tested: no access.');

  await submitButton(page).click();
  const dialog = page.getByRole('alertdialog', { name: 'Incomplete Checklist' });
  await expect(dialog).toContainText(
    'Not all tasks are checked as complete. Do you still want to submit this checklist?',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(submitButton(page)).toBeFocused();
  expect((await readChecklist(page, checklist.id)).status).toBe('in-progress');

  await submitButton(page).click();
  await dialog.getByRole('button', { name: 'Submit Anyway' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Checklist completed and submitted successfully!');
  await expect(badge(page)).toHaveText('Completed');
  await expect(submitButton(page)).toHaveCount(0);

  const saved = await readChecklist(page, checklist.id);
  expect(saved.status).toBe('completed');
  expect(saved.progress).toBe(100);
  expect(saved.remarks).toBe('Alarm in block C was not tested: no access.');
});

test('a checklist with every task ticked submits without asking', async ({ page }) => {
  const checklist = await seedChecklist(page, 'Pool cleaning', ['Skim surface']);
  await tickTask(page, checklist.id, checklist.tasks[0]?.id ?? '');
  await page.goto(`/checklist/${checklist.id}`);
  await expect(badge(page)).toHaveText('Completed');
  await submitButton(page).click();
  await expect(page.getByTestId('toast')).toContainText('Checklist completed and submitted successfully!');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('submitted-note')).toBeVisible();
  expect((await readChecklist(page, checklist.id)).submittedAt).not.toBeNull();
});

test('notes are saved as you type, with a small Saved indicator', async ({ page }) => {
  const checklist = await seedChecklist(page, 'Garden tidy', ['Mow the lawn']);
  await page.goto(`/checklist/${checklist.id}`);
  await page.getByLabel('Notes & Remarks').fill('Gate latch is loose.');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  expect((await readChecklist(page, checklist.id)).remarks).toBe('Gate latch is loose.');
  await page.reload();
  await expect(page.getByLabel('Notes & Remarks')).toHaveValue('Gate latch is loose.');
});

test('a completed task that needs a photo and has none blocks the submit: Missing photos', async ({
  page,
}) => {
  const checklist = await seedChecklist(page, 'Meter readings', ['Read the electricity meter']);
  const task = checklist.tasks[0];
  await tickTask(page, checklist.id, task?.id ?? '');
  // The owner then asks for a photo of an already ticked task: the tick is kept, the photo is missing.
  const current = await readChecklist(page, checklist.id);
  const put = await page.request.put(`/api/checklists/${checklist.id}`, {
    data: { name: current.name, tasks: [{ ...task, photoRequired: true }], version: current.version },
  });
  expect(put.ok()).toBeTruthy();

  await page.goto(`/checklist/${checklist.id}`);
  await submitButton(page).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Missing photos');
  await expect(toast).toContainText('Read the electricity meter');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect((await readChecklist(page, checklist.id)).submittedAt).toBeNull();
});

test.describe('the photo dialog', () => {
  test('checks the type and size before anything is sent; Cancel leaves the task unticked', async ({
    page,
  }) => {
    const checklist = await seedChecklist(page, 'Move-in inspection', [
      { description: 'Photograph the living room', photoRequired: true },
    ]);
    await page.goto(`/checklist/${checklist.id}`);
    const box = page.getByRole('checkbox', { name: 'Photograph the living room' });
    await box.click();
    const dialog = page.getByRole('dialog', { name: 'Photo required' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Take Photo' })).toBeVisible();
    await expect(dialog.getByTestId('photo-camera-input')).toHaveAttribute('capture', 'environment');
    await expect(dialog.getByTestId('photo-camera-input')).toHaveAttribute('accept', 'image/*');
    const upload = dialog.getByRole('button', { name: 'Upload Photo' });
    await expect(upload).toBeDisabled();

    const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Choose Photo' }).click();
      await (await chooser).setFiles(file);
    };
    const toast = page.getByTestId('toast');

    await choose({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(toast).toContainText('Invalid file type');
    await expect(toast).toContainText('Please select an image file');
    await expect(upload).toBeDisabled();

    await choose({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(toast).toContainText('File too large');
    await expect(toast).toContainText('Image size should be less than 5MB');
    await expect(upload).toBeDisabled();

    await choose({ name: 'room.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(dialog.getByRole('img', { name: 'Preview of the chosen file' })).toBeVisible();
    await expect(upload).toBeEnabled();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(box).not.toBeChecked();
    await expect(box).toBeFocused();
    expect((await readChecklist(page, checklist.id)).tasks[0]?.completed).toBe(false);
  });

  test('unticking a photo task needs no photo', async ({ page }) => {
    const checklist = await seedChecklist(page, 'Key handover', [
      { description: 'Photograph the keys', photoRequired: true },
    ]);
    // Ticked before a photo was required (ticks keep; the photo is asked for on the next tick).
    await tickTask(page, checklist.id, checklist.tasks[0]?.id ?? '');
    await page.goto(`/checklist/${checklist.id}`);
    const box = page.getByRole('checkbox', { name: 'Photograph the keys' });
    await expect(box).toBeChecked();
    await box.click();
    await expect(box).not.toBeChecked();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(async () => (await readChecklist(page, checklist.id)).tasks[0]?.completed).toBe(false);
  });
});

test.describe('when things fail', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('a refused tick rolls back with a toast and the checklist is reloaded', async ({ page }) => {
    const checklist = await seedChecklist(page, 'Deep clean', ['Oven', 'Fridge']);
    await page.goto(`/checklist/${checklist.id}`);
    await page.route('**/api/checklists/*/tasks/*', (route) =>
      // A 4xx answer is final (not retried), so the rollback shows at once.
      route.fulfill({ status: 403, json: { error: { code: 'forbidden', message: 'Refused.' } } }),
    );
    const reloaded = page.waitForRequest(
      (request) => request.method() === 'GET' && request.url().endsWith(`/api/checklists/${checklist.id}`),
    );
    const box = page.getByRole('checkbox', { name: 'Oven' });
    await box.click();
    await expect(page.getByTestId('toast')).toContainText('Failed to update task. Please try again.');
    await expect(box).not.toBeChecked();
    await expect(badge(page)).toHaveText('Not Started');
    await reloaded;
  });

  test('an unknown checklist shows the Not Found view and no error toast', async ({ page }) => {
    await page.goto('/checklist/checklist_does_not_exist');
    await expect(page.getByRole('heading', { name: 'Checklist Not Found' })).toBeVisible();
    await expect(
      page.getByText('This checklist may have been deleted or the link is invalid.'),
    ).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('another owner’s checklist is not found', async ({ page, browser }) => {
    const other = await browser.newPage();
    await signInAs(other);
    const theirs = await seedChecklist(other, 'Not yours', ['Private task']);
    await other.close();
    await page.goto(`/checklist/${theirs.id}`);
    await expect(page.getByRole('heading', { name: 'Checklist Not Found' })).toBeVisible();
  });

  test('a server failure shows the Not Found view and says loading failed', async ({ page }) => {
    await page.route('**/api/checklists/*', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/checklist/checklist_anything');
    // Queries retry 3 times (1 s, 2 s, 4 s) before they give up.
    await expect(page.getByRole('heading', { name: 'Checklist Not Found' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('toast')).toContainText(
      'Failed to load checklist details. Please try again.',
    );
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('the fixed submit button never covers the last task or the notes', async ({ page }) => {
    const tasks = Array.from({ length: 12 }, (_, i) => `Room ${i + 1}: check windows and sockets`);
    const checklist = await seedChecklist(page, 'Full property inspection', tasks);
    await page.goto(`/checklist/${checklist.id}`);
    await expect(page.getByTestId('task')).toHaveCount(12);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = await submitButton(page).boundingBox();
    const notes = await page.getByLabel('Notes & Remarks').boundingBox();
    expect(bar && notes).toBeTruthy();
    if (!bar || !notes) return;
    expect(notes.y + notes.height).toBeLessThanOrEqual(bar.y);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);

    // Ticking by tapping works on a touch screen. (At the very bottom the owner's Activity card is
    // last, so the last task sits where the fixed bar is: a person scrolls it up first, as here.)
    const last = page.getByRole('checkbox', { name: 'Room 12: check windows and sockets' });
    await last.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await last.tap();
    await expect(badge(page)).toHaveText('In Progress (8%)');
  });
});
