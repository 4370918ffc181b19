import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checklist, Task } from '#domain/checklist';
import type { SharedChecklistResponse } from '#domain/sharing';
import { aChecklist } from '#tests/support/checklist-fixtures';
import { fakeRealtimeEnvironment } from '#tests/support/fake-websocket';
import { act, cleanup, fireEvent, render, screen, waitFor } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest } from '#tests/support/web-components';
import { ConnectionStatus } from '../components/connection-status.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { ChecklistView } from '../pages/checklist/checklist-view.tsx';
import {
  checklistKeys,
  DASHBOARD_REFRESH_DEBOUNCE_MS,
  memoryBlobStore,
  memoryOpStore,
  ownerChecklistSlot,
  RealtimeClient,
  STATS_KEY,
  sharedChecklistSlot,
  sharedKeys,
} from '../sync/index.ts';
import { useChecklist } from './use-checklists.ts';
import { useLiveChecklist, useLiveDashboard } from './use-live-updates.ts';
import { OfflineQueueProvider } from './use-offline-queue.tsx';

/**
 * Live updates as the owner and a recipient see them: the server's copy replaces what the page shows,
 * never the box the user has just ticked, never with an older copy; a (re)subscription refetches.
 */

const fetchMock = mockFetchEachTest();

const task = (id: string, description: string, completed = false): Task => ({
  id,
  description,
  completed,
  photoRequired: false,
  photoUrl: null,
  referencePhotoUrl: null,
  details: '',
  completedAt: completed ? '2026-01-02T00:00:00.000Z' : null,
  redoNote: null,
  photoCapturedAt: null,
  photoReceivedAt: null,
  photoCaptureSource: null,
  photoLocation: null,
});

function checklistWith(done: { keys?: boolean; bins?: boolean; floor?: boolean }): Checklist {
  const tasks = [
    task('t_keys', 'Collect the keys', done.keys),
    task('t_bins', 'Empty the bins', done.bins),
    task('t_floor', 'Mop the floor', done.floor),
  ];
  const progress = Math.round((tasks.filter((t) => t.completed).length / tasks.length) * 100);
  return aChecklist({
    name: 'Turnover',
    status: progress === 100 ? 'completed' : progress > 0 ? 'in-progress' : 'not-started',
    progress,
    tasks,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
}

let browser: ReturnType<typeof fakeRealtimeEnvironment>;
let realtime: RealtimeClient;
/** What the server holds: every GET of the checklist answers it. */
let onServer: Checklist;

beforeEach(() => {
  browser = fakeRealtimeEnvironment();
  realtime = new RealtimeClient({ ...browser.env, idleCloseMs: 0 });
  onServer = checklistWith({});
});

const gets = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === '/api/checklists/checklist_1' && !init?.method?.match(/PATCH/),
  ).length;

/** Lets the query cache tell the page (it notifies on the next tick). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

function renderWithClient(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()}>
          {children}
        </OfflineQueueProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

/** The owner's detail page, reduced to what live updates touch. */
function OwnerPage() {
  const checklist = useChecklist('checklist_1');
  const slot = ownerChecklistSlot('checklist_1');
  useLiveChecklist(checklist.data ? slot : null, {}, realtime);
  return checklist.data ? (
    <ChecklistView checklist={checklist.data} slot={slot} byline={<ConnectionStatus client={realtime} />} />
  ) : null;
}

/** The owner's page, its checklist read (with these headers on every read: a revision, say). */
async function openOwnerPage(headers: Record<string, string> = {}) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url === '/api/checklists/checklist_1' && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(200, onServer, headers);
    return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  const queryClient = renderWithClient(<OwnerPage />);
  await screen.findByRole('checkbox', { name: 'Collect the keys' });
  return queryClient;
}

