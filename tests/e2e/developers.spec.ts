import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';

/**
 * /developers (decision 0051): public, its quick start with this server's origin, the API reference
 * drawn by swagger-ui from /api/openapi.json in a chunk of its own, all under the app's CSP (script
 * and style from our origin only). The fixture fails a test on any console error, CSP refusals
 * included; the page's own `securitypolicyviolation` events are collected as well.
 */

async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('renders the quick start and the API reference, signed out, with no CSP violation', async ({
  page,
  baseURL,
}, testInfo) => {
  const violations = await watchCsp(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/developers');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('API');
  const steps = page.getByRole('list', { name: 'Quick start' });
  await expect(steps.getByRole('heading', { name: 'Create a token' })).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Open Settings → Developers' })).toHaveAttribute(
    'href',
    '/settings/developers',
  );
  await expect(
    steps.getByText(`curl -sS -H "Authorization: Bearer $LISTSYNC_TOKEN" ${baseURL}/api/checklists`),
  ).toBeVisible();
  await expect(steps.getByText(`${baseURL}/api/webhooks/$WEBHOOK_ID/test`)).toBeVisible();
  await expect(steps.getByText('verifyListSyncWebhook')).toBeVisible();

  // The reference: swagger-ui's operations, from the document.
  const reference = page.locator('.listsync-api-reference');
  const listOperation = reference.locator('.opblock-summary', {
    has: page.locator('[data-path="/api/checklists"]'),
  });
  await expect(listOperation.filter({ hasText: 'GET' }).first()).toBeVisible({ timeout: 20_000 });
  await expect(reference.getByText('/api/checklists/export.csv').first()).toBeVisible();
  // Its stylesheet came as a file: swagger-ui's rules apply (a GET's method badge is blue).
  const badge = reference.locator('.opblock-get .opblock-summary-method').first();
  await expect(badge).toHaveCSS('background-color', 'rgb(97, 175, 254)');
  expect(scripts.some((path) => /api-reference-.*\.js$/.test(path))).toBe(true);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('developers-1280.png'), fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('developers-390.png'), fullPage: false });
  await reference.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('developers-390-reference.png'), fullPage: false });
  expect(await violations()).toEqual([]);
});

test('other pages never fetch the reference’s chunk', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Developers' })).toHaveAttribute('href', '/developers');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /api-reference|swagger/.test(path))).toEqual([]);
});

test('the dashboard’s Export CSV downloads the team’s checklists', async ({ page }) => {
  await signInAs(page);
  await seedChecklist(page, '=Pool, deck & "spa"', [{ description: 'Skim' }]);
  await page.goto('/dashboard');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^listsync-checklists-\d{4}-\d\d-\d\d\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFFName,Status,Created')).toBe(true);
  expect(text).toContain(`"'=Pool, deck & ""spa""",not-started,`);
});
