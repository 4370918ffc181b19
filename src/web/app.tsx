import { Suspense, useState } from 'react';
import { AppHeader } from './components/app-header.tsx';
import { OfflineBanner } from './components/offline-banner.tsx';
import { PageViews } from './components/page-views.tsx';
import { SimulatedPaymentsBanner } from './components/simulated-payments-banner.tsx';
import { ToastProvider } from './components/ui/toast.tsx';
import { UpdatePrompt } from './components/update-prompt.tsx';
import { AuthProvider } from './hooks/use-auth.tsx';
import { OfflineQueueProvider } from './hooks/use-offline-queue.tsx';
import { HydrateLater } from './lib/hydration-pieces.tsx';
import { PersistedQueryClientProvider } from './lib/persisted-query-provider.tsx';
import {
  CACHE_BUSTER,
  createQueryClient,
  createQueryPersister,
  OFFLINE_KEEP_MS,
} from './lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [persister] = useState(createQueryPersister);
  return (
    <PersistedQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, buster: CACHE_BUSTER, maxAge: OFFLINE_KEEP_MS }}
    >
      {/* Hydrated in tasks of their own after the query client (lib/hydration-pieces.tsx): the
          providers, then the body. Each draws one element in the prerender (toasts, the update card
          and page views draw nothing there). */}
      <HydrateLater>
        <ToastProvider>
          <OfflineQueueProvider>
            <AuthProvider>
              <HydrateLater>
                <div className="flex min-h-dvh flex-col bg-slate-50">
                  <SimulatedPaymentsBanner />
                  <AppHeader />
                  {/* Its words come with the page's catalog; until then there is nothing it must say. */}
                  <Suspense fallback={null}>
                    <OfflineBanner />
                  </Suspense>
                  <AppRoutes />
                </div>
              </HydrateLater>
              <Suspense fallback={null}>
                <UpdatePrompt />
              </Suspense>
              <PageViews />
            </AuthProvider>
          </OfflineQueueProvider>
        </ToastProvider>
      </HydrateLater>
    </PersistedQueryClientProvider>
  );
}
