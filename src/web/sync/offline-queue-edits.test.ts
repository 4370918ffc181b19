import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { OfflineQueue, type OpTransport } from './offline-queue.ts';
import { type HeldOp, newChecklistId, type QueuedOp } from './operations.ts';
import { memoryBlobStore, memoryListStore, memoryOpStore } from './queue-storage.ts';
import { isTransientFailure } from './send-failures.ts';

/**
 * The owner's whole-checklist work through the queue: a checklist created, edited or deleted offline
 * is stored, survives a reload, and is sent once; what depends on a checklist created here follows its
 * real id; the person's own edits follow each other's versions; and an editor's save the server
 * refuses later is kept for them to review, never dropped.
 */

const OWNER = { kind: 'owner' } as const;
const refusal = (status: number, code: string, message: string, extra: object = {}) =>
  new ApiError(status, '', JSON.stringify({ error: { code, message, ...extra } }));
const body = (name: string, ...tasks: string[]) => ({
  name,
  tasks: tasks.map((description, index) => ({ id: `task_${index}`, description })),
});

type Stored = { id: string; name: string; version: number; tasks: unknown[] };

/** A server with the real rules that matter here: versions, one answer per key, a plan limit. */
function checklistServer(options: { maxLists?: number } = {}) {
  const lists = new Map<string, Stored>();
  const answers = new Map<string, unknown>();
  const sent: QueuedOp[] = [];
  let offline = false;
  let ids = 0;
  let loseNextAnswer = false;
  const apply = (op: QueuedOp): unknown => {
    switch (op.kind) {
      case 'create': {
        if (lists.size >= (options.maxLists ?? Number.POSITIVE_INFINITY)) {
          throw refusal(403, 'plan_limit_reached', 'Plan limit reached.', { limit: options.maxLists });
        }
        const created = { id: `c${++ids}`, name: op.body.name, version: 1, tasks: op.body.tasks };
        lists.set(created.id, created);
        return { ...created };
      }
      case 'edit': {
        const current = lists.get(op.checklistId);
        if (!current) throw refusal(404, 'not_found', 'Checklist not found');
        if (current.version !== op.version) {
          throw refusal(409, 'version_conflict', 'Changed elsewhere.', { checklist: { ...current } });
        }
        const edited = { ...current, name: op.body.name, tasks: op.body.tasks, version: current.version + 1 };
        lists.set(current.id, edited);
        return { ...edited };
      }
      case 'delete':
        lists.delete(op.checklistId);
        return null;
      default: {
        if (!lists.has(op.checklistId)) throw refusal(404, 'not_found', 'Checklist not found');
        return { ok: op.kind };
      }
    }
  };
  const transport: OpTransport = {
    async send(op) {
      sent.push(structuredClone(op));
      if (offline) throw new TypeError('Failed to fetch');
      if (!answers.has(op.key)) answers.set(op.key, apply(op));
      if (loseNextAnswer) {
        loseNextAnswer = false;
        throw new TypeError('Failed to fetch');
      }
      return { result: answers.get(op.key), revision: null };
    },
  };
  return {
    transport,
    lists,
    sent,
    /** The browser says it is offline (the queue then waits for the network without trying). */
    setOffline: (value: boolean) => {
      offline = value;
    },
    isOnline: () => !offline,
    loseNextAnswer: () => {
      loseNextAnswer = true;
    },
    /** Someone else saves the checklist (another device): its version moves on. */
    editElsewhere: (id: string, name: string) => {
      const current = lists.get(id) as Stored;
      lists.set(id, { ...current, name, version: current.version + 1 });
    },
  };
}

function makeQueue(
  server: ReturnType<typeof checklistServer>,
  stores = { ops: memoryOpStore(), held: memoryListStore<HeldOp>() },
) {
  const rejected: [QueuedOp, boolean][] = [];
  let keys = 0;
  const queue = new OfflineQueue({
    ops: stores.ops,
    held: stores.held,
    blobs: memoryBlobStore(),
    transport: server.transport,
    isTransient: isTransientFailure,
    isOnline: server.isOnline,
    newKey: () => `key-${stores.ops.ops.length}-${++keys}-${Math.random().toString(36).slice(2)}`,
    setTimer: () => 0,
    clearTimer: () => undefined,
    onRejected: (op, _error, waiting) => rejected.push([op, waiting]),
  });
  return { queue, stores, rejected };
}

/** A checklist made on this device: its stand-in id is derived from its key. */
function create(queue: OfflineQueue, name: string, ...tasks: string[]) {
  const key = `create-${name}`;
  const input = { kind: 'create' as const, body: body(name, ...tasks), userId: 'u1' };
  return {
    key,
    id: newChecklistId(key),
    outcome: queue.enqueue(newChecklistId(key), OWNER, input, undefined, key),
  };
}

