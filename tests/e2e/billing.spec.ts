import type { Page } from '@playwright/test';
import { buyProfessional } from './billing.ts';
import { listChecklists, seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';

/**
 * Buying and managing a plan in local mode: the built-in test checkout delivers signed events to the
 * server's own webhook, so the plan the dashboard shows is the one the webhook made (issue 12).
 */

async function seed(page: Page, count: number) {
  for (let i = 1; i <= count; i++) await seedChecklist(page, `Unit ${i} turnover`, ['Strip beds']);
}

test('a free owner at 5 of 5 buys Professional and creates a 6th checklist', async ({ page }) => {
  await signInAs(page);
  await seed(page, 5);
  await page.goto('/dashboard');
  await expect(page.getByTestId('lists-usage')).toHaveText('5 / 5');
  await page.getByRole('button', { name: 'New Checklist' }).click();
  await expect(page.getByTestId('toast')).toContainText('Checklist Limit Reached');
  await expect(page).toHaveURL('/pricing');

  await page
    .getByRole('group', { name: 'Professional' })
    .getByRole('button', { name: 'Start 14-day free trial' })
    .click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\/cs_local_/);
  // Local mode on this computer: the test checkout, and no banner (that is a test deployment's, 0044).
  await expect(page.getByTestId('simulated-payments-banner')).toHaveCount(0);
  const checkout = page.getByRole('main');
  await expect(checkout.getByRole('heading', { name: /Professional$/ })).toBeVisible();
  await expect(checkout.getByText('14-day free trial, then $49/month')).toBeVisible();
  await page.getByRole('button', { name: 'Complete test payment' }).click();

  await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible();
  await expect(page.getByText('Welcome to ListSync Pro. Your subscription is now active.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();

  await expect(page.getByTestId('tier-badge')).toHaveText('Pro');
  await expect(page.getByTestId('lists-usage')).toHaveText('5 / 100');
  await expect(page.getByTestId('plan-status')).toContainText('Trial ends');
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();

  await page.getByRole('button', { name: 'New Checklist' }).click();
  await page.getByLabel('Checklist Name').fill('Sixth, on Pro');
  await page.getByRole('button', { name: 'Add Task' }).click();
  await page.getByLabel('Task 1 description').fill('Check the smoke alarm');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Checklist created successfully');
  await expect(page.getByTestId('lists-usage')).toHaveText('6 / 100');
  expect(await listChecklists(page)).toHaveLength(6);

  // The path was counted, with nothing personal in it.
  const analytics = (await (await page.request.get('/api/dev/analytics')).json()) as {
    events: { name: string; props: Record<string, unknown> }[];
  };
  const names = analytics.events.map((event) => event.name);
  for (const name of [
    'upgrade_clicked',
    'checkout_started',
    'subscription_success',
    'checklist_created',
    'pageview',
  ]) {
    expect(names).toContain(name);
  }
  expect(JSON.stringify(analytics.events)).not.toContain('@example.com');
});

test('Cancel on the test checkout leads to the cancel page and back to pricing', async ({ page }) => {
  await signInAs(page);
  await page.goto('/pricing');
  await page
    .getByRole('group', { name: 'Enterprise' })
    .getByRole('button', { name: 'Start 30-day free trial' })
    .click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\//);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL('/subscription/cancel');
  await expect(page.getByRole('heading', { name: 'Subscription Cancelled' })).toBeVisible();
  await expect(page.getByText('Your subscription was not processed.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Pricing' }).click();
  await expect(page).toHaveURL('/pricing');
  await expect(page.getByTestId('current-plan')).toContainText('Free');
});

test('the portal: a failed payment shows the banner; cancel now returns to Free with every checklist kept', async ({
  page,
}) => {
  await signInAs(page);
  await buyProfessional(page);
  await seed(page, 6);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL('/billing/test-portal');
  await expect(page.getByTestId('portal-subscription')).toContainText('Pro');

  await page.getByRole('button', { name: 'Simulate failed payment' }).click();
  await expect(page.getByTestId('portal-subscription')).toContainText('Payment failed');
  await page.getByRole('link', { name: 'Return to ListSync' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Your last payment failed.' });
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('tier-badge')).toHaveText('Pro');

  await banner.getByRole('button', { name: 'Fix payment' }).click();
  await expect(page).toHaveURL('/billing/test-portal');
  await page.getByRole('button', { name: 'Cancel now' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel now' }).click();
  await expect(page.getByTestId('portal-subscription')).toContainText('Cancelled');
  await page.getByRole('link', { name: 'Return to ListSync' }).click();

  await expect(page.getByTestId('tier-badge')).toHaveText('Free');
  await expect(page.getByTestId('lists-usage')).toHaveText('6 / 5');
  await expect(page.getByTestId('over-limit')).toContainText('Every checklist is kept');
  await expect(page.getByRole('alert').filter({ hasText: 'Your last payment failed.' })).toHaveCount(0);
  await page.getByRole('button', { name: 'New Checklist' }).click();
  await expect(page.getByTestId('toast')).toContainText('Checklist Limit Reached');
  await expect(page).toHaveURL('/pricing');
  expect(await listChecklists(page)).toHaveLength(6);
});
