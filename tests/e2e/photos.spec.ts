import { PHOTO_LIMITS } from '#domain/photos';
import { readChecklist, seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import {
  choosePhoto,
  largeCameraPhoto,
  loadedWidth,
  ownerTicksPhotoTask,
  scenePhoto,
  uploadPhoto,
} from './photos.ts';
import { closeRecipient, enterCode, linkPath, openRecipient, PHONE, shareByEmail } from './recipient.ts';

/**
 * Photo proof in the browser (issue 5): real uploads through the photo dialog, the thumbnail, the
 * viewer with its Replace and Remove, for the owner and for a recipient on the shared page.
 */

const isPhotoUpload = (url: URL) => /^\/api\/checklists\/[^/]+\/tasks\/[^/]+\/photo$/.test(url.pathname);

test.use({ viewport: PHONE });

test('the owner ticks a task that needs a photo, uploads one, sees its thumbnail and opens it large', async ({
  page,
}) => {
  const { checklist, dialog } = await ownerTicksPhotoTask(
    page,
    'Move-in inspection',
    'Photograph the kitchen',
    ['Collect the keys'],
  );
  const box = page.getByRole('checkbox', { name: 'Photograph the kitchen' });
  await expect(dialog).toContainText('“Photograph the kitchen” needs a photo before it can be ticked.');

  const upload = page.waitForRequest((request) => isPhotoUpload(new URL(request.url())));
  await choosePhoto(page, dialog, await scenePhoto('Kitchen'));
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen file' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload Photo' }).click();
  expect((await upload).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);

  await expect(page.getByTestId('toast')).toContainText('Photo uploaded successfully');
  await expect(dialog).toBeHidden();
  await expect(box).toBeChecked();
  await expect(page.getByTestId('status-badge')).toHaveText('In Progress (50%)');

  const saved = (await readChecklist(page, checklist.id)).tasks[0];
  expect(saved).toMatchObject({ completed: true, photoUrl: expect.stringMatching(/^\/api\/photos\/.+/) });

  const thumbnail = page.getByRole('button', { name: 'View photo: Photograph the kitchen' });
  const thumb = thumbnail.locator('img');
  await expect(thumb).toHaveAttribute('src', `${saved?.photoUrl}?size=thumb`);
  await expect(thumb).toHaveAttribute('loading', 'lazy');
  expect(await loadedWidth(thumb)).toBeLessThanOrEqual(320);
  expect(await thumbnail.boundingBox()).toMatchObject({ width: 56, height: 56 });

  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'Photograph the kitchen' });
  const large = viewer.getByRole('img', { name: 'Photograph the kitchen' });
  await expect(large).toHaveAttribute('src', saved?.photoUrl ?? '');
  expect(await loadedWidth(large)).toBe(1600);
  await expect(viewer.getByRole('button', { name: 'Replace photo' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();
});

test('a 12 MB camera photo is made smaller and upright in the browser and goes through under 5 MB', async ({
  page,
}) => {
  test.slow(); // making and decoding a 12-megapixel picture
  // The size of the file put in the upload's form (Playwright cannot see a streamed multipart body).
  await page.addInitScript(() => {
    const append = FormData.prototype.append as (this: FormData, name: string, value: string | Blob) => void;
    FormData.prototype.append = function (this: FormData, name: string, value: string | Blob, ...rest: []) {
      if (value instanceof Blob) document.documentElement.dataset.sentPhotoBytes = String(value.size);
      append.call(this, name, value, ...rest);
    };
  });
  const { dialog } = await ownerTicksPhotoTask(page, 'Roof check', 'Photograph the gutters');
  const camera = await largeCameraPhoto();
  expect(camera.buffer.length).toBeGreaterThan(10 * 1024 * 1024);

  await choosePhoto(page, dialog, camera);
  await expect(dialog.getByTestId('photo-size')).toContainText(/made smaller from 1\d\.\d MB/, {
    timeout: 15_000,
  });
  await dialog.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByTestId('toast')).toContainText('Photo uploaded successfully', { timeout: 15_000 });
  const sent = Number(await page.locator('html').getAttribute('data-sent-photo-bytes'));
  expect(sent).toBeGreaterThan(100 * 1024);
  expect(sent).toBeLessThan(PHOTO_LIMITS.maxBytes);
  await expect(page.getByRole('checkbox', { name: 'Photograph the gutters' })).toBeChecked();

  // The browser drew it upright (1920 x 2560) and said so in the EXIF it kept, so the server did not
  // turn it a second time: its display copy is a portrait 1536 x 2048.
  await page.getByRole('button', { name: 'View photo: Photograph the gutters' }).click();
  const large = page.getByRole('dialog').getByRole('img', { name: 'Photograph the gutters' });
  expect(await loadedWidth(large)).toBe(1536);
  expect(await large.evaluate((image) => (image as HTMLImageElement).naturalHeight)).toBe(2048);
});