/** Ticks the box; its answer waits until the returned function gives it. */
async function tickAnsweredLater(name: string): Promise<(response: Response) => Promise<void>> {
  let answerTick: (response: Response) => void = () => undefined;
  fetchMock.mockImplementationOnce(
    () =>
      new Promise<Response>((resolve) => {
        answerTick = resolve;
      }),
  );
  await act(async () => fireEvent.click(box(name)));
  return (response) => act(async () => answerTick(response));
}

describe('useLiveChecklist on the owner’s page', () => {
  it('subscribes, refetches on the acknowledgement, then shows each update without asking the server', async () => {
    await openOwnerPage();
    expect(screen.getByTestId('connection-status').textContent).toContain('Connecting…');
    act(() => browser.latest.open());
    expect(browser.latest.sent).toEqual([{ type: 'subscribe', checklistId: 'checklist_1' }]);
    expect(screen.getByTestId('connection-status').textContent).toContain('Live');

    // Someone ticked between the page's read and the subscription: the acknowledgement refetches it.
    onServer = checklistWith({ floor: true });
    const before = gets();
    act(() => browser.latest.receive({ type: 'subscribed', checklistId: 'checklist_1', revision: 4 }));
    await waitFor(() => expect(box('Mop the floor').checked).toBe(true));
    expect(gets()).toBe(before + 1);

    act(() =>
      browser.latest.receive({
        type: 'update',
        checklistId: 'checklist_1',
        revision: 5,
        data: { checklist: checklistWith({ floor: true, bins: true }), recipientId: 'share_1' },
      }),
    );
    await settle();
    expect(box('Empty the bins').checked).toBe(true);
    expect(screen.getByTestId('task-count').textContent).toBe('2 of 3 tasks complete');
    expect(gets()).toBe(before + 1);
  });

  it('does not refetch on the acknowledgement when its read already holds that revision', async () => {
    await openOwnerPage({ 'x-checklist-revision': '4' });
    act(() => browser.latest.open());
    const before = gets();
    act(() => browser.latest.receive({ type: 'subscribed', checklistId: 'checklist_1', revision: 4 }));
    await settle();
    expect(gets()).toBe(before);
    // A later revision at a (re)subscription: something may have been missed, so it asks.
    onServer = checklistWith({ keys: true });
    act(() => browser.latest.receive({ type: 'subscribed', checklistId: 'checklist_1', revision: 6 }));
    await waitFor(() => expect(box('Collect the keys').checked).toBe(true));
    expect(gets()).toBe(before + 1);
  });

  it('refetches the share list and the activity trail when told shares changed, not the checklist', async () => {
    const queryClient = await openOwnerPage();
    act(() => browser.latest.open());
    const shares = checklistKeys.shares('checklist_1');
    const activity = checklistKeys.activity('checklist_1');
    queryClient.setQueryData(shares, { shares: [] });
    queryClient.setQueryData(activity, { pages: [], pageParams: [] });
    queryClient.setQueryData(checklistKeys.shares('checklist_2'), { shares: [] });
    const before = gets();
    act(() => browser.latest.receive({ type: 'shares-changed', checklistId: 'checklist_1' }));
    await settle();
    expect(queryClient.getQueryState(shares)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(activity)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(checklistKeys.shares('checklist_2'))?.isInvalidated).toBe(false);
    expect(gets()).toBe(before);
  });

  it('ignores an update older than one already applied', async () => {
    await openOwnerPage();
    act(() => browser.latest.open());
    const update = async (revision: number, checklist: Checklist) => {
      act(() =>
        browser.latest.receive({
          type: 'update',
          checklistId: 'checklist_1',
          revision,
          data: { checklist, recipientId: null },
        }),
      );
      await settle();
    };
    await update(9, checklistWith({ keys: true, bins: true }));
    expect(box('Empty the bins').checked).toBe(true);
    await update(8, checklistWith({ keys: true }));
    await update(9, checklistWith({}));
    expect(box('Collect the keys').checked).toBe(true);
    expect(box('Empty the bins').checked).toBe(true);
  });

  it('never undoes the box the user just ticked; once the tick is saved the page is refetched', async () => {
    await openOwnerPage();
    act(() => browser.latest.open());
    const answerTick = await tickAnsweredLater('Collect the keys');
    expect(box('Collect the keys').checked).toBe(true);

    // A recipient's tick lands while ours is on its way; the server's copy does not have ours yet.
    act(() =>
      browser.latest.receive({
        type: 'update',
        checklistId: 'checklist_1',
        revision: 3,
        data: { checklist: checklistWith({ bins: true }), recipientId: 'share_1' },
      }),
    );
    await settle();
    expect(box('Collect the keys').checked).toBe(true);

    const before = gets();
    onServer = checklistWith({ keys: true, bins: true });
    await answerTick(jsonResponse(200, checklistWith({ keys: true })));
    // The answer to the tick did not know of the recipient's: the refetch once the queue is empty does.
    await waitFor(() => expect(gets()).toBe(before + 1));
    await waitFor(() => expect(box('Empty the bins').checked).toBe(true));
    expect(box('Collect the keys').checked).toBe(true);
  });

  it('with revisions: an answer older than an update is not written, and a saved tick is not refetched', async () => {
    await openOwnerPage({ 'x-checklist-revision': '1' });
    act(() => browser.latest.open());
    const before = gets();
    const answerTick = await tickAnsweredLater('Collect the keys');

    // Our tick committed (revision 2), then a recipient's (3): the update of 3 has both.
    act(() =>
      browser.latest.receive({
        type: 'update',
        checklistId: 'checklist_1',
        revision: 3,
        data: { checklist: checklistWith({ keys: true, bins: true }), recipientId: 'share_1' },
      }),
    );
    await settle();
    // The answer to our tick holds revision 2: older than what the page shows, so not written.
    await answerTick(jsonResponse(200, checklistWith({ keys: true }), { 'x-checklist-revision': '2' }));
    await settle();
    expect(box('Collect the keys').checked).toBe(true);
    expect(box('Empty the bins').checked).toBe(true);

    // The next tick's answer is the newest state: written, and nothing is read again.
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(200, checklistWith({ keys: true, bins: true, floor: true }), {
        'x-checklist-revision': '4',
      }),
    );
    await act(async () => fireEvent.click(box('Mop the floor')));
    await settle();
    expect(box('Mop the floor').checked).toBe(true);
    expect(screen.getByTestId('task-count').textContent).toBe('3 of 3 tasks complete');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(gets()).toBe(before);
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches).toHaveLength(2);
  });

  it('refetches when the server asks for a resync or says the checklist was deleted', async () => {
    await openOwnerPage();
    act(() => browser.latest.open());
    onServer = checklistWith({ keys: true });
    act(() => browser.latest.receive({ type: 'resync' }));
    await waitFor(() => expect(box('Collect the keys').checked).toBe(true));

    const before = gets();
    fetchMock.mockImplementation(async () =>
      jsonResponse(404, { error: { code: 'not_found', message: 'x' } }),
    );
    act(() => browser.latest.receive({ type: 'deleted', checklistId: 'checklist_1' }));
    await waitFor(() => expect(gets()).toBe(before + 1));
  });

  it('unsubscribes when the page goes', async () => {
    await openOwnerPage();
    act(() => browser.latest.open());
    const socket = browser.latest;
    cleanup();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', checklistId: 'checklist_1' });
    await waitFor(() => expect(socket.closedByClient).not.toBeNull());
  });
});

