import type { Page } from '@playwright/test';
import { buyProfessional } from './billing.ts';
import { seedChecklist, tickTask } from './checklists.ts';
import { expect, signInAs, test, uniqueAccount } from './fixtures.ts';

/**
 * /insights (issue 33, docs/insights.md): a Professional team sets its time zone on the Team page,
 * completes checklists and reads its figures, charts and CSV; a free team sees an example marked as
 * one, and the upgrade. Screenshots at 1280 and 375 px (INSIGHTS_SHOTS, default test-results), with
 * no element wider than the screen.
 */

const SHOTS = process.env.INSIGHTS_SHOTS ?? 'test-results/screenshots';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Chart.js redraws on resize: one frame for it before the picture.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/insights-${name}-${width}.png`, fullPage: true });
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => {
          if (element.closest('.sr-only')) return false;
          return element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5;
        })
        .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
    );
    expect(wide, `wider than ${width} px`).toEqual([]);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A checklist of three tasks, the first two ticked, submitted: one completed, one task left undone. */
async function completeOne(page: Page, name: string) {
  const checklist = await seedChecklist(page, name, ['Strip beds', 'Clean oven', 'Empty bins']);
  for (const task of checklist.tasks.slice(0, 2)) await tickTask(page, checklist.id, task.id);
  const submitted = await page.request.post(`/api/checklists/${checklist.id}/submit`, { data: {} });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
}

test('a Professional team reads its figures, sets its zone and downloads the CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await signInAs(page, uniqueAccount('Harbour Lead'));
  await buyProfessional(page);

  await page.goto('/settings/team');
  const zone = page.getByTestId('team-time-zone');
  await zone.getByLabel('Team time zone').selectOption('Europe/Paris');
  await zone.getByRole('button', { name: 'Save time zone' }).click();
  await expect(zone.getByText('Time zone saved.')).toBeVisible();
  await zone.scrollIntoViewIfNeeded();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await zone.screenshot({ path: `${SHOTS}/insights-team-time-zone-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await completeOne(page, 'Turnover: Beach House');
  await completeOne(page, 'Turnover: Harbour View 4B');
  await seedChecklist(page, 'Turnover: Dune Loft', ['Strip beds']);

  await page.goto('/insights');
  const figures = page.getByTestId('insights-figures');
  await expect(figures.locator('dd').first()).toHaveText('2', { timeout: 20_000 });
  await expect(page.getByTestId('insights-range')).toContainText('days in Europe/Paris');
  await expect(page.getByRole('img', { name: /completed and created each day/ })).toBeVisible();
  const people = page.getByRole('table', { name: /by each person/ });
  await expect(people.getByRole('row', { name: new RegExp(account.displayName) })).toContainText('2');
  await expect(page.getByRole('list', { name: 'Tasks most often left undone' })).toContainText('Empty bins');
  await expect(page.getByRole('list', { name: 'Tasks most often left undone' })).toContainText('2 of 2');
  await expect(page.getByRole('list', { name: 'Slowest tasks' })).toContainText('Clean oven');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^listsync-insights-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: /each day/ }).locator('tbody tr')).toHaveCount(7);
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page.getByRole('table', { name: /each day/ }).locator('tbody tr')).toHaveCount(30);
  await shoot(page, 'professional');
});

test('a free team sees an example, marked as one, and the upgrade', async ({ page }) => {
  await signInAs(page, uniqueAccount('Solo Cleaner'));
  await page.goto('/insights');
  // The plan is read before anything is drawn: on a busy machine that takes a while.
  await expect(page.getByText('Insights are part of Professional')).toBeVisible({ timeout: 20_000 });
  const example = page.getByRole('region', { name: 'Example insights with made-up figures' });
  await expect(example.getByText('Example · made-up figures')).toBeVisible();
  await expect(example.getByRole('img', { name: /completed and created each day/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  await shoot(page, 'free');
  await page.getByRole('link', { name: 'Upgrade to Professional' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});