test.describe('refusals', () => {
  test.use({ allowConsoleErrors: [/status of (415|500)/] });

  test('a text file is refused in the browser; one disguised as an image is refused by the server', async ({
    page,
  }) => {
    const { checklist, dialog } = await ownerTicksPhotoTask(
      page,
      'Boiler service',
      'Photograph the pressure gauge',
    );
    const toast = page.getByTestId('toast');
    const uploadButton = dialog.getByRole('button', { name: 'Upload Photo' });

    let uploads = 0;
    page.on('request', (request) => {
      if (isPhotoUpload(new URL(request.url()))) uploads += 1;
    });
    await choosePhoto(page, dialog, {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(toast).toContainText('Invalid file type');
    await expect(toast).toContainText('Please select an image file');
    await expect(dialog.getByRole('alert')).toHaveText('Please select an image file');
    await expect(uploadButton).toBeDisabled();
    expect(uploads).toBe(0);

    // Named and typed as a photo, but text inside: only the server can tell, and it says so.
    await choosePhoto(page, dialog, {
      name: 'gauge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await uploadButton.click();
    await expect(toast).toContainText('Invalid file type');
    await expect(toast).toContainText('Please select an image file');
    await expect(dialog.getByRole('alert')).toContainText(
      'The photo was not saved and the task stays unticked.',
    );
    await expect(page.getByText('Photo uploaded successfully')).toHaveCount(0);
    expect(uploads).toBe(1);

    // A server failure may pass: the photo is kept on this device and retried, never called uploaded.
    let failing = true;
    await page.route(
      (url) => isPhotoUpload(url),
      (route) =>
        failing
          ? route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Boom' } } })
          : route.fallback(),
    );
    await choosePhoto(page, dialog, await scenePhoto('Gauge'));
    await uploadButton.click();
    await expect(toast).toContainText('Photo saved on this device');
    await expect(page.getByText('Photo uploaded successfully')).toHaveCount(0);
    const row = page.getByTestId('task').filter({ hasText: 'Photograph the pressure gauge' });
    await expect(row.getByTestId('pending-sync')).toBeVisible();
    expect((await readChecklist(page, checklist.id)).tasks[0]).toMatchObject({
      completed: false,
      photoUrl: null,
    });
    // The server recovers: the kept photo goes up on the next try.
    failing = false;
    await expect(row.getByRole('button', { name: 'View photo: Photograph the pressure gauge' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(row.getByTestId('pending-sync')).toHaveCount(0);
    expect((await readChecklist(page, checklist.id)).tasks[0]).toMatchObject({ completed: true });
  });
});

test('replace and remove: a new photo takes the place of the old; removing keeps the tick', async ({
  page,
}) => {
  const { checklist, dialog } = await ownerTicksPhotoTask(page, 'Key handover', 'Photograph the keys');
  await uploadPhoto(page, dialog, await scenePhoto('Keys'));
  const first = (await readChecklist(page, checklist.id)).tasks[0]?.photoUrl ?? '';

  const thumbnail = page.getByRole('button', { name: 'View photo: Photograph the keys' });
  await thumbnail.click();
  await page
    .getByRole('dialog', { name: 'Photograph the keys' })
    .getByRole('button', { name: 'Replace photo' })
    .click();
  const replace = page.getByRole('dialog', { name: 'Replace photo' });
  await expect(replace).toContainText(
    'A new photo for “Photograph the keys” takes the place of the current one.',
  );
  await uploadPhoto(page, replace, await scenePhoto('Keys again'));
  const second = (await readChecklist(page, checklist.id)).tasks[0]?.photoUrl ?? '';
  expect(second).not.toBe(first);
  await expect(thumbnail.locator('img')).toHaveAttribute('src', `${second}?size=thumb`);
  expect((await page.request.get(first)).status()).toBe(404);

  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'Photograph the keys' });
  await viewer.getByRole('button', { name: 'Remove photo' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove photo?' });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Remove photo' }).click();
  await confirm.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByTestId('toast')).toContainText('Photo removed');
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toHaveCount(0);
  const box = page.getByRole('checkbox', { name: 'Photograph the keys' });
  await expect(box).toBeChecked();
  await expect(box).toBeFocused();
  await expect(page.getByTestId('task').getByText('Photo required')).toBeVisible();
  expect((await readChecklist(page, checklist.id)).tasks[0]).toMatchObject({
    completed: true,
    photoUrl: null,
  });
  expect((await page.request.get(second)).status()).toBe(404);
});

test('a recipient on a phone attaches a photo on the shared page, sees it large, and removes it', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Turnover – Harbour View 4B', [
    'Strip beds',
    { description: 'Photograph the bathroom', photoRequired: true },
  ]);
  const share = await shareByEmail(page, checklist.id, 'jane.doe@example.com');
  const recipient = await openRecipient(browser, baseURL);
  const phone = recipient.page;
  await phone.goto(linkPath(share));
  await enterCode(phone, share.verificationCode ?? '');
  await expect(phone.getByTestId('verified-access')).toBeVisible();

  const box = phone.getByRole('checkbox', { name: 'Photograph the bathroom' });
  await box.click();
  const dialog = phone.getByRole('dialog', { name: 'Photo required' });
  await expect(dialog.getByTestId('photo-camera-input')).toHaveAttribute('capture', 'environment');
  await uploadPhoto(phone, dialog, await scenePhoto('Bathroom'));
  await expect(box).toBeChecked();

  const thumbnail = phone.getByRole('button', { name: 'View photo: Photograph the bathroom' });
  expect(await loadedWidth(thumbnail.locator('img'))).toBeLessThanOrEqual(320);
  await thumbnail.click();
  const viewer = phone.getByRole('dialog', { name: 'Photograph the bathroom' });
  expect(await loadedWidth(viewer.getByRole('img', { name: 'Photograph the bathroom' }))).toBe(1600);

  // The owner sees the recipient's photo; a stranger does not.
  const photoUrl = (await readChecklist(page, checklist.id)).tasks[1]?.photoUrl ?? '';
  expect(photoUrl).toMatch(/^\/api\/photos\//);
  expect((await page.request.get(photoUrl)).headers()['content-type']).toBe('image/jpeg');
  const stranger = await browser.newContext({ baseURL });
  expect([401, 404]).toContain((await stranger.request.get(photoUrl)).status());
  await stranger.close();

  await viewer.getByRole('button', { name: 'Remove photo' }).click();
  await phone
    .getByRole('alertdialog', { name: 'Remove photo?' })
    .getByRole('button', { name: 'Remove photo' })
    .click();
  await expect(phone.getByTestId('toast')).toContainText('Photo removed');
  await expect(thumbnail).toHaveCount(0);
  await expect(box).toBeChecked();
  expect((await readChecklist(page, checklist.id)).tasks[1]).toMatchObject({
    completed: true,
    photoUrl: null,
  });
  await closeRecipient(recipient);
});
