import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api.ts';

afterEach(async () => {
  // The turns left run out, so that the next test's first read is the first of its task.
  await vi.runAllTimersAsync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function aFetch() {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    urls.push(url);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return urls;
}

describe('reads asked for in one task', () => {
  it('start one per task, in the order asked', async () => {
    vi.useFakeTimers();
    const urls = aFetch();
    const reads = ['/api/auth/me', '/api/checklists', '/api/dashboard/stats'].map((url) =>
      apiRequest('GET', url),
    );
    // The first at once; the next in the following task, and so on.
    await Promise.resolve();
    expect(urls).toEqual(['/api/auth/me']);
    await vi.advanceTimersToNextTimerAsync();
    expect(urls).toEqual(['/api/auth/me', '/api/checklists']);
    await vi.advanceTimersToNextTimerAsync();
    expect(urls).toEqual(['/api/auth/me', '/api/checklists', '/api/dashboard/stats']);
    await Promise.all(reads);
  });

  it('the first read of a task and every write start at once', async () => {
    vi.useFakeTimers();
    const urls = aFetch();
    void apiRequest('GET', '/api/checklists');
    void apiRequest('POST', '/api/checklists', { name: 'Cabin' });
    void apiRequest('DELETE', '/api/checklists/c1');
    expect(urls).toEqual(['/api/checklists', '/api/checklists', '/api/checklists/c1']);
  });
});
