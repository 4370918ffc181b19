import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { OfflineQueue, type OpTransport } from './offline-queue.ts';
import type { HeldOp, QueuedOp } from './operations.ts';
import { memoryBlobStore, memoryListStore, memoryOpStore } from './queue-storage.ts';
import { isTransientFailure, needsSignIn } from './send-failures.ts';

/**
 * The queue as a person relies on it: what they did is stored before it is sent, survives a reload,
 * goes out in order with one key per change (the same key on every retry), and a refusal is reported.
 */

const OWNER = { kind: 'owner' } as const;
const offlineError = () => new TypeError('Failed to fetch');
const refusal = (status: number, code: string, message: string) =>
  new ApiError(status, '', JSON.stringify({ error: { code, message } }));

/** A server that records what it was sent and applies each key once (as the idempotent server does). */
function fakeServer() {
  const received: { key: string; op: QueuedOp; photo: Blob | undefined }[] = [];
  const applied = new Map<string, unknown>();
  let failNext: unknown[] = [];
  const transport: OpTransport = {
    send: vi.fn(async (op: QueuedOp, photo: Blob | undefined) => {
      received.push({ key: op.key, op, photo });
      const failure = failNext.shift();
      if (failure) throw failure;
      // A replay names no revision (the server keeps the answer's body, not its headers).
      const replay = applied.has(op.key);
      if (!replay) applied.set(op.key, { answered: op.key });
      return { result: applied.get(op.key), revision: replay ? null : received.length };
    }),
  };
  return {
    transport,
    received,
    applied,
    failWith: (...errors: unknown[]) => {
      failNext = errors;
    },
  };
}

function makeQueue(
  server: ReturnType<typeof fakeServer>,
  options: {
    online?: () => boolean;
    ops?: ReturnType<typeof memoryOpStore>;
    blobs?: ReturnType<typeof memoryBlobStore>;
  } = {},
) {
  const ops = options.ops ?? memoryOpStore();
  const blobs = options.blobs ?? memoryBlobStore();
  const timers: (() => void)[] = [];
  const events = {
    applied: [] as QueuedOp[],
    revisions: [] as (number | null)[],
    rejected: [] as [QueuedOp, unknown, boolean][],
    drained: 0,
    heldBack: [] as boolean[],
  };
  let keys = 0;
  let clock = Date.parse('2026-11-23T10:00:00Z');
  const queue = new OfflineQueue({
    ops,
    blobs,
    held: memoryListStore<HeldOp>(),
    transport: server.transport,
    isTransient: isTransientFailure,
    isBlocked: needsSignIn,
    isOnline: options.online ?? (() => true),
    newKey: () => `key-${String(++keys).padStart(16, '0')}`,
    now: () => {
      clock += 1000;
      return new Date(clock);
    },
    setTimer: (callback) => {
      timers.push(callback);
      return timers.length;
    },
    clearTimer: () => undefined,
    onApplied: (op, _result, revision) => {
      events.applied.push(op);
      events.revisions.push(revision);
    },
    onRejected: (op, error, waiting) => events.rejected.push([op, error, waiting]),
    onDrained: ({ heldBack }) => {
      events.drained += 1;
      events.heldBack.push(heldBack);
    },
  });
  const runTimers = async () => {
    for (const timer of timers.splice(0)) timer();
    await queue.flush();
  };
  return { queue, ops, blobs, events, runTimers };
}

