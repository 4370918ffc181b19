import { SHARE_LIMITS, type ShareSummary } from '#domain/sharing';
import { seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { shareByEmail } from './recipient.ts';

/**
 * A share link locked by wrong codes (docs/decisions/0018), as the owner sees it on the checklist
 * page. The lock takes 20 wrong codes, which the per-link limit (15 tries per 10 minutes) spreads
 * over more than ten minutes: the list's first answer is given the lock here (the API tests lock
 * links for real); 'Send new link' and everything after it is the real server.
 */
test('the owner sees a locked share, and Send new link replaces the link and unlocks it', async ({
  page,
}) => {
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Harbour View turnover', ['Strip beds', 'Restock bathroom']);
  const sent = await shareByEmail(page, checklist.id, 'jordan.lee@example.com');
  const lockedAt = new Date(Date.now() - 3 * 60_000).toISOString();
  let answeredLocked = false;
  await page.route(`**/api/checklists/${checklist.id}/shares`, async (route) => {
    if (answeredLocked || route.request().method() !== 'GET') return route.fallback();
    answeredLocked = true;
    const response = await route.fetch();
    const body = (await response.json()) as { shares: ShareSummary[] };
    body.shares = body.shares.map((share) => (share.id === sent.shareId ? { ...share, lockedAt } : share));
    await route.fulfill({ response, json: body });
  });

  await page.goto(`/checklist/${checklist.id}`);
  const row = page.getByTestId('share-row').filter({ hasText: 'Jane' });
  await expect(row.getByTestId('share-state')).toHaveText('Locked');
  await expect(row.getByTestId('share-locked')).toContainText(
    `Locked after ${SHARE_LIMITS.linkMaxWrongTries} wrong codes 3 minutes ago`,
  );
  await row.scrollIntoViewIfNeeded();
  await page
    .getByRole('region', { name: /Shared with/ })
    .screenshot({ path: 'test-results/share-locked.png' });

  const newLink = page.waitForResponse(
    (response) => response.url().endsWith(`/shares/${sent.shareId}/new-link`) && response.status() === 200,
  );
  await row.getByRole('button', { name: /Send new link to Jane/ }).click();
  const fresh = await (await newLink).json();
  await expect(page.getByTestId('toast').filter({ hasText: 'New link sent' })).toBeVisible();
  await expect(row.getByTestId('share-state')).toHaveText('Code sent');
  await expect(row.getByTestId('share-locked')).toHaveCount(0);

  // The old link is dead; the new one opens with its code.
  expect(fresh.token).not.toBe(sent.token);
  const old = await page.request.post('/api/verification/verify', {
    data: { token: sent.token, code: fresh.verificationCode },
  });
  expect(old.status()).toBe(404);
  const verified = await page.request.post('/api/verification/verify', {
    data: { token: fresh.token, code: fresh.verificationCode },
  });
  expect(verified.status()).toBe(200);
});
