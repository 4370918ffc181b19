import type { BlobStore, OpStore } from './offline-store.ts';

/**
 * Work that must not be lost when the signal is: every tick, photo removal, remarks save, submit and
 * photo made on a checklist goes through this queue. It is stored before it is sent (it survives a
 * reload and a closed tab), sent in the order it was made, and retried with growing pauses while the
 * network fails. Each operation carries its own Idempotency-Key from the moment it is made, so a
 * retry after a lost answer is applied once (the server answers the stored result again).
 */

/** Who sends it: the owner (session cookie) or a recipient through a share (share cookie). */
export type OpContext = { kind: 'owner' } | { kind: 'share'; token: string };

export type OpInput =
  | { kind: 'toggle'; taskId: string; completed: boolean }
  | { kind: 'remove-photo'; taskId: string }
  | { kind: 'remarks'; remarks: string }
  | { kind: 'submit'; remarks: string }
  | { kind: 'photo'; taskId: string; fileName: string; fileType: string };

export type QueuedOp = OpInput & {
  /** The Idempotency-Key, also the operation's id (and its photo's id in the blob store). */
  key: string;
  checklistId: string;
  context: OpContext;
  /** When the person made the change (ISO): per task and field the later write wins on the server. */
  changedAt: string;
  /** Order of creation; the queue sends in this order. */
  seq: number;
};

export type OpOutcome =
  | { status: 'applied'; result: unknown }
  | { status: 'rejected'; error: unknown }
  /** The network failed: the operation stays stored and is sent when the connection allows. */
  | { status: 'queued' };

export interface OpTransport {
  send(op: QueuedOp, photo: Blob | undefined): Promise<unknown>;
}

export interface QueueEvents {
  /**
   * The server took it; its answer (a checklist, or a task for a photo). Awaited before the change
   * leaves the queue, so the answer is in place before the pending copy is dropped (no flicker back).
   */
  onApplied?(op: QueuedOp, result: unknown): void | Promise<void>;
  /**
   * The server refused it for good (4xx): it is dropped and the person must be told. `callerWaiting`:
   * whoever made it in this tab is still awaiting its first outcome (and may report it themselves).
   */
  onRejected?(op: QueuedOp, error: unknown, callerWaiting: boolean): void;
  /** Nothing is left to send (after something was sent). */
  onDrained?(): void;
}

export interface QueueOptions extends QueueEvents {
  ops: OpStore;
  blobs: BlobStore;
  transport: OpTransport;
  /** Whether the browser believes it is online (false means surely offline). */
  isOnline?: () => boolean;
  newKey?: () => string;
  now?: () => Date;
  /** Pause before the n-th retry (1-based) while the network fails. */
  retryDelay?: (attempt: number) => number;
  /** Decides whether a failure may pass (network, 5xx, 429, key in use) or is a refusal. */
  isTransient: (error: unknown) => boolean;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export type QueueState = {
  ops: readonly QueuedOp[];
  /** The key being sent right now, if any. */
  sending: string | null;
  /** How many sends in a row failed on the network (0 while all is well). */
  failures: number;
};

export function defaultRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 60_000);
}

/** Whether a newer operation makes an unsent older one pointless (and the older is dropped). */
function supersedes(newer: OpInput & { checklistId: string }, older: QueuedOp): boolean {
  if (newer.checklistId !== older.checklistId) return false;
  switch (newer.kind) {
    case 'remarks':
      return older.kind === 'remarks';
    case 'toggle':
      return older.kind === 'toggle' && older.taskId === newer.taskId;
    case 'photo':
      return older.kind === 'photo' && older.taskId === newer.taskId;
    case 'remove-photo':
      return (older.kind === 'photo' || older.kind === 'remove-photo') && older.taskId === newer.taskId;
    default:
      return false;
  }
}

export class OfflineQueue {
  private ops: QueuedOp[];
  private sending: string | null = null;
  private failures = 0;
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private sentSomething = false;
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, (outcome: OpOutcome) => void>();
  private snapshot: QueueState;
  private readonly options: Required<Omit<QueueOptions, keyof QueueEvents>> & QueueEvents;

