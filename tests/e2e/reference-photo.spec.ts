import type { Page } from '@playwright/test';
import { readChecklist, seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { choosePhoto, loadedWidth, scenePhoto } from './photos.ts';
import { closeRecipient, enterCode, linkPath, openRecipient, shareByEmail } from './recipient.ts';

/**
 * Reference photos (issue 17, docs/decisions/0026): the owner attaches one to a task from the editor;
 * a verified recipient sees it beside the task (live, without reloading) and in the photo dialog,
 * marked as the example it is, and it never ticks the task.
 */

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

test('the owner attaches a reference photo; the recipient sees it beside the task and in the photo dialog', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Turnover – Harbour View 4B', [
    { description: 'Make the bed', photoRequired: true },
    'Fold the towels',
  ]);
  const share = await shareByEmail(page, checklist.id, 'jane.doe@example.com');

  // The recipient has the page open before the owner adds anything.
  const recipient = await openRecipient(browser, baseURL);
  const phone = recipient.page;
  await phone.goto(linkPath(share));
  await enterCode(phone, share.verificationCode ?? '');
  await expect(phone.getByTestId('verified-access')).toBeVisible();
  const chip = phone.getByRole('button', {
    name: 'Reference photo for “Make the bed”: what good looks like',
  });
  await expect(chip).toHaveCount(0);

  // The owner attaches it from the editor; a task added in this edit cannot have one until saved.
  await openEditorFor(page, 'Turnover – Harbour View 4B');
  await page.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByRole('button', { name: 'Add a reference photo for task 3' })).toBeDisabled();
  await page.getByRole('button', { name: 'Delete task 3' }).click();
  await page.getByRole('button', { name: 'Add a reference photo for task 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reference photo' });
  await expect(dialog).toContainText(
    'Show what good looks like for “Make the bed”. Recipients see it beside the task; it never counts as proof.',
  );
  await choosePhoto(page, dialog, await scenePhoto('Made bed'));
  await dialog.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Reference photo saved');
  const replace = page.getByRole('button', { name: 'Replace the reference photo of task 1' });
  await expect(replace).toBeVisible();
  expect(await loadedWidth(replace.locator('img'))).toBeLessThanOrEqual(320);

  const saved = (await readChecklist(page, checklist.id)).tasks[0];
  expect(saved).toMatchObject({
    completed: false,
    photoUrl: null,
    referencePhotoUrl: expect.stringMatching(/^\/api\/photos\/photo_/),
  });

  // Live on the recipient's open page: beside the task, marked; large in its own viewer.
  await expect(chip).toBeVisible();
  await expect(chip).toHaveText('Reference photo');
  const task = phone.getByTestId('task').filter({ hasText: 'Make the bed' });
  await expect(task.getByTestId('reference-photo')).toBeVisible();
  await expect(phone.getByRole('checkbox', { name: 'Make the bed' })).not.toBeChecked();
  await chip.click();
  const viewer = phone.getByRole('dialog', { name: 'Reference photo' });
  await expect(viewer).toContainText('It is an example, not proof');
  const large = viewer.getByRole('img', { name: 'Reference photo for “Make the bed”: what good looks like' });
  await expect(large).toHaveAttribute('src', saved?.referencePhotoUrl ?? '');
  expect(await loadedWidth(large)).toBe(1600);
  await expect(viewer.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  await expect(chip).toBeFocused();

  // Ticking still asks for proof, with the reference photo beside the picker.
  await phone.getByRole('checkbox', { name: 'Make the bed' }).click();
  const proof = phone.getByRole('dialog', { name: 'Photo required' });
  const example = proof.getByTestId('dialog-reference-photo');
  await expect(example).toContainText('Reference photo: what good looks like');
  expect(await loadedWidth(example.getByRole('img', { name: 'Reference photo: what good looks like' }))).toBe(
    320,
  );
  await proof.getByRole('button', { name: 'Cancel' }).click();
  await expect(proof).toBeHidden();
  await expect(phone.getByRole('checkbox', { name: 'Make the bed' })).not.toBeChecked();

  // The owner removes it; it leaves the recipient's page too.
  await page.getByRole('button', { name: 'Remove the reference photo of task 1' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove reference photo?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByTestId('toast')).toContainText('Reference photo removed');
  await expect(page.getByRole('button', { name: 'Add a reference photo for task 1' })).toBeVisible();
  await expect(chip).toHaveCount(0);
  expect((await readChecklist(page, checklist.id)).tasks[0]?.referencePhotoUrl).toBeNull();
  await closeRecipient(recipient);
});

test('offline, the reference photo dialog says it needs the connection and keeps nothing', async ({
  page,
  context,
}) => {
  await signInAs(page);
  await seedChecklist(page, 'Boiler service', ['Photograph the pressure gauge']);
  await openEditorFor(page, 'Boiler service');
  await page.getByRole('button', { name: 'Add a reference photo for task 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reference photo' });
  await choosePhoto(page, dialog, await scenePhoto('Gauge'));
  await context.setOffline(true);
  // The photo may still say 'Preparing the photo…' (a status of its own) when the notice comes.
  await expect(dialog.getByRole('status').filter({ hasText: "You're offline" })).toHaveText(
    "You're offline. A reference photo is not kept on this device: add it when you're back online.",
  );
  await expect(dialog.getByRole('button', { name: 'Upload Photo' })).toBeDisabled();
  await context.setOffline(false);
  await expect(dialog.getByRole('button', { name: 'Upload Photo' })).toBeEnabled();
});
