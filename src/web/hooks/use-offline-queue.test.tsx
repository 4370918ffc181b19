import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Checklist, Task } from '#domain/checklist';
import { aChecklist } from '#tests/support/checklist-fixtures';
import { act, cleanup, render, waitFor } from '#tests/support/preact-testing-library';
import { ToastProvider } from '../components/ui/toast.tsx';
import { ApiError } from '../lib/api.ts';
import { keepNewestCopy, markRevision, revisionOf } from '../lib/copy-revisions.ts';
import { writeChecklistAt } from '../sync/checklist-slot.ts';
import {
  checklistKeys,
  memoryBlobStore,
  memoryOpStore,
  type OfflineQueue,
  type OpAnswer,
  type OpTransport,
  ownerChecklistSlot,
} from '../sync/index.ts';
import { OfflineQueueProvider, useOfflineQueue } from './use-offline-queue.tsx';

/**
 * When the offline queue, once empty, reads a checklist again (issue 15): only where its cached copy
 * may be behind. A tick answered with its revision is written (or not, when the copy is newer) and
 * needs no read; a refusal, a photo's answer (a task), an answer with no revision (a replay), a copy
 * of unknown revision, a read cancelled on its way, or a queue held back, each do.
 */

const KEY = checklistKeys.detail('checklist_1');
const OWNER = { kind: 'owner' } as const;

const task = (id: string, completed = false): Task => ({
  id,
  description: `Task ${id}`,
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

function checklistWith(done: string[], updatedAt = '2026-01-01T00:00:00.000Z'): Checklist {
  const tasks = ['t1', 't2', 't3'].map((id) => task(id, done.includes(id)));
  return aChecklist({
    name: 'Turnover',
    status: done.length === 0 ? 'not-started' : 'in-progress',
    progress: Math.round((done.length / 3) * 100),
    tasks,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt,
  });
}

/** The server's side: its copy of the checklist at a revision, and how it answers the queue. */
let onServer: { checklist: Checklist; revision: number };
let reads = 0;
/** While set, a read waits for it (a read still on its way). */
let readGate: Promise<void> | null = null;
let answer: (op: unknown) => Promise<OpAnswer>;

/** The server applies the change: its copy moves on to `checklist`, at the next revision. */
function applied(checklist: Checklist, revision: number | null): OpAnswer {
  onServer = { checklist, revision: onServer.revision + 1 };
  return { result: checklist, revision };
}

const transport: OpTransport = { send: (op) => answer(op) };

function Page({ onQueue }: { onQueue(queue: OfflineQueue): void }) {
  onQueue(useOfflineQueue());
  useQuery({
    queryKey: KEY,
    queryFn: async () => {
      reads += 1;
      const asRead = { ...onServer };
      if (readGate) await readGate;
      return markRevision(structuredClone(asRead.checklist), asRead.revision);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return null;
}
/** The page with its copy read once (or, with `kept`, a copy kept from an earlier visit, not read). */
async function openPage(kept?: Checklist) {
  reads = 0;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, structuralSharing: keepNewestCopy } },
  });
  if (kept) queryClient.setQueryData(KEY, kept);
  let queue: OfflineQueue | null = null;
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()} transport={transport}>
          <Page
            onQueue={(q) => {
              queue = q;
            }}
          />
        </OfflineQueueProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(queryClient.getQueryData(KEY)).toBeDefined());
  if (!queue) throw new Error('no queue');
  return { queryClient, queue: queue as OfflineQueue };
}

