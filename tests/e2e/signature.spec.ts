import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Checklist } from '#domain/checklist';
import { readChecklist, seedChecklist } from './checklists.ts';
import { collectConsoleErrors, expect, signInAs, test, uniqueAccount } from './fixtures.ts';
import { CODE_DIALOG, enterCode, linkPath, shareByEmail } from './recipient.ts';

/**
 * A checklist that must be signed (issue 34), on a phone: the recipient draws a signature with a
 * finger (real touch events, turned into pointer events by Chromium) and submits; the owner sees it on
 * the checklist page and in the report. The owner's own submit at a desk types the name instead.
 * Screenshots of each screen go to the test's output folder (and SIGNATURE_SHOTS, when set).
 */

const SHOTS = process.env.SIGNATURE_SHOTS;

async function shoot(page: Page, name: string) {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
  }
}

async function requireSignature(page: Page, checklist: Checklist) {
  const response = await page.request.patch(`/api/checklists/${checklist.id}`, {
    data: { requireSignature: true },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A finger drawing strokes across the element (CDP touch events: what a phone's screen sends). */
async function drawWithFinger(page: Page, selector: string, strokes: [number, number][][]) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error('the pad has no box');
  const cdp = await page.context().newCDPSession(page);
  for (const stroke of strokes) {
    const at = ([x, y]: [number, number]) => ({ x: box.x + x * box.width, y: box.y + y * box.height });
    const [first, ...rest] = stroke;
    if (!first) continue;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(first)] });
    for (const point of rest) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(point)] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await cdp.detach();
}

/** A looping 'J' and an underline, in fractions of the pad. */
const SIGNATURE: [number, number][][] = [
  Array.from({ length: 24 }, (_, i) => {
    const a = (i / 23) * Math.PI * 1.6;
    return [0.3 + 0.1 * Math.sin(a), 0.2 + 0.5 * (i / 23)] as [number, number];
  }),
  Array.from(
    { length: 16 },
    (_, i) => [0.15 + (0.7 * i) / 15, 0.8 - 0.05 * Math.sin(i / 3)] as [number, number],
  ),
];

test('on a phone, the recipient signs with a finger and submits; the owner sees the signature and the report has it', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, uniqueAccount('Ann Lee'));
  const checklist = await seedChecklist(page, 'Move-out inspection – Flat 2', [
    'Check the windows',
    'Read the meter',
  ]);
  await requireSignature(page, checklist);
  const share = await shareByEmail(page, checklist.id, 'jane.doe@example.com');

  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await context.newPage();
  const phoneErrors = collectConsoleErrors(phone);
  await phone.goto(linkPath(share));
  await expect(phone.getByRole('dialog', { name: CODE_DIALOG })).toBeVisible();
  await enterCode(phone, share.verificationCode ?? '');
  await expect(phone.getByRole('heading', { name: 'Move-out inspection – Flat 2', level: 1 })).toBeVisible();
  await phone.getByRole('checkbox', { name: 'Check the windows' }).click();
  await phone.getByRole('checkbox', { name: 'Read the meter' }).click();
  await phone.getByRole('button', { name: 'Submit Completed Checklist' }).click();

  const dialog = phone.getByRole('dialog', { name: 'Sign to submit' });
  await expect(dialog).toBeVisible();
  const pad = dialog.getByRole('img', { name: 'Signature pad' });
  await expect(pad).toBeVisible();
  // The pad fits the phone's width, and is drawn at its pixel density.
  const padBox = await pad.boundingBox();
  expect(padBox?.width).toBeGreaterThan(250);
  expect(padBox?.width).toBeLessThanOrEqual(375);
  expect(await pad.evaluate((canvas: HTMLCanvasElement) => canvas.width / canvas.clientWidth)).toBeCloseTo(
    await phone.evaluate(() => window.devicePixelRatio),
    1,
  );
  // Signing without ink is refused on the spot.
  await dialog.getByLabel('Your full name').fill('Jane Doe');
  await dialog.getByRole('button', { name: 'Sign and submit' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Draw your signature');

  await drawWithFinger(phone, '[data-testid="signature-canvas"]', SIGNATURE);
  // The page did not scroll under the finger.
  expect(await phone.evaluate(() => window.scrollY)).toBe(0);
  await shoot(phone, 'submit-dialog-pad-375');
  await dialog.getByRole('button', { name: 'Sign and submit' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(phone.getByTestId('submitted-note')).toBeVisible();
  await expect(phone.getByTestId('signature-card')).toContainText('Signed by Jane Doe');
  // The verified page drawn on the server shows it too (and hydrates without complaint).
  await phone.reload();
  await expect(
    phone.getByTestId('signature-card').getByRole('img', { name: /Signature of Jane Doe/ }),
  ).toBeVisible();

  // The server has it: who signed, drawn, with the strokes the finger made.
  await expect
    .poll(async () => (await readChecklist(page, checklist.id)).signature?.signerName)
    .toBe('Jane Doe');
  const detail = await (await page.request.get(`/api/checklists/${checklist.id}/signature`)).json();
  expect(detail.kind).toBe('drawn');
  expect(detail.drawing.strokes).toHaveLength(2);
  expect(detail.drawing.strokes[0].length).toBeGreaterThan(10);

  // The owner's page shows it, drawn again from the strokes.
  await page.goto(`/checklist/${checklist.id}`);
  const card = page.getByTestId('signature-card');
  await expect(card).toContainText('Signed by Jane Doe');
  await expect(card.getByRole('img', { name: 'Signature of Jane Doe, drawn by hand' })).toBeVisible();
  await expect(card.locator('polyline')).toHaveCount(2);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'owner-signature-1280');
  await page.setViewportSize({ width: 375, height: 740 });
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'owner-signature-375');

  // The report has its 'Signature' section.
  const report = await page.request.get(`/api/checklists/${checklist.id}/report.pdf`);
  expect(report.status()).toBe(200);
  const pdf = test.info().outputPath('report.pdf');
  writeFileSync(pdf, await report.body());
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
  expect(text).toContain('Signed by Jane Doe');
  if (SHOTS) execFileSync('pdftoppm', ['-png', '-r', '60', pdf, path.join(SHOTS, 'report')]);

  expect(phoneErrors, "console errors in the recipient's browser").toEqual([]);
  await context.close();
});