const token = 'tok_abc';
const shared = (checklist: Checklist): SharedChecklistResponse =>
  ({
    checklist: { ...checklist, userId: undefined },
    ownerName: 'Olivia',
    maskedContact: 'j***@example.com',
    targetLanguage: 'en',
    translated: false,
  }) as unknown as SharedChecklistResponse;

let sharedReads = 0;

function RecipientPage({ onAccessEnded }: { onAccessEnded(): void }) {
  const answer = useQuery({
    queryKey: sharedKeys.checklist(token),
    queryFn: () => {
      sharedReads += 1;
      return Promise.resolve(shared(onServer));
    },
  });
  const slot = sharedChecklistSlot(token, 'checklist_1');
  useLiveChecklist(answer.data ? slot : null, { onAccessEnded }, realtime);
  return answer.data ? <ChecklistView checklist={answer.data.checklist} slot={slot} /> : null;
}

describe('useLiveChecklist on the shared page', () => {
  it('writes the update into the share’s answer, and says when access has ended', async () => {
    const onAccessEnded = vi.fn();
    renderWithClient(<RecipientPage onAccessEnded={onAccessEnded} />);
    await screen.findByRole('checkbox', { name: 'Mop the floor' });
    act(() => browser.latest.open());
    act(() =>
      browser.latest.receive({
        type: 'update',
        checklistId: 'checklist_1',
        revision: 2,
        data: { checklist: checklistWith({ floor: true }), recipientId: null },
      }),
    );
    await settle();
    expect(box('Mop the floor').checked).toBe(true);
    expect(onAccessEnded).not.toHaveBeenCalled();

    act(() =>
      browser.latest.receive({
        type: 'error',
        checklistId: 'checklist_1',
        error: { code: 'verification_required', message: 'Access to this checklist has ended' },
      }),
    );
    expect(onAccessEnded).toHaveBeenCalledTimes(1);
  });

  it("asks again when the page's translation has landed, not for another language's", async () => {
    renderWithClient(<RecipientPage onAccessEnded={() => {}} />);
    await screen.findByRole('checkbox', { name: 'Mop the floor' });
    act(() => browser.latest.open());
    act(() => browser.latest.receive({ type: 'subscribed', checklistId: 'checklist_1', revision: 1 }));
    await waitFor(() => expect(sharedReads).toBeGreaterThan(0));
    await settle();
    const before = sharedReads;
    act(() =>
      browser.latest.receive({ type: 'translation-ready', checklistId: 'checklist_1', language: 'fr' }),
    );
    await settle();
    expect(sharedReads).toBe(before);
    act(() =>
      browser.latest.receive({ type: 'translation-ready', checklistId: 'checklist_1', language: 'en' }),
    );
    await waitFor(() => expect(sharedReads).toBe(before + 1));
  });
});