/** Lets the queue drain and whatever it asks for start. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

function tick(queue: OfflineQueue, taskId = 't1') {
  return act(() => queue.enqueue('checklist_1', OWNER, { kind: 'toggle', taskId, completed: true }));
}

afterEach(() => {
  // Each page goes with its test: React work still scheduled once the file's window is gone throws
  // ('window is not defined', seen once in a full run).
  cleanup();
  vi.restoreAllMocks();
  readGate = null;
});

describe('after a tick answered with its revision', () => {
  it('writes the answer and does not read the checklist again', async () => {
    onServer = { checklist: checklistWith([]), revision: 3 };
    const { queryClient, queue } = await openPage();
    expect(reads).toBe(1);
    const answered = checklistWith(['t1'], '2026-01-01T00:01:00.000Z');
    answer = async () => applied(answered, 4);
    expect((await tick(queue)).status).toBe('applied');
    await settle();
    expect(queryClient.getQueryData(KEY)).toEqual(answered);
    expect(revisionOf(queryClient.getQueryData(KEY))).toBe(4);
    expect(reads).toBe(1);
  });

  it('leaves a copy a live update made newer alone (it has the tick and more), and reads nothing', async () => {
    onServer = { checklist: checklistWith([]), revision: 3 };
    const { queryClient, queue } = await openPage();
    let release: () => void = () => undefined;
    answer = () =>
      new Promise((resolve) => {
        release = () => resolve({ result: checklistWith(['t1'], '2026-01-01T00:01:00.000Z'), revision: 4 });
      });
    const sent = tick(queue);
    // While the tick's answer is on its way, a recipient ticks t2: the live update (revision 5) has both.
    const live = checklistWith(['t1', 't2'], '2026-01-01T00:02:00.000Z');
    act(() => {
      writeChecklistAt(queryClient, ownerChecklistSlot('checklist_1'), live, 5);
    });
    release();
    expect((await sent).status).toBe('applied');
    await settle();
    expect(queryClient.getQueryData(KEY)).toEqual(live);
    expect(revisionOf(queryClient.getQueryData(KEY))).toBe(5);
    expect(reads).toBe(1);
  });
});

describe('the checklist is read again once the queue is empty', () => {
  it('after a refusal', async () => {
    onServer = { checklist: checklistWith([]), revision: 3 };
    const { queue } = await openPage();
    answer = async () => {
      throw new ApiError(404, 'Not Found', JSON.stringify({ error: { code: 'not_found', message: 'Gone' } }));
    };
    expect((await tick(queue)).status).toBe('rejected');
    await waitFor(() => expect(reads).toBe(2));
  });

  it('after a photo upload (its answer is the task, not the checklist)', async () => {
    onServer = { checklist: checklistWith([]), revision: 3 };
    const { queryClient, queue } = await openPage();
    const photographed = { ...task('t1', true), photoUrl: '/api/photos/p1' };
    answer = async () => {
      const [, ...rest] = checklistWith(['t1'], '2026-01-01T00:01:00.000Z').tasks;
      applied({ ...checklistWith(['t1'], '2026-01-01T00:01:00.000Z'), tasks: [photographed, ...rest] }, null);
      return { result: photographed, revision: null };
    };
    const outcome = await act(() =>
      queue.enqueue(
        'checklist_1',
        OWNER,
        { kind: 'photo', taskId: 't1', fileName: 'proof.jpg', fileType: 'image/jpeg' },
        new Blob(['jpeg'], { type: 'image/jpeg' }),
      ),
    );
    expect(outcome.status).toBe('applied');
    await waitFor(() => expect(reads).toBe(2));
    expect(queryClient.getQueryData<Checklist>(KEY)?.tasks[0]?.photoUrl).toBe('/api/photos/p1');
  });

  it('after an answer that names no revision (a replay of a lost answer)', async () => {
    onServer = { checklist: checklistWith([]), revision: 3 };
    const { queryClient, queue } = await openPage();
    const replayed = checklistWith(['t1'], '2026-01-01T00:01:00.000Z');
    answer = async () => applied(replayed, null);
    await tick(queue);
    await waitFor(() => expect(reads).toBe(2));
    expect(queryClient.getQueryData(KEY)).toEqual(replayed);
  });

  it('after writing over a copy of unknown revision (kept from an earlier visit)', async () => {
    onServer = { checklist: checklistWith([]), revision: 3 };
    const { queryClient, queue } = await openPage(checklistWith([]));
    expect(reads).toBe(0);
    answer = async () => applied(checklistWith(['t1'], '2026-01-01T00:01:00.000Z'), 4);
    await tick(queue);
    expect(queryClient.getQueryData<Checklist>(KEY)?.tasks[0]?.completed).toBe(true);
    await waitFor(() => expect(reads).toBe(1));
  });

  it('when a read was on its way as the answer came (it is dropped)', async () => {
    onServer = { checklist: checklistWith([]), revision: 3 };
    const { queryClient, queue } = await openPage();
    let open: () => void = () => undefined;
    readGate = new Promise((resolve) => {
      open = resolve;
    });
    // A refetch (focus, say) is on its way when the answer comes.
    void queryClient.refetchQueries({ queryKey: KEY, exact: true });
    expect(queryClient.isFetching({ queryKey: KEY, exact: true })).toBe(1);
    answer = async () => applied(checklistWith(['t1'], '2026-01-01T00:01:00.000Z'), 4);
    await tick(queue);
    readGate = null;
    open();
    await waitFor(() => expect(reads).toBe(3));
    expect(queryClient.getQueryData<Checklist>(KEY)?.tasks[0]?.completed).toBe(true);
  });

  it('when the queue was held back (offline), though its answers were placed', async () => {
    onServer = { checklist: checklistWith([]), revision: 3 };
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { queryClient, queue } = await openPage();
    answer = async () => applied(checklistWith(['t1'], '2026-01-01T00:01:00.000Z'), 4);
    expect((await tick(queue)).status).toBe('queued');
    online.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(reads).toBe(2));
    expect(revisionOf(queryClient.getQueryData(KEY))).toBe(4);
  });
});
