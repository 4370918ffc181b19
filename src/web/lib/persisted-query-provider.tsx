import { IsRestoringProvider, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
} from '@tanstack/react-query-persist-client';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { whenHydrated } from './hydration-pieces.tsx';
import { type FlushablePersister, persistOnChange } from './persist-on-change.ts';

/**
 * TanStack's PersistQueryClientProvider, but it says "restored" in a transition. A prerendered page
 * hydrates its shell first and each Suspense boundary (the page itself) a moment later; an update
 * that reaches a boundary not yet hydrated makes React hydrate it at once, at the update's priority.
 * The library's plain setState (default priority) did that to the whole page in one task, up to
 * 500 ms on a phone (Lighthouse mobile TBT, issue 15); in a transition React still works in slices.
 * Preact (decision 0070) has no slices: there a transition is a plain call.
 * Otherwise the same: queries wait (`useIsRestoring`) until the kept cache is restored and the
 * prerendered page hydrated, and the cache is persisted from then on, once per burst of changes
 * (lib/persist-on-change.ts).
 */
export function PersistedQueryClientProvider({
  client,
  persistOptions,
  children,
}: {
  client: QueryClient;
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> & { persister: FlushablePersister };
  children: ReactNode;
}) {
  const [restoring, setRestoring] = useState(true);
  const options = useRef(persistOptions);
  options.current = persistOptions;
  const restored = useRef(false);
  useEffect(() => {
    // The persister's package has its own copy of query-core's types (the same client at run time).
    const settings = { ...options.current, queryClient: client } as unknown as PersistQueryClientOptions;
    if (!restored.current) {
      restored.current = true;
      // Let in once every piece of a prerendered page is hydrated (lib/hydration-pieces.tsx): a piece
      // hydrated after an answer reached it would keep the prerendered placeholders' attributes.
      void persistQueryClientRestore(settings)
        .catch(() => undefined)
        .finally(() => whenHydrated(() => startTransition(() => setRestoring(false))));
    }
    return restoring ? undefined : persistOnChange({ ...options.current, queryClient: client });
  }, [client, restoring]);
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