describe('the offline queue', () => {
  it('online: sends at once with a key and the time of the change, and forgets it once applied', async () => {
    const server = fakeServer();
    const { queue, ops, events } = makeQueue(server);
    const outcome = await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: true });
    expect(outcome).toEqual({ status: 'applied', result: { answered: 'key-0000000000000001' } });
    expect(server.received[0]?.op).toMatchObject({
      kind: 'toggle',
      taskId: 't1',
      completed: true,
      checklistId: 'c1',
      context: OWNER,
      changedAt: '2026-11-23T10:00:01.000Z',
    });
    expect(ops.ops).toEqual([]);
    expect(queue.getState().ops).toEqual([]);
    expect(events.applied).toHaveLength(1);
  });

  it('offline: stores every change, survives a reload, and sends them in order exactly once when back', async () => {
    const server = fakeServer();
    let online = false;
    const ops = memoryOpStore();
    const blobs = memoryBlobStore();
    const first = makeQueue(server, { online: () => online, ops, blobs });
    for (const taskId of ['t1', 't2', 't3', 't4', 't5']) {
      expect(await first.queue.enqueue('c1', OWNER, { kind: 'toggle', taskId, completed: true })).toEqual({
        status: 'queued',
      });
    }
    await first.queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'Boiler leaks' });
    expect(server.received).toEqual([]);
    expect(ops.ops.map((op) => op.kind)).toEqual([
      'toggle',
      'toggle',
      'toggle',
      'toggle',
      'toggle',
      'remarks',
    ]);

    // A reload: a new queue reads what the first one stored.
    const second = makeQueue(server, { online: () => online, ops, blobs });
    expect(second.queue.getState().ops).toHaveLength(6);
    online = true;
    await second.queue.flush();
    expect(server.received.map(({ op }) => ('taskId' in op ? op.taskId : op.kind))).toEqual([
      't1',
      't2',
      't3',
      't4',
      't5',
      'remarks',
    ]);
    expect(new Set(server.received.map(({ key }) => key)).size).toBe(6);
    expect(ops.ops).toEqual([]);
    expect(second.events.drained).toBe(1);
    // Flushing again sends nothing more.
    await second.queue.flush();
    expect(server.received).toHaveLength(6);
  });

  it('a lost answer is retried with the same key, so the server applies it once', async () => {
    const server = fakeServer();
    const { queue, events, runTimers } = makeQueue(server);
    server.failWith(offlineError(), refusal(503, 'internal_error', 'Down'));
    expect(await queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'Done' })).toEqual({
      status: 'queued',
    });
    expect(queue.getState().failures).toBe(1);
    await runTimers();
    expect(queue.getState().failures).toBe(2);
    await runTimers();
    expect(server.received.map(({ key }) => key)).toEqual([
      'key-0000000000000001',
      'key-0000000000000001',
      'key-0000000000000001',
    ]);
    expect(server.applied.size).toBe(1);
    expect(queue.getState()).toMatchObject({ ops: [], failures: 0 });
    expect(events.applied).toHaveLength(1);
  });

  it('a photo the server could not store (507 storage_full, 503) stays on the device and is sent again', async () => {
    const server = fakeServer();
    const blobs = memoryBlobStore();
    const { queue } = makeQueue(server, { blobs });
    server.failWith(
      refusal(507, 'storage_full', 'The server is out of storage space.'),
      refusal(503, 'service_unavailable', 'Photo storage is not reachable.'),
    );
    const file = new File(['jpeg bytes'], 'meter.jpg', { type: 'image/jpeg' });
    await queue.enqueue(
      'c1',
      OWNER,
      { kind: 'photo', taskId: 't1', fileName: 'meter.jpg', fileType: 'image/jpeg' },
      file,
    );
    expect(queue.getState()).toMatchObject({ failures: 1 });
    expect(queue.getState().ops.map((op) => op.kind)).toEqual(['photo']);
    expect(blobs.blobs.size).toBe(1);
    // The retries (the back-off timer, or coming back online, flushes the queue).
    await vi.waitFor(async () => {
      await queue.flush();
      expect(server.received).toHaveLength(3);
    });
    expect(server.received.map(({ key }) => key)).toEqual([
      'key-0000000000000001',
      'key-0000000000000001',
      'key-0000000000000001',
    ]);
    expect(server.received.every(({ photo }) => photo === file)).toBe(true);
    expect(queue.getState()).toMatchObject({ ops: [], failures: 0 });
    expect(blobs.blobs.size).toBe(0);
  });

  it('a key still being worked on (409 idempotency_key_in_use) is retried, not dropped', async () => {
    const server = fakeServer();
    const { queue, runTimers } = makeQueue(server);
    server.failWith(refusal(409, 'idempotency_key_in_use', 'Still in flight'));
    await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: true });
    expect(queue.getState().ops).toHaveLength(1);
    await runTimers();
    expect(queue.getState().ops).toHaveLength(0);
  });

  it('a refusal (4xx) is dropped and reported, and the changes after it are still sent', async () => {
    const server = fakeServer();
    let online = false;
    const { queue, events } = makeQueue(server, { online: () => online });
    await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 'gone', completed: true });
    await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't2', completed: true });
    online = true;
    server.failWith(refusal(404, 'not_found', 'This task no longer exists'));
    await queue.flush();
    expect(
      events.rejected.map(([op, error]) => [op.kind === 'toggle' && op.taskId, (error as ApiError).status]),
    ).toEqual([['gone', 404]]);
    expect(events.applied.map((op) => op.kind === 'toggle' && op.taskId)).toEqual(['t2']);
    expect(queue.getState().ops).toEqual([]);
  });

  it('the latest remarks supersede unsent ones (a new key for the new text); a tick and untick of one task keep the last', async () => {
    const server = fakeServer();
    let online = false;
    const { queue } = makeQueue(server, { online: () => online });
    await queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'Boi' });
    await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: true });
    await queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'Boiler leaks' });
    await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: false });
    await queue.enqueue('c2', OWNER, { kind: 'remarks', remarks: 'Other checklist' });
    const stored = queue.getState().ops;
    expect(stored.map((op) => [op.checklistId, op.kind, op.key])).toEqual([
      ['c1', 'remarks', 'key-0000000000000003'],
      ['c1', 'toggle', 'key-0000000000000004'],
      ['c2', 'remarks', 'key-0000000000000005'],
    ]);
    online = true;
    await queue.flush();
    expect(server.received.map(({ op }) => op)).toMatchObject([
      { kind: 'remarks', remarks: 'Boiler leaks' },
      { kind: 'toggle', completed: false },
      { kind: 'remarks', remarks: 'Other checklist' },
    ]);
  });

  it('remarks already on their way are not superseded: the newer text follows them', async () => {
    let release: (() => void) | null = null;
    const sent: string[] = [];
    const transport: OpTransport = {
      send: (op) => {
        if (op.kind === 'remarks') sent.push(op.remarks);
        return new Promise((resolve) => {
          release = () => resolve({ result: {}, revision: null });
        });
      },
    };
    const queue = new OfflineQueue({
      ops: memoryOpStore(),
      blobs: memoryBlobStore(),
      held: memoryListStore<HeldOp>(),
      transport,
      isTransient: isTransientFailure,
    });
    const first = queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'First' });
    await vi.waitFor(() => expect(sent).toEqual(['First']));
    const second = queue.enqueue('c1', OWNER, { kind: 'remarks', remarks: 'Second' });
    expect(queue.getState().ops).toHaveLength(2);
    (release as unknown as () => void)();
    await first;
    await vi.waitFor(() => expect(sent).toEqual(['First', 'Second']));
    (release as unknown as () => void)();
    expect(await second).toMatchObject({ status: 'applied' });
  });

  it('a photo is kept in the blob store until the server has it, and sent with its file', async () => {
    const server = fakeServer();
    let online = false;
    const ops = memoryOpStore();
    const blobs = memoryBlobStore();
    const { queue } = makeQueue(server, { online: () => online, ops, blobs });
    const file = new File(['jpeg bytes'], 'kitchen.jpg', { type: 'image/jpeg' });
    await queue.enqueue(
      'c1',
      OWNER,
      { kind: 'photo', taskId: 't1', fileName: 'kitchen.jpg', fileType: 'image/jpeg' },
      file,
    );
    expect([...blobs.blobs.keys()]).toEqual(['key-0000000000000001']);
    expect(await queue.getPhoto('key-0000000000000001')).toBe(file);

    const reloaded = makeQueue(server, { online: () => online, ops, blobs });
    online = true;
    await reloaded.queue.flush();
    expect(server.received[0]?.photo).toBe(file);
    expect(blobs.blobs.size).toBe(0);
  });

  it('removing a photo not yet uploaded drops the upload and its file', async () => {
    const server = fakeServer();
    const online = false;
    const blobs = memoryBlobStore();
    const { queue } = makeQueue(server, { online: () => online, blobs });
    const file = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    await queue.enqueue(
      'c1',
      OWNER,
      { kind: 'photo', taskId: 't1', fileName: 'a.jpg', fileType: 'image/jpeg' },
      file,
    );
    await queue.enqueue('c1', OWNER, { kind: 'remove-photo', taskId: 't1' });
    await vi.waitFor(() => expect(blobs.blobs.size).toBe(0));
    expect(queue.getState().ops.map((op) => op.kind)).toEqual(['remove-photo']);
  });

  it('changes stored one right after another (not awaited) each hear what became of them', async () => {
    const server = fakeServer();
    let online = false;
    const { queue } = makeQueue(server, { online: () => online });
    const first = queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: true });
    const second = queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't2', completed: true });
    expect(await Promise.all([first, second])).toEqual([{ status: 'queued' }, { status: 'queued' }]);
    online = true;
    const third = queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't3', completed: true });
    const fourth = queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't4', completed: true });
    expect((await Promise.all([third, fourth])).map((outcome) => outcome.status)).toEqual([
      'applied',
      'applied',
    ]);
    expect(server.received.map((item) => item.op.kind === 'toggle' && item.op.taskId)).toEqual([
      't1',
      't2',
      't3',
      't4',
    ]);
  });

  it('a change stored by whoever just heard the last outcome is sent, not left for the next trigger', async () => {
    const server = fakeServer();
    const { queue, events } = makeQueue(server);
    for (const taskId of ['t1', 't2', 't3']) {
      // Each stored the moment the one before is heard of, while the run that sent it is ending (the
      // queue then answers within a few microtasks; left for the next trigger, this test times out).
      expect(await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId, completed: true })).toMatchObject({
        status: 'applied',
      });
    }
    expect(events.applied).toHaveLength(3);
  });

  it('an ended session (401) keeps every change, in order, until the person is let in again', async () => {
    const server = fakeServer();
    const { queue, ops, events } = makeQueue(server);
    server.failWith(refusal(401, 'unauthenticated', 'Sign in first'));
    const first = await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: true });
    expect(first).toEqual({ status: 'queued' });
    expect(queue.getState().blocked).toEqual(OWNER);
    expect(events.rejected).toEqual([]);
    // Another change made meanwhile is tried once (the session may be back) and kept behind it.
    server.failWith(refusal(401, 'unauthenticated', 'Sign in first'));
    await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't2', completed: true });
    expect(ops.ops.map((op) => op.kind === 'toggle' && op.taskId)).toEqual(['t1', 't2']);

    // Signed in again: the next flush sends both, with their own keys, and nothing is blocked.
    await queue.flush();
    expect(queue.getState()).toMatchObject({ ops: [], blocked: null });
    const sent = server.received.map((item) => item.key);
    expect(new Set(sent).size).toBe(2);
    expect(server.applied.size).toBe(2);
  });

  it('hands on the revision each answer names (none for a replay) and says when a drain was held back', async () => {
    const server = fakeServer();
    let online = true;
    const ops = memoryOpStore();
    const { queue, events, runTimers } = makeQueue(server, { online: () => online, ops });
    // Sent at once, answered: nothing held it back.
    await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't1', completed: true });
    expect(events.revisions).toEqual([1]);
    expect(events.heldBack).toEqual([false]);

    // The network fails once: the drain after the retry says so, and the one after it no longer does.
    server.failWith(offlineError());
    await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't2', completed: true });
    await runTimers();
    expect(events.heldBack).toEqual([false, true]);
    await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't3', completed: true });
    expect(events.heldBack).toEqual([false, true, false]);

    // Offline: kept, then sent when the browser is back.
    online = false;
    await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't4', completed: true });
    online = true;
    await queue.flush();
    expect(events.heldBack).toEqual([false, true, false, true]);

    // Work an earlier visit stored, its answer lost then: held back, and the replay names no revision.
    const lost = await queue.enqueue('c1', OWNER, { kind: 'toggle', taskId: 't5', completed: false });
    expect(lost.status).toBe('applied');
    const stored = { ...(events.applied.at(-1) as QueuedOp), tried: true };
    const reloaded = makeQueue(server, { ops: memoryOpStore([stored]) });
    await reloaded.queue.flush();
    expect(reloaded.events.revisions).toEqual([null]);
    expect(reloaded.events.heldBack).toEqual([true]);
  });

  it('a share recipient keeps the share token with each change', async () => {
    const server = fakeServer();
    const { queue } = makeQueue(server, { online: () => false });
    await queue.enqueue('c1', { kind: 'share', token: 'tok' }, { kind: 'remarks', remarks: 'x' });
    expect(queue.getState().ops[0]?.context).toEqual({ kind: 'share', token: 'tok' });
  });
});

describe('what may pass and what is a refusal', () => {
  it.each([
    [offlineError(), true],
    [refusal(500, 'internal_error', ''), true],
    [refusal(503, 'service_unavailable', ''), true],
    [refusal(507, 'storage_full', ''), true],
    [refusal(429, 'rate_limited', ''), true],
    [refusal(409, 'idempotency_key_in_use', ''), true],
    [refusal(409, 'version_conflict', ''), false],
    [refusal(404, 'not_found', ''), false],
    [refusal(401, 'verification_required', ''), false],
    [refusal(422, 'idempotency_key_reused', ''), false],
  ])('%s -> transient %s', (error, transient) => {
    expect(isTransientFailure(error)).toBe(transient);
  });

  it.each([
    [refusal(401, 'unauthenticated', ''), true],
    [refusal(401, 'verification_required', ''), true],
    [refusal(403, 'forbidden', ''), false],
    [offlineError(), false],
  ])('%s -> kept until signed in %s', (error, blocked) => {
    expect(needsSignIn(error)).toBe(blocked);
  });
});
