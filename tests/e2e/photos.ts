import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Checklist } from '#domain/checklist';
import { seedChecklist } from './checklists.ts';
import { expect, signInAs } from './fixtures.ts';

/** Pictures made for the photo tests, and the steps of attaching one in the page. */

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A small scene (sky, a house, a label) as a phone would send it: a JPEG with something to look at. */
export async function scenePhoto(label: string, { width = 1600, height = 1200 } = {}): Promise<TestFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>
    <rect width="400" height="300" fill="url(#sky)"/>
    <circle cx="330" cy="60" r="28" fill="#fde047"/>
    <rect y="210" width="400" height="90" fill="#4ade80"/>
    <rect x="110" y="120" width="180" height="110" fill="#f8fafc" stroke="#334155" stroke-width="3"/>
    <polygon points="100,125 200,60 300,125" fill="#b91c1c"/>
    <rect x="185" y="170" width="30" height="60" fill="#78350f"/>
    <rect x="130" y="140" width="35" height="30" fill="#38bdf8" stroke="#334155" stroke-width="2"/>
    <rect x="235" y="140" width="35" height="30" fill="#38bdf8" stroke="#334155" stroke-width="2"/>
    <text x="200" y="280" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#14532d">${label}</text>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return { name: `${label.toLowerCase().replace(/\W+/g, '-')}.jpg`, mimeType: 'image/jpeg', buffer };
}

/**
 * A 12-megapixel camera photo of about 12 MB (fine detail compresses badly): over the 5 MB limit as it
 * is. Held sideways, as phones store portraits: 4032 x 3024 pixels with EXIF orientation 6 (turn 90°),
 * and the capture time in its EXIF.
 */
export async function largeCameraPhoto(): Promise<TestFile> {
  const width = 4032;
  const height = 3024;
  const buffer = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .blur(1)
    .withExif({ IFD0: { Make: 'TestCam' }, IFD2: { DateTimeOriginal: '2025:06:01 10:20:30' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 99 })
    .toBuffer();
  return { name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer };
}

/** Chooses the file through the dialog's 'Choose Photo' button (the browser's file chooser). */
export async function choosePhoto(page: Page, dialog: Locator, file: TestFile): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose Photo' }).click();
  await (await chooser).setFiles(file);
}

/**
 * A new owner, signed in, on the page of a checklist whose first task needs a photo (then `others`),
 * who has just ticked that task: the photo dialog is open.
 */
export async function ownerTicksPhotoTask(
  page: Page,
  name: string,
  description: string,
  others: string[] = [],
): Promise<{ checklist: Checklist; dialog: Locator }> {
  await signInAs(page);
  const checklist = await seedChecklist(page, name, [{ description, photoRequired: true }, ...others]);
  await page.goto(`/checklist/${checklist.id}`);
  await page.getByRole('checkbox', { name: description }).click();
  const dialog = page.getByRole('dialog', { name: 'Photo required' });
  await expect(dialog).toBeVisible();
  return { checklist, dialog };
}

/** Chooses the file in the open photo dialog and uploads it: the dialog closes with the success toast. */
export async function uploadPhoto(page: Page, dialog: Locator, file: TestFile): Promise<void> {
  await choosePhoto(page, dialog, file);
  await dialog.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Photo uploaded successfully');
}

/** The natural width of a loaded image (0 while it has not loaded). */
export async function loadedWidth(image: Locator): Promise<number> {
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}
