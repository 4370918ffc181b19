import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useState } from 'react';
import { AppHeader } from './components/app-header.tsx';
import { OfflineBanner } from './components/offline-banner.tsx';
import { ToastProvider } from './components/ui/toast.tsx';
import { AuthProvider } from './hooks/use-auth.tsx';
import { OfflineQueueProvider } from './hooks/use-offline-queue.tsx';
import { createQueryClient, createQueryPersister, OFFLINE_KEEP_MS } from './lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

// The service worker's registration and its update prompt come after the first render (not in the
// entry chunk: the shared page's first load has a budget).
const UpdatePrompt = lazy(() => import('./components/update-prompt.tsx'));

/** Bumped when the shape of cached data changes, so an old persisted cache is thrown away. */
const CACHE_BUSTER = 'v1';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [persister] = useState(createQueryPersister);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, buster: CACHE_BUSTER, maxAge: OFFLINE_KEEP_MS }}
    >
      <ToastProvider>
        <OfflineQueueProvider>
          <AuthProvider>
            <div className="flex min-h-dvh flex-col bg-slate-50">
              <AppHeader />
              <OfflineBanner />
              <AppRoutes />
            </div>
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          </AuthProvider>
        </OfflineQueueProvider>
      </ToastProvider>
    </PersistQueryClientProvider>
  );
}
