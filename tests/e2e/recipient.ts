import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { ShareResponse } from '#domain/sharing';
import { collectConsoleErrors, expect } from './fixtures.ts';

/**
 * The recipient's side of verified sharing, for browser tests: the owner (a signed-in page) shares
 * through the API; the recipient is a fresh context the size of a phone, with no account.
 */

export const CODE_DIALOG = 'Enter your verification code';
export const PHONE = { width: 375, height: 740 };

export async function shareByEmail(owner: Page, checklistId: string, email: string): Promise<ShareResponse> {
  const response = await owner.request.post('/api/verification/send', {
    data: { checklistId, email, recipientName: 'Jane', targetLanguage: 'en', consent: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ShareResponse;
}

export interface Recipient {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

/** A phone with no account. Failed calls the test provokes on purpose show as console errors: allowed. */
/** An address of TEST-NET-2 (RFC 5737), one per recipient browser. */
function recipientAddress(): string {
  return `198.51.100.${randomInt(1, 255)}`;
}

export async function openRecipient(
  browser: Browser,
  baseURL: string | undefined,
  allow: RegExp[] = [],
  /** Blocked unless a test is about them (as in playwright.config.ts). */
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<Recipient> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    serviceWorkers,
    // A phone of its own on its own network (playwright.config.ts trusts the loopback proxy): the
    // suite's recipients do not add up against one address's limits.
    extraHTTPHeaders: { 'X-Forwarded-For': recipientAddress() },
  });
  const page = await context.newPage();
  return { context, page, consoleErrors: collectConsoleErrors(page, allow) };
}

export async function closeRecipient(recipient: Recipient) {
  expect(recipient.consoleErrors, "console errors in the recipient's browser").toEqual([]);
  await recipient.context.close();
}

export const linkPath = (share: ShareResponse) =>
  new URL(share.shareUrl).pathname + new URL(share.shareUrl).search;

export async function enterCode(page: Page, code: string) {
  const dialog = page.getByRole('dialog', { name: CODE_DIALOG });
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
}
