import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, useRef, useState } from 'react';
import { AppHeader } from './components/app-header.tsx';
import { OfflineBanner } from './components/offline-banner.tsx';
import { ToastProvider } from './components/ui/toast.tsx';
import { UpdatePrompt } from './components/update-prompt.tsx';
import { AuthProvider } from './hooks/use-auth.tsx';
import { OfflineQueueProvider } from './hooks/use-offline-queue.tsx';
import {
  CACHE_BUSTER,
  createQueryClient,
  createQueryPersister,
  OFFLINE_KEEP_MS,
  persistQueryCacheNow,
} from './lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [persister] = useState(createQueryPersister);
  // Hidden or left: what the page has is kept on the device now, not up to a second later (once the
  // kept copy has been read: an empty cache must not overwrite it).
  const restored = useRef(false);
  useEffect(() => {
    const save = () => restored.current && persistQueryCacheNow(queryClient);
    const onVisibility = () => document.visibilityState === 'hidden' && save();
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient]);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, buster: CACHE_BUSTER, maxAge: OFFLINE_KEEP_MS }}
      onSuccess={() => {
        restored.current = true;
      }}
      onError={() => {
        restored.current = true;
      }}
    >
      <ToastProvider>
        <OfflineQueueProvider>
          <AuthProvider>
            <div className="flex min-h-dvh flex-col bg-slate-50">
              <AppHeader />
              <OfflineBanner />
              <AppRoutes />
            </div>
            <UpdatePrompt />
          </AuthProvider>
        </OfflineQueueProvider>
      </ToastProvider>
    </PersistQueryClientProvider>
  );
}
