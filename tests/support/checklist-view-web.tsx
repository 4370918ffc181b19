import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { ToastProvider } from '#web/components/ui/toast.tsx';
import { OfflineQueueProvider } from '#web/hooks/use-offline-queue.tsx';
import { ChecklistView } from '#web/pages/checklist/checklist-view.tsx';
import { type ChecklistQuerySlot, memoryBlobStore, memoryOpStore } from '#web/sync/index.ts';
import { render } from './preact-testing-library.ts';

/** The view over whatever the cache holds, as the owner's page and the shared page show it. */
function CachedView({ slot }: { slot: ChecklistQuerySlot }) {
  const client = useQueryClient();
  // Subscribes to the cached entry (never fetched here), so every change to it renders again.
  useQuery({ queryKey: slot.key, queryFn: () => new Promise<never>(() => {}), enabled: false });
  const checklist = slot.read(client);
  return checklist ? <ChecklistView checklist={checklist} slot={slot} /> : null;
}

/**
 * A checklist's view with the real offline queue (in memory) and query cache, which `seed` fills
 * first; the view draws what the cache holds for `slot`. Returns the query client.
 */
export function renderCachedChecklistView(slot: ChecklistQuerySlot, seed: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed(client);
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()}>
          <CachedView slot={slot} />
        </OfflineQueueProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return client;
}
