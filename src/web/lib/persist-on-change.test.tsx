import { QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FlushablePersister, PERSIST_EVERY_MS, persistOnChange } from './persist-on-change.ts';

afterEach(() => vi.useRealTimers());

function aPersister() {
  const saved: PersistedClient[] = [];
  const persister = {
    persistClient: vi.fn((client: PersistedClient) => {
      saved.push(client);
    }),
    restoreClient: vi.fn(async () => undefined),
    removeClient: vi.fn(),
    writeNow: vi.fn(),
  } satisfies FlushablePersister;
  return { persister, saved };
}

describe('persistOnChange', () => {
  it('dehydrates the cache once for a burst of changes, a moment later', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const { persister, saved } = aPersister();
    const stop = persistOnChange({ queryClient, persister, buster: 'v2' });

    queryClient.setQueryData(['/api/checklists'], [{ id: 'c1' }]);
    queryClient.setQueryData(['/api/dashboard/stats'], { total: 1 });
    queryClient.setQueryData(['/api/checklists'], [{ id: 'c1' }, { id: 'c2' }]);
    expect(persister.persistClient).not.toHaveBeenCalled();

    vi.advanceTimersByTime(PERSIST_EVERY_MS);
    expect(persister.persistClient).toHaveBeenCalledTimes(1);
    expect(saved[0]?.buster).toBe('v2');
    expect(saved[0]?.clientState.queries.map((query) => query.queryKey)).toEqual([
      ['/api/checklists'],
      ['/api/dashboard/stats'],
    ]);
    expect(saved[0]?.clientState.queries[0]?.state.data).toEqual([{ id: 'c1' }, { id: 'c2' }]);

    // A later change is saved in turn.
    queryClient.setQueryData(['/api/dashboard/stats'], { total: 2 });
    vi.advanceTimersByTime(PERSIST_EVERY_MS);
    expect(persister.persistClient).toHaveBeenCalledTimes(2);
    stop();
  });

  it('writes what changed at once when the page is left', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const { persister, saved } = aPersister();
    const stop = persistOnChange({ queryClient, persister });

    window.dispatchEvent(new Event('pagehide'));
    expect(persister.persistClient).not.toHaveBeenCalled();

    queryClient.setQueryData(['/api/checklists/c1'], { id: 'c1' });
    window.dispatchEvent(new Event('pagehide'));
    expect(persister.persistClient).toHaveBeenCalledTimes(1);
    expect(persister.writeNow).toHaveBeenCalledTimes(1);
    expect(saved[0]?.clientState.queries[0]?.queryKey).toEqual(['/api/checklists/c1']);

    // Nothing is left to save a moment later.
    vi.advanceTimersByTime(PERSIST_EVERY_MS);
    expect(persister.persistClient).toHaveBeenCalledTimes(1);
    stop();
  });

  it('saves a pending change when it stops, and nothing after', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const { persister } = aPersister();
    const stop = persistOnChange({ queryClient, persister });
    queryClient.setQueryData(['/api/checklists'], []);
    stop();
    expect(persister.persistClient).toHaveBeenCalledTimes(1);
    queryClient.setQueryData(['/api/checklists'], [{ id: 'c1' }]);
    vi.advanceTimersByTime(PERSIST_EVERY_MS);
    expect(persister.persistClient).toHaveBeenCalledTimes(1);
  });
});
