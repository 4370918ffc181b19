import type { Page, Request } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Helpers of the offline browser tests: ready to go offline, and what the page sends once back. */

/** The page's service worker is active (its install precached the shell) and the cache holds `text`. */
export async function readyForOffline(page: Page, cachedText: string) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('LISTSYNC_QUERY_CACHE') ?? ''))
    .toContain(cachedText);
}

export type SentWrite = { method: string; path: string; key: string | null };

/** The API writes the page sends that `include` picks, with their Idempotency-Key. */
export function recordWrites(page: Page, include: (method: string, path: string) => boolean): SentWrite[] {
  const writes: SentWrite[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!include(request.method(), pathname)) return;
    writes.push({
      method: request.method(),
      path: pathname,
      key: request.headers()['idempotency-key'] ?? null,
    });
  });
  return writes;
}

/** Every key well formed, and one per write. */
export function expectOneKeyEach(writes: readonly SentWrite[]) {
  const keys = writes.map((write) => write.key);
  expect(keys.every((key) => key && /^[A-Za-z0-9_-]{16,100}$/.test(key))).toBe(true);
  expect(new Set(keys).size).toBe(writes.length);
}
