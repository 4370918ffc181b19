import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Checklist, ChecklistSummary } from '#domain/checklist';
import { TEAM_MESSAGES } from '#domain/teams';
import { ANA, BEN, CARA, checklistFixture } from '#tests/support/team-fixtures';
import { ApiError } from '../lib/api.ts';
import { httpTransport } from './http-transport.ts';
import { OfflineQueue, type OpTransport } from './offline-queue.ts';
import type { HeldOp, OpInput, QueuedOp } from './operations.ts';
import { checklistKeys } from './owner-checklist-slot.ts';
import { overlayPending, overlayPendingList } from './pending-overlay.ts';
import { applyAnswer, describeOp, REMOVED_FROM_TEAM_TITLE, refusalToast } from './queue-effects.ts';
import { memoryBlobStore, memoryListStore, memoryOpStore } from './queue-storage.ts';
import { isTransientFailure, needsSignIn } from './send-failures.ts';
import { isRemovedFromTeam } from './team-refusals.ts';

/**
 * Working in a team through the offline queue: choosing an assignee is a change like any other (stored,
 * laid over the checklist and the dashboard's row at once, sent in order, the last choice winning), and
 * a person removed from the team loses what they queued for its checklists, told once in the server's
 * own words.
 */

const OWNER = { kind: 'owner' } as const;
const refusal = (status: number, code: string, message: string) =>
  new ApiError(status, '', JSON.stringify({ error: { code, message } }));
const removed = () => refusal(404, 'not_found', TEAM_MESSAGES.removedFromTeam);

const CHECKLIST = checklistFixture({ id: 'c1', createdBy: ANA });

/** A server that records what it was sent; `refuse` answers a checklist's changes with an error. */
function fakeServer(refuse: (op: QueuedOp) => unknown = () => null) {
  const received: QueuedOp[] = [];
  const transport: OpTransport = {
    send: vi.fn(async (op: QueuedOp) => {
      received.push(structuredClone(op));
      const error = refuse(op);
      if (error) throw error;
      return { result: { ...CHECKLIST, id: op.checklistId }, revision: received.length };
    }),
  };
  return { transport, received };
}

function makeQueue(server: ReturnType<typeof fakeServer>, online = () => true) {
  const rejected: [QueuedOp, unknown][] = [];
  const held = memoryListStore<HeldOp>();
  let keys = 0;
  const queue = new OfflineQueue({
    ops: memoryOpStore(),
    blobs: memoryBlobStore(),
    held,
    transport: server.transport,
    isTransient: isTransientFailure,
    isBlocked: needsSignIn,
    endsAccess: isRemovedFromTeam,
    isOnline: online,
    newKey: () => `key-${String(++keys).padStart(16, '0')}`,
    setTimer: () => 0,
    clearTimer: () => undefined,
    onRejected: (op, error) => rejected.push([op, error]),
  });
  return { queue, rejected, held };
}

const assign = (assignee: typeof BEN | null): OpInput => ({ kind: 'assign', assignee });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('assigning through the offline queue', () => {
  it('sends PATCH {assigneeUid} with its Idempotency-Key; unassigning sends null', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ ...CHECKLIST, assignee: BEN }), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-checklist-revision': '7' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const base = { key: 'key-0000000000000001', checklistId: 'c 1', context: OWNER, changedAt: '', seq: 1 };
    const answer = await httpTransport.send({ ...base, kind: 'assign', assignee: BEN }, undefined);
    expect(answer).toEqual({ result: { ...CHECKLIST, assignee: BEN }, revision: 7 });
    await httpTransport.send({ ...base, kind: 'assign', assignee: null }, undefined);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => [url, init.method, init.body])).toEqual([
      ['/api/checklists/c%201', 'PATCH', '{"assigneeUid":"u_ben"}'],
      ['/api/checklists/c%201', 'PATCH', '{"assigneeUid":null}'],
    ]);
    expect(new Headers(calls[0]?.[1].headers).get('idempotency-key')).toBe('key-0000000000000001');
  });

  it('offline, only the last choice is sent once back; a tick between them still goes', async () => {
    let online = false;
    const server = fakeServer();
    const { queue } = makeQueue(server, () => online);
    void queue.enqueue('c1', OWNER, assign(BEN));
    void queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: true });
    void queue.enqueue('c1', OWNER, assign(CARA));
    await queue.flush();
    expect(queue.getState().ops.map((op) => op.kind)).toEqual(['toggle', 'assign']);
    online = true;
    await queue.flush();
    expect(server.received.map((op) => (op.kind === 'assign' ? op.assignee?.uid : op.kind))).toEqual([
      'toggle',
      'u_cara',
    ]);
  });

  it('the choice shows at once on the checklist and its dashboard row, until the server has it', () => {
    const pending = {
      ...assign(BEN),
      key: 'k1',
      checklistId: 'c1',
      context: OWNER,
      changedAt: '',
      seq: 1,
    } as QueuedOp;
    const view = overlayPending(CHECKLIST, [pending]);
    expect(view.checklist.assignee).toEqual(BEN);
    expect(view.assigneePending).toBe(true);
    expect(overlayPending({ ...CHECKLIST, assignee: BEN }, []).assigneePending).toBe(false);

    const summary: ChecklistSummary = { ...CHECKLIST, taskCount: 0, completedCount: 0 };
    // With or without the checklist's tasks cached, the row names the new assignee.
    const [row] = overlayPendingList([summary], [pending], () => undefined, 'u_ana');
    expect(row?.summary.assignee).toEqual(BEN);
    expect(row?.pending).toBe('change');
    const unassign = { ...pending, kind: 'assign', assignee: null } as QueuedOp;
    const [cleared] = overlayPendingList(
      [{ ...summary, assignee: BEN }],
      [unassign],
      () => CHECKLIST,
      'u_ana',
    );
    expect(cleared?.summary.assignee).toBeNull();
  });

  it("the answer replaces the cached checklist and the dashboard row's assignee at once", () => {
    const client = new QueryClient();
    client.setQueryData(checklistKeys.detail('c1'), CHECKLIST);
    client.setQueryData(checklistKeys.list('u_ana'), [{ ...CHECKLIST, taskCount: 0, completedCount: 0 }]);
    const op = { ...assign(BEN), key: 'k1', checklistId: 'c1', context: OWNER, changedAt: '', seq: 1 };
    applyAnswer(client, op as QueuedOp, { ...CHECKLIST, assignee: BEN, version: 2 }, 4);
    expect(client.getQueryData<Checklist>(checklistKeys.detail('c1'))?.assignee).toEqual(BEN);
    expect(client.getQueryData<ChecklistSummary[]>(checklistKeys.list('u_ana'))?.[0]?.assignee).toEqual(BEN);
  });

  it('a refused choice says who it was for, in the server’s words', () => {
    const client = new QueryClient();
    client.setQueryData(checklistKeys.detail('c1'), CHECKLIST);
    const op = { ...assign(BEN), key: 'k1', checklistId: 'c1', context: OWNER, changedAt: '', seq: 1 };
    expect(describeOp(op as QueuedOp, CHECKLIST)).toBe('Assigning “Cabin turnover” to Ben Ortiz');
    expect(describeOp({ ...op, assignee: null } as QueuedOp, CHECKLIST)).toBe('Unassigning “Cabin turnover”');
    // Its copy not on this device (never opened here): still a checklist, never 'a task'.
    expect(describeOp(op as QueuedOp, undefined)).toBe('Assigning a checklist to Ben Ortiz');
    const notice = refusalToast(
      client,
      op as QueuedOp,
      refusal(400, 'validation_failed', TEAM_MESSAGES.assigneeNotMember),
    );
    expect(notice.description).toContain('Assigning “Cabin turnover” to Ben Ortiz');
    expect(notice.description).toContain(TEAM_MESSAGES.assigneeNotMember);
  });
});

