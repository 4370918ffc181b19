import { test as base, expect, type Page } from '@playwright/test';

export interface Account {
  email: string;
  displayName: string;
}

/** A unique account per test, so parallel tests never share data. */
export function uniqueAccount(name = 'Test User'): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { email: `user-${id}@example.com`, displayName: name };
}

/** Signs the page's browser context in through the local-mode API (same session path as the popup). */
export async function signInAs(page: Page, account: Account = uniqueAccount()): Promise<Account> {
  const response = await page.request.post('/api/dev/login', { data: account });
  expect(response.ok(), `dev login answered ${response.status()}`).toBeTruthy();
  return account;
}

/** Records the page's console errors and uncaught errors, except those matching `allow`. */
export function collectConsoleErrors(page: Page, allow: readonly RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!allow.some((pattern) => pattern.test(text))) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Every test fails on a console error or an uncaught page error (docs/how-we-write-code.md "Tests"), which also catches
 * Content-Security-Policy violations. Tests that provoke an expected error can allow it by pattern.
 * A page opened in another context (a second browser) is watched with collectConsoleErrors.
 */
export const test = base.extend<{ consoleErrors: string[]; allowConsoleErrors: RegExp[] }>({
  // Pages are prerendered (decision 0016): a press before the page's code runs is lost, for a test as
  // for a person. After each goto to one of the app's pages, the test waits until the code runs
  // (src/web/main.tsx marks <html data-app-running>, the code screen's and the landing page's own
  // scripts data-code-screen-running and data-landing-running); the server's own pages (/api, /oidc) have none.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const path = new URL(page.url()).pathname;
      if (!/^\/(api|oidc)\//.test(path)) {
        await page
          .locator('html[data-app-running], html[data-code-screen-running], html[data-landing-running]')
          .waitFor({ state: 'attached', timeout: 15_000 })
          .catch(() => undefined);
      }
      return response;
    };
    await use(page);
  },
  allowConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors = collectConsoleErrors(page, allowConsoleErrors);
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
