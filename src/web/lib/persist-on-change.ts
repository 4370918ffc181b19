import type { QueryClient } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import { type PersistQueryClientOptions, persistQueryClientSave } from '@tanstack/react-query-persist-client';

/** A persister that can write what it holds at once (lib/query-client.ts, createQueryPersister). */
export type FlushablePersister = Persister & { writeNow?: () => void };

/** What the cache is persisted with: the library's options, with our persister. */
export interface PersistSettings {
  queryClient: QueryClient;
  persister: FlushablePersister;
  buster?: string;
}

/** The cache's changes persisted at most once in this long, the persister's own throttle. */
export const PERSIST_EVERY_MS = 1000;

/** The cache events that change what is persisted (TanStack's own list: observers' events do not). */
const CHANGES = new Set(['added', 'removed', 'updated']);

/**
 * TanStack's `persistQueryClientSubscribe`, but the cache is dehydrated once per burst of changes, in
 * a task of its own a moment later, not at every change. The library dehydrates the whole cache at
 * each event (a query added, each fetch's start and its answer): some thirty times while the
 * dashboard loads, a share of every answer's task on a phone (`bench:trace`), when the persister
 * writes at most once a second anyway. When the page is hidden or left, what changed is written at
 * once. Returns the unsubscribe function.
 */
export function persistOnChange(settings: PersistSettings): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    // The persister's package has its own copy of query-core's types (the same client at run time).
    void persistQueryClientSave(settings as unknown as PersistQueryClientOptions);
  };
  const changed = (event: { type: string }) => {
    if (!CHANGES.has(event.type) || timer !== undefined) return;
    timer = setTimeout(save, PERSIST_EVERY_MS);
  };
  const saveNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
    settings.persister.writeNow?.();
  };
  const onHidden = () => document.visibilityState === 'hidden' && saveNow();
  const unsubscribers = [
    settings.queryClient.getQueryCache().subscribe(changed),
    settings.queryClient.getMutationCache().subscribe(changed),
  ];
  window.addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    window.removeEventListener('pagehide', saveNow);
    document.removeEventListener('visibilitychange', onHidden);
    // What changed before the end is still saved, as the library's subscription would have.
    if (timer !== undefined) {
      clearTimeout(timer);
      save();
    }
  };
}
