import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seedChecklist } from './checklists.ts';
import { expect, signInAs, test, uniqueAccount } from './fixtures.ts';
import { scenePhoto, type TestFile } from './photos.ts';

/**
 * /verify (issue 34 item 5): a report downloaded from the checklist page, chosen on the page, is
 * recognised as recorded; the same file changed by one byte is not; a photo downloaded from ListSync
 * dropped on the page is recognised too. The file is hashed in the browser: only its SHA-256 is sent.
 * VERIFY_SHOTS=<folder> also saves screenshots at 1280 and 375 px wide.
 */

const SHOTS = process.env.VERIFY_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Drops the file on the page's drop zone, as a file dragged from the desktop would land. */
async function dropFile(page: Page, file: TestFile) {
  const transfer = await page.evaluateHandle(
    ({ name, mimeType, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      return data;
    },
    { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] },
  );
  await page.getByTestId('verify-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

const chooser = (page: Page) => page.getByLabel('Choose a report or photo to check');
const result = (page: Page) => page.getByTestId('verify-result');

test('a downloaded report and a photo are recognised; a changed file is not', async ({ page }) => {
  await signInAs(page, uniqueAccount('Rita Moss'));
  const checklist = await seedChecklist(page, 'Move-out inspection – Flat 7', ['Photograph the kitchen']);
  const photo = await scenePhoto('Kitchen');
  const taskId = checklist.tasks[0]?.id ?? '';
  const upload = await page.request.post(`/api/checklists/${checklist.id}/tasks/${taskId}/photo`, {
    multipart: { photo: photo },
  });
  expect(upload.status()).toBe(200);
  const photoUrl: string = (await upload.json()).photoUrl;

  await page.goto(`/checklist/${checklist.id}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download report' }).click();
  const report = await readFile((await (await downloading).path()) ?? '');

  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Check a report or photo' })).toBeVisible();
  await shot(page, 'verify-empty');

  // The report as downloaded: recorded. The request carries its hash, never the file.
  const asked = page.waitForRequest('/api/verify');
  await chooser(page).setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: report });
  await expect(result(page).getByRole('heading')).toHaveText(/^ListSync recorded this report on /);
  const body = (await asked).postDataJSON();
  expect(Object.keys(body)).toEqual(['sha256']);
  expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
  await shot(page, 'verify-matched');

  // One byte changed, as an edit would: no record, and what that means.
  const edited = Buffer.concat([report, Buffer.from('\n')]);
  await chooser(page).setInputFiles({
    name: 'report-edited.pdf',
    mimeType: 'application/pdf',
    buffer: edited,
  });
  await expect(result(page).getByRole('heading')).toHaveText('ListSync has no record of this file');
  await expect(result(page)).toContainText('messaging apps are re-compressed');
  await shot(page, 'verify-not-matched');

  // The photo as ListSync serves it, dropped on the page: recorded as a photo.
  const served = await page.request.get(photoUrl);
  expect(served.status()).toBe(200);
  await dropFile(page, { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await served.body() });
  await expect(result(page).getByRole('heading')).toHaveText(/^ListSync recorded this photo on /);
  // And the original as the phone took it.
  await dropFile(page, photo);
  await expect(result(page).getByRole('heading')).toHaveText(/^ListSync recorded this photo on /);
  await expect(result(page)).toContainText('kitchen.jpg');
});

test('the site footer links to the check, and the legacy ?checklist= link keeps its notice', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Check a report or photo' })
    .click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { name: 'Check a report or photo' })).toBeVisible();
  await page.goto('/verify?checklist=checklist_unknown');
  await expect(page.getByRole('heading', { name: 'Open the link in your message' })).toBeVisible();
});
