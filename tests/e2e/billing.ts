import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Buys Professional through local mode's test checkout, as a person would: the pricing card, then pay. */
export async function buyProfessional(page: Page) {
  await page.goto('/pricing');
  await page
    .getByRole('group', { name: 'Professional' })
    .getByRole('button', { name: 'Start 14-day free trial' })
    .click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\/cs_local_/);
  await expect(page.getByText('Test mode — no real card is charged.')).toBeVisible();
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible();
}