  constructor(options: QueueOptions) {
    this.options = {
      isOnline: () => true,
      newKey: () => crypto.randomUUID(),
      now: () => new Date(),
      retryDelay: defaultRetryDelay,
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
    this.ops = [...options.ops.load()].sort((a, b) => a.seq - b.seq);
    this.snapshot = this.makeSnapshot();
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): QueueState => this.snapshot;

  private makeSnapshot(): QueueState {
    return { ops: [...this.ops], sending: this.sending, failures: this.failures };
  }

  private changed(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private persist(): void {
    this.options.ops.save(this.ops);
  }

  /**
   * Stores the change (a photo's file first, in the blob store), then tries to send it. Resolves with
   * what became of it on this first try: applied, refused, or queued until the network allows.
   */
  async enqueue(
    checklistId: string,
    context: OpContext,
    input: OpInput,
    photo?: Blob,
    key = this.options.newKey(),
  ): Promise<OpOutcome> {
    const op: QueuedOp = {
      ...input,
      key,
      checklistId,
      context,
      changedAt: this.options.now().toISOString(),
      seq: (this.ops.at(-1)?.seq ?? 0) + 1,
    } as QueuedOp;
    if (op.kind === 'photo') {
      if (!photo) throw new Error('A photo operation needs its file');
      await this.options.blobs.put(key, photo);
    }
    const dropped = this.ops.filter((older) => older.key !== this.sending && supersedes(op, older));
    this.ops = this.ops.filter((older) => !dropped.includes(older));
    this.ops.push(op);
    this.persist();
    for (const older of dropped) this.forget(older, { status: 'queued' });
    this.changed();
    const outcome = new Promise<OpOutcome>((resolve) => this.waiters.set(key, resolve));
    void this.flush();
    return outcome;
  }

  private forget(op: QueuedOp, outcome: OpOutcome): void {
    if (op.kind === 'photo') void this.options.blobs.delete(op.key).catch(() => undefined);
    this.waiters.get(op.key)?.(outcome);
    this.waiters.delete(op.key);
  }

  /** Sends what is stored, in order, one at a time; a network failure stops the run until the next try. */
  flush(): Promise<void> {
    if (this.timer !== null) {
      this.options.clearTimer(this.timer);
      this.timer = null;
    }
    if (!this.running) {
      this.running = this.run().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async run(): Promise<void> {
    while (this.ops.length > 0) {
      if (!this.options.isOnline()) {
        this.settleWaiting();
        return; // the 'online' event calls flush again
      }
      const op = this.ops[0] as QueuedOp;
      this.sending = op.key;
      this.changed();
      let photo: Blob | undefined;
      try {
        photo = op.kind === 'photo' ? await this.options.blobs.get(op.key) : undefined;
        if (op.kind === 'photo' && !photo) throw new MissingPhotoError();
        const result = await this.options.transport.send(op, photo);
        try {
          await this.options.onApplied?.(op, result);
        } catch (error) {
          console.warn('Showing the answer to a synced change failed', error);
        }
        this.remove(op);
        this.failures = 0;
        this.sentSomething = true;
        this.forget(op, { status: 'applied', result });
      } catch (error) {
        if (this.options.isTransient(error)) {
          this.sending = null;
          this.failures += 1;
          this.changed();
          this.settleWaiting();
          this.timer = this.options.setTimer(() => {
            this.timer = null;
            void this.flush();
          }, this.options.retryDelay(this.failures));
          return;
        }
        this.remove(op);
        this.failures = 0;
        this.sentSomething = true;
        this.options.onRejected?.(op, error, this.waiters.has(op.key));
        this.forget(op, { status: 'rejected', error });
      }
    }
    this.sending = null;
    this.changed();
    if (this.sentSomething) {
      this.sentSomething = false;
      this.options.onDrained?.();
    }
  }

  private remove(op: QueuedOp): void {
    this.ops = this.ops.filter((item) => item.key !== op.key);
    this.sending = null;
    this.persist();
    this.changed();
  }

  /** Whoever awaits a change that could not be sent now hears that it is kept for later. */
  private settleWaiting(): void {
    for (const op of this.ops) {
      this.waiters.get(op.key)?.({ status: 'queued' });
      this.waiters.delete(op.key);
    }
  }

  /** A photo still waiting on this device (to show it while it is pending). */
  getPhoto(key: string): Promise<Blob | undefined> {
    return this.options.blobs.get(key);
  }

  /** Stops the retry timer (unmount, tests); the next flush starts again. */
  stop(): void {
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = null;
  }
}

/** A queued photo whose file is gone from this device (storage cleared): it cannot be sent. */
export class MissingPhotoError extends Error {
  constructor() {
    super('The photo kept on this device is gone');
    this.name = 'MissingPhotoError';
  }
}