describe('removed from the team', () => {
  it("drops every change still queued for that checklist, tells it once, and sends the other checklists'", async () => {
    let online = false;
    const server = fakeServer((op) => (op.checklistId === 'c1' ? removed() : null));
    const { queue, rejected } = makeQueue(server, () => online);
    const outcomes = [
      queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: true }),
      queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'Typed in the basement' }),
      queue.enqueue('c2', OWNER, { kind: 'toggle', taskId: 't9', completed: true }),
      queue.enqueue('c1', OWNER, assign(BEN)),
    ];
    await queue.flush();
    online = true;
    await queue.flush();
    // The first change of c1 met the refusal; nothing else of c1 was sent.
    expect(server.received.map((op) => `${op.checklistId}:${op.kind}`)).toEqual(['c1:toggle', 'c2:toggle']);
    expect(queue.getState().ops).toEqual([]);
    expect(rejected.map(([op]) => op.kind)).toEqual(['toggle']);
    expect(isRemovedFromTeam(rejected[0]?.[1])).toBe(true);
    // Whoever still awaited one hears it was refused (they were all settled as queued while offline).
    const settled = await Promise.all(outcomes);
    expect(settled.map((outcome) => outcome.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
  });

  it('an editor save refused so is not kept for review (the checklist is out of reach)', async () => {
    let online = false;
    const server = fakeServer(() => removed());
    const { queue, held } = makeQueue(server, () => online);
    void queue.enqueue('c1', OWNER, {
      kind: 'edit',
      body: { name: 'Cabin', tasks: [{ description: 'Sweep' }] },
      version: 1,
      userId: 'u_ana',
    });
    await queue.flush();
    online = true;
    await queue.flush();
    expect(queue.getState().ops).toEqual([]);
    expect(queue.getState().held).toEqual([]);
    expect(held.items).toEqual([]);
  });

  it('answers every waiting caller with the refusal, and says it in the exact words', async () => {
    const server = fakeServer(() => removed());
    const { queue, rejected } = makeQueue(server);
    const outcomes = await Promise.all([
      queue.enqueue('c1', OWNER, assign(BEN)),
      queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'Right after' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(server.received).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    const client = new QueryClient();
    const op = { ...assign(BEN), key: 'k', checklistId: 'c1', context: OWNER, changedAt: '', seq: 1 };
    expect(refusalToast(client, op as QueuedOp, removed())).toEqual({
      title: REMOVED_FROM_TEAM_TITLE,
      description: TEAM_MESSAGES.removedFromTeam,
      variant: 'destructive',
    });
  });

  it('a plain 404 (a checklist deleted elsewhere) drops only the change that met it', async () => {
    let online = false;
    const gone = refusal(404, 'not_found', 'Checklist not found');
    const server = fakeServer((op) => (op.kind === 'toggle' ? gone : null));
    const { queue } = makeQueue(server, () => online);
    void queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: true });
    void queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'Still sent' });
    await queue.flush();
    online = true;
    await queue.flush();
    expect(server.received.map((op) => op.kind)).toEqual(['toggle', 'remarks']);
    expect(isRemovedFromTeam(gone)).toBe(false);
  });
});
