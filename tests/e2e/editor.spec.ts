import type { Locator, Page } from '@playwright/test';
import { CHECKLIST_MESSAGES } from '#domain/checklist';
import { editorTaskOrder, listChecklists, readChecklist, seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await signInAs(page);
});

async function openEditorFor(page: Page, name: string) {
  await page.goto('/dashboard');
  await page
    .getByTestId('checklist-row')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Checklist actions' })
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Checklist' })).toBeVisible();
}

async function expectErrorToast(page: Page, message: string) {
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText(message);
}

test('create: the validation toasts come in the spec order, then the checklist is saved', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'New Checklist' }).click();
  const editor = page.getByTestId('checklist-editor');
  await expect(editor.getByRole('heading', { name: 'Create Checklist' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Share Link' })).toHaveCount(0);
  await expect(editor.getByText('No tasks yet. Add some tasks to get started.')).toBeVisible();
  const name = editor.getByLabel('Checklist Name');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('placeholder', /Turnover – Harbour View 4B/);

  const save = editor.getByRole('button', { name: 'Save Changes' });
  await save.click();
  await expectErrorToast(page, CHECKLIST_MESSAGES.nameRequired);
  await expect(name).toBeFocused();

  await name.fill('   ');
  await save.click();
  await expectErrorToast(page, 'Checklist name is required');

  await name.fill('Turnover – Harbour View 4B');
  await save.click();
  await expectErrorToast(page, 'Add at least one task');

  await editor.getByRole('button', { name: 'Add Task' }).click();
  await expect(editor.getByLabel('Task 1 description')).toBeFocused();
  await save.click();
  await expectErrorToast(page, 'All tasks must have descriptions');
  expect(await listChecklists(page)).toHaveLength(0);

  await page.keyboard.type('Strip beds');
  await editor.getByRole('button', { name: 'Add Task' }).click();
  await expect(editor.getByLabel('Task 2 description')).toBeFocused();
  await page.keyboard.type('Photograph the kitchen');
  const photo = editor.getByRole('button', { name: 'Photo required for task 2' });
  await expect(photo).toHaveAttribute('aria-pressed', 'false');
  await photo.click();
  await expect(photo).toHaveAttribute('aria-pressed', 'true');
  await editor.getByRole('button', { name: 'Add details for task 1' }).click();
  await editor.getByLabel('Task 1 details').fill('Fresh linen is in the hall cupboard.');

  // While saving, the submit reads 'Saving...' and both buttons are disabled.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/checklists', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await save.click();
  await expect(editor.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(editor.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  release();

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Success');
  await expect(toast).toContainText('Checklist created successfully');
  await expect(editor).toHaveCount(0);
  await expect(page.getByTestId('checklist-row')).toContainText('Turnover – Harbour View 4B');
  await expect(page.getByTestId('checklist-row')).toContainText('2 tasks • Created Today');

  const [summary] = await listChecklists(page);
  const saved = await readChecklist(page, summary?.id ?? '');
  expect(saved.tasks.map((task) => [task.description, task.photoRequired, task.details])).toEqual([
    ['Strip beds', false, 'Fresh linen is in the hall cupboard.'],
    ['Photograph the kitchen', true, ''],
  ]);
  // The server gave the tasks their own ids.
  expect(saved.tasks.every((task) => task.id.startsWith('task_'))).toBe(true);
});

test('reorder by dragging with the mouse; a drop outside the list changes nothing', async ({ page }) => {
  const checklist = await seedChecklist(page, 'Move-out clean', ['Alpha', 'Bravo', 'Charlie']);
  await openEditorFor(page, 'Move-out clean');

  const handle = (n: number) => page.getByRole('button', { name: new RegExp(`^Drag to reorder task ${n}`) });
  const box = async (n: number) => {
    const rect = await handle(n).boundingBox();
    if (!rect) throw new Error(`no handle ${n}`);
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  };

  await page.getByRole('list', { name: 'Tasks' }).scrollIntoViewIfNeeded();
  // Charlie above Alpha.
  const from = await box(3);
  const to = await box(1);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y - 10, { steps: 4 });
  await page.mouse.move(to.x, to.y - 8, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => editorTaskOrder(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);

  // Dropped far to the side of the list: the order stays.
  const start = await box(1);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y, { steps: 4 });
  await page.mouse.move(start.x + 1100, start.y + 60, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByRole('status').filter({ hasText: 'dropped outside the list' })).toHaveCount(1);
  expect(await editorTaskOrder(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Checklist updated successfully');
  const saved = await readChecklist(page, checklist.id);
  expect(saved.tasks.map((task) => task.description)).toEqual(['Charlie', 'Alpha', 'Bravo']);
});

/**
 * dnd-kit's keyboard sensor starts listening a tick or more after the pick-up (longer on a busy
 * machine), and an arrow pressed before then moves nothing, so the arrow is pressed again, as a person
 * would, only while the announcement says the task has not moved.
 */
async function moveUntilAnnounced(
  page: Page,
  live: Locator,
  key: 'ArrowUp' | 'ArrowDown',
  announced: string,
) {
  await page.waitForTimeout(100);
  await expect(async () => {
    if (!(await live.textContent())?.includes(announced)) await page.keyboard.press(key);
    await expect(live).toContainText(announced, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

test('reorder from the keyboard: Space picks up, an arrow moves, Space drops; it is announced', async ({
  page,
}) => {
  const checklist = await seedChecklist(page, 'Gate inspection', ['Alpha', 'Bravo', 'Charlie']);
  await openEditorFor(page, 'Gate inspection');

  await page.getByRole('button', { name: 'Drag to reorder task 3: Charlie' }).focus();
  await page.keyboard.press('Space');
  const live = page.getByRole('status').filter({ hasText: /Picked up|position/ });
  await expect(live).toContainText('Picked up task “Charlie”, position 3 of 3.');
  await moveUntilAnnounced(page, live, 'ArrowUp', 'is over position 2 of 3');
  // The move is measured on the next frames; under load a drop at once can still see the old position.
  await page.waitForTimeout(150);
  await page.keyboard.press('Space');
  await expect(live).toContainText('dropped at position 2 of 3');
  await expect.poll(() => editorTaskOrder(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);

  // Escape cancels a move.
  await page.getByRole('button', { name: 'Drag to reorder task 1: Alpha' }).focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText('Picked up task “Alpha”');
  await moveUntilAnnounced(page, live, 'ArrowDown', 'is over position 2 of 3');
  await page.keyboard.press('Escape');
  await expect(live).toContainText('Moving cancelled');
  expect(await editorTaskOrder(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Checklist updated successfully');
  const saved = await readChecklist(page, checklist.id);
  expect(saved.tasks.map((task) => task.description)).toEqual(['Alpha', 'Charlie', 'Bravo']);
});

test('edit: the form holds the checklist; rename, delete a task, add one; Cancel discards', async ({
  page,
}) => {
  const checklist = await seedChecklist(page, 'Equipment maintenance', ['Oil the hinges', 'Replace filter']);
  await openEditorFor(page, 'Equipment maintenance');
  const editor = page.getByTestId('checklist-editor');
  await expect(editor.getByText('Equipment maintenance', { exact: true })).toBeVisible();
  await expect(editor.getByLabel('Checklist Name')).toHaveValue('Equipment maintenance');
  expect(await editorTaskOrder(page)).toEqual(['Oil the hinges', 'Replace filter']);

  // Cancel throws the change away.
  await editor.getByLabel('Checklist Name').fill('Something else');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New Checklist' })).toBeFocused();
  expect((await readChecklist(page, checklist.id)).name).toBe('Equipment maintenance');

  await openEditorFor(page, 'Equipment maintenance');
  await editor.getByLabel('Checklist Name').fill('Quarterly equipment maintenance');
  await editor.getByRole('button', { name: 'Delete task 1' }).click();
  await expect(editor.getByLabel('Task 1 description')).toBeFocused();
  await editor.getByRole('button', { name: 'Add Task' }).click();
  await page.keyboard.type('Check the fire extinguisher');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Checklist updated successfully');

  const saved = await readChecklist(page, checklist.id);
  expect(saved.name).toBe('Quarterly equipment maintenance');
  expect(saved.tasks.map((task) => task.description)).toEqual([
    'Replace filter',
    'Check the fire extinguisher',
  ]);
  expect(saved.version).toBe(checklist.version + 1);
});

test.describe('a concurrent edit', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 409/] });

  test('a save that meets a newer version shows the latest and keeps the user’s edit to reapply', async ({
    page,
  }) => {
    const checklist = await seedChecklist(page, 'Lobby check', ['Mop the floor']);
    await openEditorFor(page, 'Lobby check');
    const editor = page.getByTestId('checklist-editor');

    // Someone else saves first.
    const other = await page.request.put(`/api/checklists/${checklist.id}`, {
      data: { name: 'Lobby check (updated elsewhere)', tasks: checklist.tasks, version: checklist.version },
    });
    expect(other.ok()).toBeTruthy();

    await editor.getByLabel('Checklist Name').fill('Lobby and stairs check');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    const alert = editor.getByRole('alert');
    await expect(alert).toContainText(CHECKLIST_MESSAGES.versionConflict);
    await expect(editor.getByLabel('Checklist Name')).toHaveValue('Lobby check (updated elsewhere)');
    expect((await readChecklist(page, checklist.id)).name).toBe('Lobby check (updated elsewhere)');

    await alert.getByRole('button', { name: 'Reapply my changes' }).click();
    await expect(editor.getByLabel('Checklist Name')).toHaveValue('Lobby and stairs check');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Checklist updated successfully');
    expect((await readChecklist(page, checklist.id)).name).toBe('Lobby and stairs check');
  });
});

test('Share Link in the editor opens Share Checklist; Escape gives focus back to the button', async ({
  page,
}) => {
  await seedChecklist(page, 'Roof survey', ['Check gutters']);
  await openEditorFor(page, 'Roof survey');
  await page.getByTestId('checklist-editor').getByRole('button', { name: 'Share Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Checklist' });
  await expect(dialog).toContainText('Roof survey');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByTestId('checklist-editor').getByRole('button', { name: 'Share Link' }),
  ).toBeFocused();
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  /** 200 characters: the cut-off 'Strip beds and start the lau', written out in full. */
  const LONG_TASK =
    'Strip the beds and start the laundry: sheets, pillowcases and duvet covers on a hot wash, towels on ' +
    'their own; check each mattress protector for stains and replace any torn one before making the beds.';

  test('a 200-character task wraps and shows whole; Enter goes on to the next task; no line break is saved', async ({
    page,
  }) => {
    expect(LONG_TASK).toHaveLength(200);
    const checklist = await seedChecklist(page, 'Turnover – Harbour View 4B', [
      LONG_TASK,
      'Clean the bathroom',
    ]);
    await openEditorFor(page, 'Turnover – Harbour View 4B');
    const editor = page.getByTestId('checklist-editor');
    const long = editor.getByRole('textbox', { name: 'Task 1 description' });
    const short = editor.getByRole('textbox', { name: 'Task 2 description' });
    await expect(long).toHaveValue(LONG_TASK);
    await long.scrollIntoViewIfNeeded();

    const measure = (field: typeof long) =>
      field.evaluate((element) => {
        const area = element as HTMLTextAreaElement;
        return {
          height: area.getBoundingClientRect().height,
          right: area.getBoundingClientRect().right,
          hidden: area.scrollHeight - area.clientHeight,
          overflow: getComputedStyle(area).overflowY,
        };
      });
    // All of it in view: grown to several lines, nothing scrolled away, no scroll bar, inside the screen.
    const grown = await measure(long);
    expect(grown.hidden).toBeLessThanOrEqual(0);
    expect(grown.overflow).toBe('hidden');
    expect(grown.height).toBeGreaterThan(44 * 3);
    expect(grown.right).toBeLessThanOrEqual(360);
    // A short task keeps the one-line field's height.
    expect((await measure(short)).height).toBe(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    // The row's tools stay at its top, beside the first line.
    const handle = await editor.getByRole('button', { name: /^Drag to reorder task 1/ }).boundingBox();
    const field = await long.boundingBox();
    expect(Math.abs((handle?.y ?? 0) - (field?.y ?? 100))).toBeLessThanOrEqual(2);
    await page.screenshot({ path: 'test-results/screenshots/editor-200-characters-360.png' });

    // Enter at the end of it: on to the next task; from the last one, a new task at the end, focused.
    // Shift+Enter adds no line.
    await long.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await expect(short).toBeFocused();
    await page.keyboard.press('Enter');
    const added = editor.getByRole('textbox', { name: 'Task 3 description' });
    await expect(added).toBeFocused();
    await expect(added).toHaveValue('');
    await page.keyboard.type('Start the dishwasher');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type(' too');
    await expect(added).toHaveValue('Start the dishwasher too');
    await expect(long).toHaveValue(LONG_TASK);
    await expect(short).toHaveValue('Clean the bathroom');

    // Deleting text shrinks the field back to one line.
    await added.fill('Short');
    expect((await measure(added)).height).toBe(44);

    // A very long description stops growing at about ten lines and scrolls inside.
    await added.fill('Check every window. '.repeat(40));
    const capped = await measure(added);
    expect(capped.height).toBe(240);
    expect(capped.overflow).toBe('auto');
    await added.fill('Start the dishwasher');

    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Checklist updated successfully');
    expect((await readChecklist(page, checklist.id)).tasks.map((task) => task.description)).toEqual([
      LONG_TASK,
      'Clean the bathroom',
      'Start the dishwasher',
    ]);
  });

  test('the editor fits without sideways scrolling and saves', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'New Checklist' }).click();
    await page.getByLabel('Checklist Name').fill('Weekly Site Inspection');
    await page.getByRole('button', { name: 'Add Task' }).click();
    await page.keyboard.type('Walk the perimeter');
    await page.getByRole('button', { name: 'Photo required for task 1' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Checklist created successfully');
  });

  test('a task can be dragged into place with a finger', async ({ page }) => {
    const checklist = await seedChecklist(page, 'Stairwell check', ['Alpha', 'Bravo', 'Charlie']);
    await openEditorFor(page, 'Stairwell check');
    await page.getByRole('list', { name: 'Tasks' }).scrollIntoViewIfNeeded();
    const centre = async (n: number) => {
      const rect = await page
        .getByRole('button', { name: new RegExp(`^Drag to reorder task ${n}`) })
        .boundingBox();
      if (!rect) throw new Error(`no handle ${n}`);
      return { x: Math.round(rect.x + rect.width / 2), y: Math.round(rect.y + rect.height / 2) };
    };
    const from = await centre(1);
    const to = await centre(3);
    // A real touch sequence (Playwright's touchscreen only taps).
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });
    await touch('touchStart', from);
    await page.waitForTimeout(250);
    for (let step = 1; step <= 12; step++) {
      await touch('touchMove', { x: from.x, y: Math.round(from.y + ((to.y + 10 - from.y) * step) / 12) });
      await page.waitForTimeout(16);
    }
    await touch('touchEnd');
    await expect.poll(() => editorTaskOrder(page)).toEqual(['Bravo', 'Charlie', 'Alpha']);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Checklist updated successfully');
    expect((await readChecklist(page, checklist.id)).tasks.map((task) => task.description)).toEqual([
      'Bravo',
      'Charlie',
      'Alpha',
    ]);
  });
});
