import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { getQueryFn, isApiError } from './api.ts';
import { keepNewestCopy } from './copy-revisions.ts';
import type { FlushablePersister } from './persist-on-change.ts';

export const QUERY_CACHE_KEY = 'LISTSYNC_QUERY_CACHE';
/** Bumped when the shape of cached data changes, so an old persisted cache is thrown away. */
export const CACHE_BUSTER = 'v2'; // v2: the dashboard list is cached as pages (decision 0063)

const MINUTE = 60_000;

/**
 * How long what is needed to work offline is kept: a week, so a checklist opened on Monday still opens
 * in a basement on Friday. It is the persisted cache's max age, and the gcTime of the queries a person
 * works from offline (a checklist, the dashboard list, a share's copy); everything else keeps the
 * spec's 30 minutes.
 */
export const OFFLINE_KEEP_MS = 7 * 24 * 60 * MINUTE;

/**
 * Retries are for failures that may pass (network, 5xx, 429), never for a 4xx answer that will be
 * the same next time: retrying a 404 three times would only delay the Not Found view by 7 seconds.
 */
function shouldRetry(maxRetries: number) {
  return (failureCount: number, error: unknown) => {
    if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
    return failureCount < maxRetries;
  };
}

/** Drawn on the server (src/web/prerender.tsx): a client per page drawn, nothing to listen to. */
const onServer = typeof window === 'undefined';

/** Spec section 9: fresh 5 min, kept 30 min, no polling, refetch on focus, 3 query / 2 mutation retries. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 5 * MINUTE,
        // On the server no timer may keep a drawn page's client (and a recipient's checklist) alive
        // after the request: Infinity schedules none, and the client goes with the render.
        gcTime: onServer ? Number.POSITIVE_INFINITY : 30 * MINUTE,
        refetchInterval: false,
        refetchOnWindowFocus: true,
        retry: shouldRetry(3),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        // TanStack's structural sharing, but a checklist copy older than the one held never replaces it.
        structuralSharing: keepNewestCopy,
      },
      mutations: {
        retry: shouldRetry(2),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });

  if (onServer) return client;

  // React Query believes it is online until an 'offline' event: a page opened with no network must
  // start offline, so its queries pause (and show the persisted copy) instead of failing.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

  // Back online: paused mutations resume (React Query does that), then every query is refreshed.
  onlineManager.subscribe((online) => {
    if (!online) return;
    void client.resumePausedMutations().then(() => client.invalidateQueries());
  });
  return client;
}

/**
 * The cache persisted in localStorage under LISTSYNC_QUERY_CACHE, read at start-up. Given at most once
 * a second (lib/persist-on-change.ts) and written in the task after, and at once when the page is hidden
 * or left: a checklist opened a moment before the tab was closed (or the phone put it away) would
 * otherwise not be there offline next time. Only what the persister was given is written, so nothing
 * is written before the kept copy has been read.
 */
export function createQueryPersister(): FlushablePersister {
  const storage = typeof window === 'undefined' ? undefined : window.localStorage;
  const persister = createSyncStoragePersister({ key: QUERY_CACHE_KEY, storage, throttleTime: 0 });
  let latest: PersistedClient | null = null;
  const writeNow = () => {
    if (!latest) return;
    try {
      storage?.setItem(QUERY_CACHE_KEY, JSON.stringify(latest));
    } catch {
      // full or unavailable: the throttled write tries again
    }
    latest = null;
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', writeNow);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && writeNow());
  }
  return {
    ...persister,
    persistClient: (client) => {
      latest = client;
      return persister.persistClient(client);
    },
    writeNow,
  };
}

export function clearPersistedQueryCache(): void {
  try {
    window.localStorage.removeItem(QUERY_CACHE_KEY);
  } catch {
    // storage unavailable: nothing persisted
  }
}