test("the owner's own submit at a desk: the name typed instead of drawn", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, uniqueAccount('Omar Haddad'));
  const checklist = await seedChecklist(page, 'Boiler service – Elm Street', ['Check the pressure']);
  await requireSignature(page, checklist);
  await page.goto(`/checklist/${checklist.id}`);
  await page.getByRole('checkbox', { name: 'Check the pressure' }).click();
  await page.getByRole('button', { name: 'Submit Completed Checklist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign to submit' });
  await expect(dialog.getByRole('img', { name: 'Signature pad' })).toBeVisible();
  await shoot(page, 'submit-dialog-pad-1280');
  // By keyboard: the typed alternative is a button in the tab order.
  await dialog.getByRole('button', { name: 'Type your name instead' }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Your full name').fill('Omar Haddad');
  await expect(dialog.getByTestId('signature-typed-preview')).toHaveText('Omar Haddad');
  await shoot(page, 'submit-dialog-typed-1280');
  await dialog.getByRole('button', { name: 'Sign and submit' }).click();
  await expect(dialog).toHaveCount(0);
  const card = page.getByTestId('signature-card');
  await expect(card.getByTestId('signature-typed')).toHaveText('Omar Haddad');
  await expect(card).toContainText('(typed)');
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'owner-typed-signature-1280');
  expect((await readChecklist(page, checklist.id)).signature).toMatchObject({
    kind: 'typed',
    signerName: 'Omar Haddad',
  });
});

test("the editor's 'Require a signature at submit' turns the requirement on, and off", async ({ page }) => {
  await signInAs(page, uniqueAccount('Rita Gomes'));
  const checklist = await seedChecklist(page, 'Key handover – Dock 7', ['Hand over the keys']);
  for (const [width, wanted] of [
    [1280, true],
    [375, false],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard');
    await page
      .getByTestId('checklist-row')
      .filter({ hasText: 'Key handover – Dock 7' })
      .getByRole('button', { name: 'Checklist actions' })
      .click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const box = page.getByRole('checkbox', { name: /Require a signature at submit/ });
    await expect(box).toBeChecked({ checked: !wanted });
    await box.setChecked(wanted);
    await box.scrollIntoViewIfNeeded();
    await shoot(page, `editor-require-signature-${width}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Checklist updated successfully');
    await expect.poll(async () => (await readChecklist(page, checklist.id)).requireSignature).toBe(wanted);
  }
});