function Dashboard({
  listFetches,
  statsFetches,
}: {
  listFetches(): Promise<unknown>;
  statsFetches(): Promise<unknown>;
}) {
  useQuery({ queryKey: checklistKeys.list('user_1'), queryFn: listFetches });
  useQuery({ queryKey: STATS_KEY, queryFn: statsFetches });
  useLiveDashboard(realtime);
  return null;
}

describe('useLiveDashboard', () => {
  it('subscribes when the browser is idle, then refetches the list and the counters once for a burst of changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const listFetches = vi.fn(() => Promise.resolve([]));
    const statsFetches = vi.fn(() => Promise.resolve({}));
    renderWithClient(<Dashboard listFetches={listFetches} statsFetches={statsFetches} />);
    await waitFor(() => expect(listFetches).toHaveBeenCalledTimes(1));
    // The socket waits for the browser to be idle (jsdom has no requestIdleCallback: 200 ms).
    expect(browser.sockets).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    act(() => browser.latest.open());
    expect(browser.latest.sent).toEqual([{ type: 'subscribe-dashboard' }]);

    act(() => {
      browser.latest.receive({ type: 'dashboard-changed', checklistId: 'a' });
      browser.latest.receive({ type: 'dashboard-changed', checklistId: 'b' });
      browser.latest.receive({ type: 'dashboard-changed', checklistId: 'a' });
    });
    await act(() => vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_DEBOUNCE_MS - 50));
    expect(listFetches).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(listFetches).toHaveBeenCalledTimes(2));
    expect(statsFetches).toHaveBeenCalledTimes(2);
  });
});
