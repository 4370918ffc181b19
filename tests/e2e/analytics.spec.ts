import type { Page } from '@playwright/test';
import { seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { closeRecipient, enterCode, linkPath, openRecipient, shareByEmail } from './recipient.ts';

/**
 * Page views in a real browser: the tracker's beacon reaches our own server past the CSP and the
 * cross-site guard, once for the first page and once per route change, with the route and never the
 * token. Local mode lists what was recorded at GET /api/dev/analytics.
 */

interface Recorded {
  name: string;
  props: Record<string, unknown>;
  createdAt: string;
}

async function recordedSince(page: Page, since: number): Promise<Recorded[]> {
  const response = await page.request.get('/api/dev/analytics');
  expect(response.ok()).toBeTruthy();
  const { events } = (await response.json()) as { events: Recorded[] };
  return events.filter((event) => Date.parse(event.createdAt) >= since);
}

const pageViewsOf = (events: Recorded[], path: string) =>
  events.filter((event) => event.name === 'pageview' && event.props.path === path);

test('a page view for the first page and for each route change, with no beacon refused', async ({ page }) => {
  const since = Date.now() - 1_000;
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/analytics/events') && response.status() !== 202) {
      refused.push(`${response.status()} ${response.url()}`);
    }
  });
  await signInAs(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  await expect
    .poll(async () => {
      const events = await recordedSince(page, since);
      return [pageViewsOf(events, '/dashboard').length > 0, pageViewsOf(events, '/pricing').length > 0];
    })
    .toEqual([true, true]);
  expect(refused).toEqual([]);
});

test("a recipient's page view is the route, never the share's token or code", async ({
  page,
  browser,
  baseURL,
}) => {
  const since = Date.now() - 1_000;
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Analytics – Dune Cottage', ['Sweep the porch']);
  const share = await shareByEmail(page, checklist.id, 'jane.doe@example.com');
  const recipient = await openRecipient(browser, baseURL);
  await recipient.page.goto(linkPath(share));
  await enterCode(recipient.page, share.verificationCode ?? '');
  await expect(recipient.page.getByRole('checkbox', { name: 'Sweep the porch' })).toBeVisible();

  await expect
    .poll(async () => pageViewsOf(await recordedSince(page, since), '/shared/:token').length)
    .toBeGreaterThan(0);
  const everything = JSON.stringify(await recordedSince(page, since));
  for (const secret of [share.token, share.verificationCode ?? '', checklist.id, 'jane.doe', 'Dune']) {
    expect(everything).not.toContain(secret);
  }
  await closeRecipient(recipient);
});
