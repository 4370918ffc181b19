import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { TEAM_MESSAGES } from '#domain/teams';
import { act, render, waitFor } from '#tests/support/preact-testing-library';
import { mockFetchEachTest } from '#tests/support/web-components';
import { ApiError } from '../lib/api.ts';
import {
  memoryBlobStore,
  memoryOpStore,
  type OfflineQueue,
  type OpTransport,
  type QueuedOp,
} from '../sync/index.ts';
import { OfflineQueueProvider, useOfflineQueue } from './use-offline-queue.tsx';
import { ToastContext, type ToastMessage } from './use-toast.ts';

/**
 * What the tab tells of refusals met in a team: a person removed from it hears the server's exact
 * words once, however many of their queued changes it refused; a refused assignment is always told
 * (the assignee field shows no error of its own).
 */

mockFetchEachTest();

const OWNER = { kind: 'owner' } as const;
const refusal = (status: number, code: string, message: string) =>
  new ApiError(status, '', JSON.stringify({ error: { code, message } }));

function Grab({ onQueue }: { onQueue(queue: OfflineQueue): void }) {
  onQueue(useOfflineQueue());
  return null;
}

function renderQueue(refuse: (op: QueuedOp) => unknown) {
  const sent: QueuedOp[] = [];
  const transport: OpTransport = {
    send: async (op) => {
      sent.push(op);
      throw refuse(op);
    },
  };
  const toasts: ToastMessage[] = [];
  const toast = vi.fn((message: ToastMessage) => void toasts.push(message));
  let queue: OfflineQueue | null = null;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastContext.Provider value={{ toast }}>
        <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()} transport={transport}>
          <Grab
            onQueue={(given) => {
              queue = given;
            }}
          />
        </OfflineQueueProvider>
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
  if (!queue) throw new Error('no queue');
  return { queue: queue as OfflineQueue, sent, toasts };
}

describe('refusals in a team, as the person hears them', () => {
  it('removed from the team: one toast, in the exact words, for changes to several of its checklists', async () => {
    const removed = refusal(404, 'not_found', TEAM_MESSAGES.removedFromTeam);
    const { queue, sent, toasts } = renderQueue(() => removed);
    await act(async () => {
      await Promise.all([
        queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: true }),
        queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'Done' }),
        queue.enqueue('c2', OWNER, { kind: 'toggle', taskId: 't2', completed: true }),
      ]);
    });
    // c1's remarks were dropped with its tick: never sent.
    expect(sent.map((op) => `${op.checklistId}:${op.kind}`)).toEqual(['c1:toggle', 'c2:toggle']);
    await waitFor(() => expect(toasts).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(toasts).toEqual([
      { title: 'Changes not saved', description: TEAM_MESSAGES.removedFromTeam, variant: 'destructive' },
    ]);
  });

  it('told again after a later drain (a new change met the same refusal)', async () => {
    const removed = refusal(404, 'not_found', TEAM_MESSAGES.removedFromTeam);
    const { queue, toasts } = renderQueue(() => removed);
    await act(async () => {
      await queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'First' });
    });
    await waitFor(() => expect(toasts).toHaveLength(1));
    await act(async () => {
      await queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'Second' });
    });
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts[1]?.description).toBe(TEAM_MESSAGES.removedFromTeam);
  });

  it('an assignment the server refuses is told, though its caller was waiting', async () => {
    const { queue, toasts } = renderQueue(() =>
      refusal(400, 'validation_failed', TEAM_MESSAGES.assigneeNotMember),
    );
    let status = '';
    await act(async () => {
      const outcome = await queue.enqueue('c1', OWNER, {
        kind: 'assign',
        assignee: { uid: 'u_gone', displayName: 'Dee Park' },
      });
      status = outcome.status;
    });
    expect(status).toBe('rejected');
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]?.description).toContain('to Dee Park');
    expect(toasts[0]?.description).toContain(TEAM_MESSAGES.assigneeNotMember);
  });
});
