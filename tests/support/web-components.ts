import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '#domain/site';
import { cleanup } from '#tests/support/preact-testing-library';

/** For component tests in jsdom (vitest project 'web'): the server's answers, the page's config. */

/** A JSON answer as our API gives it. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Writes the public config into the page as the server writes it into index.html (read once, first). */
export function writePublicConfig(config: Partial<PublicConfig>): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PUBLIC_CONFIG_ELEMENT_ID;
  element.textContent = JSON.stringify(config);
  document.head.append(element);
}

/**
 * A fresh `fetch` mock for each test of the file, with the rendered tree, fake timers and globals
 * undone after it. Warnings the code logs on purpose are silenced: tests assert what the user sees.
 */
export function mockFetchEachTest(): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.mocked(console.warn).mockRestore();
  });
  return fetchMock;
}
