import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState } from 'react';
import { AppHeader } from './components/app-header.tsx';
import { ToastProvider } from './components/ui/toast.tsx';
import { AuthProvider } from './hooks/use-auth.tsx';
import { createQueryClient, createQueryPersister } from './lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

/** Bumped when the shape of cached data changes, so an old persisted cache is thrown away. */
const CACHE_BUSTER = 'v1';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [persister] = useState(createQueryPersister);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, buster: CACHE_BUSTER, maxAge: 24 * 60 * 60 * 1000 }}
    >
      <ToastProvider>
        <AuthProvider>
          <div className="flex min-h-dvh flex-col bg-slate-50">
            <AppHeader />
            <AppRoutes />
          </div>
        </AuthProvider>
      </ToastProvider>
    </PersistQueryClientProvider>
  );
}
