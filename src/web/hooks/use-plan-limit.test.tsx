import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NO_SUBSCRIPTION, PLAN_LIMIT_TITLE, type SubscriptionInfo } from '#domain/plans';
import { act, fireEvent, render, screen, waitFor } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { ToastProvider } from '../components/ui/toast.tsx';
import { memoryBlobStore, memoryOpStore } from '../sync/index.ts';
import { AuthProvider } from './use-auth.tsx';
import { subscriptionKey } from './use-checklists.ts';
import { OfflineQueueProvider } from './use-offline-queue.tsx';
import { usePlanLimit } from './use-plan-limit.ts';

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({}));

const USER = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann Lee' };
const FULL: SubscriptionInfo = {
  tier: 'free',
  usage: { listSyncCount: 5 },
  limits: { maxLists: 5 },
  storage: { usedBytes: 0, limitBytes: 1073741824 },
  allowedLanguages: ['en', 'es'],
  ...NO_SUBSCRIPTION,
};

/** What holds the hook (the dashboard): how often it was drawn, and a button that asks for room. */
function Holder({ renders }: { renders: { count: number } }) {
  renders.count += 1;
  const limit = usePlanLimit();
  const [room, setRoom] = useState('not asked');
  return (
    <button type="button" onClick={() => void limit.hasRoom().then((answer) => setRoom(String(answer)))}>
      Room: {room}
    </button>
  );
}

describe('the plan limit', () => {
  it('does not draw its page again when the plan arrives, and a click still checks the newest answer', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let planAsked = 0;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/auth/me')) return jsonResponse(200, { user: USER });
      if (url.startsWith(`/api/user/${USER.uid}/subscription`)) {
        planAsked += 1;
        await held;
        return jsonResponse(200, FULL);
      }
      return jsonResponse(200, {});
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { hook, history } = memoryLocation({ path: '/dashboard', record: true });
    const renders = { count: 0 };
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()}>
            <AuthProvider>
              <Router hook={hook}>
                <Holder renders={renders} />
              </Router>
            </AuthProvider>
          </OfflineQueueProvider>
        </ToastProvider>
      </QueryClientProvider>,
    );
    // Signed in: the plan is asked for (the hook's own query).
    await waitFor(() => expect(planAsked).toBe(1));
    const before = renders.count;
    await act(async () => {
      release();
      await held;
    });
    await waitFor(() => expect(client.getQueryData(subscriptionKey(USER.uid))).toEqual(FULL));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(renders.count).toBe(before);

    // At the limit: the click confirms it with the server, says so and goes to the plans.
    fireEvent.click(screen.getByRole('button', { name: /Room/ }));
    expect(await screen.findByRole('button', { name: 'Room: false' })).toBeTruthy();
    expect(planAsked).toBe(2);
    expect((await screen.findByTestId('toast')).textContent).toContain(PLAN_LIMIT_TITLE);
    expect(history.at(-1)).toBe('/pricing');
  });
});
