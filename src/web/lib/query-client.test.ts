import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, OFFLINE_KEEP_MS } from './query-client.ts';

afterEach(() => vi.useRealTimers());

describe('the query client drawn on the server (no window: src/web/prerender.tsx)', () => {
  it("keeps no timer, so a recipient's checklist drawn for one request is not held after it", () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    client.setQueryData(['/api/shared/checklist', 'tok', 'en'], { checklist: { name: 'Cabin' } });
    // An observer as the page's useQuery makes one, with the copy's own keeping time.
    new QueryObserver(client, {
      queryKey: ['/api/shared/checklist', 'tok', 'en'],
      gcTime: OFFLINE_KEEP_MS,
    }).getOptimisticResult(client.defaultQueryOptions({ queryKey: ['/api/shared/checklist', 'tok', 'en'] }));
    expect(vi.getTimerCount()).toBe(0);
  });
});