describe('checklist edits through the offline queue', () => {
  it('a checklist created offline and edited before it synced: one POST, then the edit on its real id', async () => {
    const server = checklistServer();
    server.setOffline(true);
    const first = makeQueue(server);
    const made = create(first.queue, 'Harbour View 4B', 'Strip beds');
    expect(await made.outcome).toEqual({ status: 'queued' });
    const edit = {
      kind: 'edit' as const,
      body: body('Harbour View 4B – turnover', 'Strip beds', 'Towels'),
      version: 0,
      userId: 'u1',
    };
    expect(await first.queue.enqueue(made.id, OWNER, edit)).toEqual({ status: 'queued' });
    first.queue.stop();

    // A reload: a new queue from the same storage, back online.
    server.setOffline(false);
    const second = makeQueue(server, first.stores);
    expect(second.queue.getState().ops.map((op) => op.kind)).toEqual(['create', 'edit']);
    await second.queue.flush();

    expect([...server.lists.values()]).toEqual([
      { id: 'c1', name: 'Harbour View 4B – turnover', version: 2, tasks: edit.body.tasks },
    ]);
    expect(server.sent.at(-1)).toMatchObject({ kind: 'edit', checklistId: 'c1', version: 1 });
    expect(second.queue.getState().ops).toEqual([]);
    expect(second.rejected).toEqual([]);
  });

  it('a lost answer to a create is retried with the same key: one checklist, not two', async () => {
    const server = checklistServer();
    const { queue } = makeQueue(server);
    server.loseNextAnswer();
    const made = create(queue, 'Cabin 2', 'Sweep');
    expect(await made.outcome).toEqual({ status: 'queued' });
    await queue.flush();
    expect(server.lists.size).toBe(1);
    expect(server.sent.map((op) => op.key)).toEqual([made.key, made.key]);
  });

  it('two edits made offline: only the last is sent (it holds the whole checklist)', async () => {
    const server = checklistServer();
    server.lists.set('c9', { id: 'c9', name: 'Old', version: 4, tasks: [] });
    server.setOffline(true);
    const { queue } = makeQueue(server);
    await queue.enqueue('c9', OWNER, {
      kind: 'edit',
      body: body('First try', 'a'),
      version: 4,
      userId: 'u1',
    });
    await queue.enqueue('c9', OWNER, {
      kind: 'edit',
      body: body('Second try', 'a', 'b'),
      version: 4,
      userId: 'u1',
    });
    expect(queue.getState().ops).toHaveLength(1);
    server.setOffline(false);
    server.sent.length = 0;
    await queue.flush();
    expect(server.sent.map((op) => op.kind === 'edit' && op.body.name)).toEqual(['Second try']);
    expect(server.lists.get('c9')).toMatchObject({ name: 'Second try', version: 5 });
  });

  it('an edit made while the previous one is on its way starts from the version it produced (no conflict with oneself)', async () => {
    const server = checklistServer();
    server.lists.set('c9', { id: 'c9', name: 'Old', version: 4, tasks: [] });
    const { queue, rejected } = makeQueue(server);
    server.loseNextAnswer(); // the first edit reaches the server; its answer does not come back
    await queue.enqueue('c9', OWNER, { kind: 'edit', body: body('First', 'a'), version: 4, userId: 'u1' });
    const second = queue.enqueue('c9', OWNER, {
      kind: 'edit',
      body: body('Second', 'a'),
      version: 4,
      userId: 'u1',
    });
    // The first was tried: the second cannot replace it, and follows it.
    expect(queue.getState().ops).toHaveLength(2);
    await queue.flush();
    expect(await second).toMatchObject({ status: 'applied' });
    expect(server.lists.get('c9')).toMatchObject({ name: 'Second', version: 6 });
    expect(rejected).toEqual([]);
  });

  it('an offline edit that meets a newer version is kept, with the refusal, through a reload, until the person lets it go', async () => {
    const server = checklistServer();
    server.lists.set('c9', { id: 'c9', name: 'Flat 3', version: 2, tasks: [] });
    server.setOffline(true);
    const first = makeQueue(server);
    const mine = body('Flat 3 (deep clean)', 'Oven', 'Fridge');
    await first.queue.enqueue('c9', OWNER, { kind: 'edit', body: mine, version: 2, userId: 'u1' });
    server.editElsewhere('c9', 'Flat 3 – renamed by a colleague');
    server.setOffline(false);
    await first.queue.flush();

    expect(server.lists.get('c9')?.name).toBe('Flat 3 – renamed by a colleague');
    const [held] = first.queue.getState().held;
    expect(held).toMatchObject({
      kind: 'edit',
      checklistId: 'c9',
      body: mine,
      refusal: { status: 409, code: 'version_conflict', message: 'Changed elsewhere.' },
    });
    expect(first.rejected.map(([op, waiting]) => [op.kind, waiting])).toEqual([['edit', false]]);

    const reloaded = makeQueue(server, first.stores);
    expect(reloaded.queue.getState().held.map((item) => item.body)).toEqual([mine]);
    reloaded.queue.release(held?.key as string);
    expect(reloaded.queue.getState().held).toEqual([]);
    expect(first.stores.held.items).toEqual([]);
  });

  it('online, with the editor still waiting, a conflict goes back to the editor and nothing is held', async () => {
    const server = checklistServer();
    server.lists.set('c9', { id: 'c9', name: 'Flat 3', version: 3, tasks: [] });
    const { queue } = makeQueue(server);
    const outcome = await queue.enqueue('c9', OWNER, {
      kind: 'edit',
      body: body('Mine', 'a'),
      version: 2,
      userId: 'u1',
    });
    expect(outcome.status).toBe('rejected');
    expect(outcome.status === 'rejected' && (outcome.error as ApiError).code).toBe('version_conflict');
    expect(queue.getState().held).toEqual([]);
  });

  it('a checklist created offline over the plan limit is kept with its last edit; what was queued for it is not sent', async () => {
    const server = checklistServer({ maxLists: 1 });
    server.lists.set('c0', { id: 'c0', name: 'Existing', version: 1, tasks: [] });
    server.setOffline(true);
    const { queue, rejected } = makeQueue(server);
    const made = create(queue, 'Second flat', 'Mop');
    const edited = body('Second flat (edited)', 'Mop', 'Bins');
    await queue.enqueue(made.id, OWNER, { kind: 'edit', body: edited, version: 0, userId: 'u1' });
    server.setOffline(false);
    server.sent.length = 0;
    await queue.flush();

    expect(server.sent.map((op) => op.kind)).toEqual(['create']);
    expect(server.lists.size).toBe(1);
    expect(queue.getState().ops).toEqual([]);
    expect(queue.getState().held).toMatchObject([
      { kind: 'create', key: made.key, body: edited, refusal: { status: 403, code: 'plan_limit_reached' } },
    ]);
    // One word for it: the edit is part of what is kept, not a refusal of its own.
    expect(rejected.map(([op]) => op.kind)).toEqual(['create']);
  });

  it('a checklist created here and never sent is taken back with what followed it', async () => {
    const server = checklistServer();
    server.setOffline(true);
    const { queue } = makeQueue(server);
    const never = create(queue, 'Never sent', 'a');
    await queue.enqueue(never.id, OWNER, {
      kind: 'edit',
      body: body('Draft 2', 'a'),
      version: 0,
      userId: 'u1',
    });
    await queue.enqueue('c7', OWNER, { kind: 'toggle', taskId: 't', completed: true });
    expect(queue.discard(never.key)).toBe(true);
    expect(queue.getState().ops.map((op) => op.checklistId)).toEqual(['c7']);
    expect(await never.outcome).toEqual({ status: 'queued' });
    expect(server.sent).toEqual([]);
  });

  it('deleting a checklist whose create was tried: the delete follows the create to its real id', async () => {
    const server = checklistServer();
    const { queue } = makeQueue(server);
    // The create reaches the server; its answer is lost on the way back. Then the signal goes.
    server.loseNextAnswer();
    const made = create(queue, 'Oops', 'a');
    expect(await made.outcome).toEqual({ status: 'queued' });
    server.setOffline(true);
    expect(queue.discard(made.key)).toBe(false);
    // The checklist may exist: the delete is queued after the create (an edit made in between is
    // dropped: there is nothing left to edit).
    await queue.enqueue(made.id, OWNER, {
      kind: 'edit',
      body: body('Oops 2', 'a'),
      version: 0,
      userId: 'u1',
    });
    expect(await queue.enqueue(made.id, OWNER, { kind: 'delete' })).toEqual({ status: 'queued' });
    expect(queue.getState().ops.map((op) => op.kind)).toEqual(['create', 'delete']);
    server.setOffline(false);
    await queue.flush();
    expect(server.lists.size).toBe(0);
    expect(server.sent.map((op) => [op.kind, op.checklistId])).toEqual([
      ['create', made.id],
      ['create', made.id],
      ['delete', 'c1'],
    ]);
  });

  it('deleting a checklist drops the ticks still waiting for it', async () => {
    const server = checklistServer();
    server.lists.set('c5', { id: 'c5', name: 'Gone soon', version: 1, tasks: [] });
    server.setOffline(true);
    const { queue } = makeQueue(server);
    await queue.enqueue('c5', OWNER, { kind: 'toggle', taskId: 't1', completed: true });
    await queue.enqueue('c5', OWNER, { kind: 'remarks', remarks: 'x' });
    await queue.enqueue('c6', OWNER, { kind: 'toggle', taskId: 't1', completed: true });
    await queue.enqueue('c5', OWNER, { kind: 'delete' });
    expect(queue.getState().ops.map((op) => [op.checklistId, op.kind])).toEqual([
      ['c6', 'toggle'],
      ['c5', 'delete'],
    ]);
  });
});
