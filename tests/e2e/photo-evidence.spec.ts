import sharp from 'sharp';
import { readChecklist, seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { choosePhoto, type TestFile } from './photos.ts';

/**
 * Photo evidence in the browser (issue 34): the photo dialog asks for the device's location with its
 * reason, and only after 'Add location'; granted, the owner's task shows how far from the address the
 * photo was taken; refused, the photo goes all the same, with no location. An old camera time shows
 * 'Taken {date}' in amber.
 */

/** A small photo a camera took on 2 October 2026, in UTC+02:00: more than 24 hours before any upload. */
async function oldCameraPhoto(): Promise<TestFile> {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a9d8f' } })
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD2: { DateTimeOriginal: '2026:10:02 18:04:00', OffsetTimeOriginal: '+02:00' },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name: 'old-kitchen.jpg', mimeType: 'image/jpeg', buffer };
}

async function ownerOnChecklist(page: import('@playwright/test').Page) {
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Harbour flat turnover', [
    { description: 'Photograph the kitchen', photoRequired: true },
    'Leave the keys',
  ]);
  // The property's point, typed as coordinates (the local geocoder reads those).
  const located = await page.request.put(`/api/checklists/${checklist.id}/address`, {
    data: { address: '52.3676, 4.9041' },
  });
  expect(located.status()).toBe(200);
  await page.goto(`/checklist/${checklist.id}`);
  await page.getByRole('checkbox', { name: 'Photograph the kitchen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photo required' });
  await expect(dialog).toBeVisible();
  return { checklist, dialog };
}

test('granted: the location goes with the photo, the owner sees the distance and the old camera time', async ({
  page,
  context,
}) => {
  // 2.2 km north of the address: far, and flagged.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 52.3876, longitude: 4.9041, accuracy: 15 });
  const { checklist, dialog } = await ownerOnChecklist(page);
  await choosePhoto(page, dialog, await oldCameraPhoto());
  const prompt = dialog.getByTestId('photo-location');
  await expect(prompt).toContainText(
    'Add where this photo was taken? It helps show the work was done on site.',
  );
  await expect(prompt.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  await prompt.getByRole('button', { name: 'Add location' }).click();
  await expect(prompt).toContainText('Location added (within 15 m).');
  await dialog.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(dialog).toBeHidden();

  const task = page.locator('[data-testid="task"]').first();
  await expect(task.getByTestId('photo-taken-late')).toHaveText('Taken 2 Oct 2026');
  await expect(task.getByTestId('photo-source')).toHaveText('From gallery');
  await expect(task.getByTestId('photo-distance')).toHaveText('Taken 2.2 km from the address');
  await expect(task.getByTestId('photo-distance')).toHaveAttribute('data-far', 'true');
  const saved = (await readChecklist(page, checklist.id)).tasks[0];
  expect(saved).toMatchObject({
    photoCapturedAt: '2026-10-02T18:04:00+02:00',
    photoCaptureSource: 'library',
    photoLocation: { latitude: 52.3876, longitude: 4.9041, accuracyM: 15, distanceM: 2_224 },
  });
});

test('refused: nothing is asked before the tap, and the photo goes without a location', async ({
  page,
  context,
}) => {
  await context.clearPermissions();
  const { checklist, dialog } = await ownerOnChecklist(page);
  await choosePhoto(page, dialog, await oldCameraPhoto());
  const prompt = dialog.getByTestId('photo-location');
  await prompt.getByRole('button', { name: 'Add location' }).click();
  await expect(prompt).toContainText('No location was added. The photo will be sent without it.');
  await dialog.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Photo uploaded successfully');
  const saved = (await readChecklist(page, checklist.id)).tasks[0];
  expect(saved).toMatchObject({ completed: true, photoLocation: null, photoCaptureSource: 'library' });
  await expect(page.locator('[data-testid="task"]').first().getByTestId('photo-distance')).toHaveCount(0);
});

test('the privacy page says a location is kept only with consent', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  await expect(page.locator('article')).toContainText('A location is never required.');
});
