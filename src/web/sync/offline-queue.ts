import {
  type DraftOp,
  type HeldOp,
  isDraftOp,
  type OpContext,
  type OpInput,
  type QueuedOp,
  supersedes,
} from './operations.ts';
import type { DrainInfo, OpOutcome, QueueEvents, QueueOptions, QueueState } from './queue-contract.ts';
import { defaultRetryDelay, SendSchedule } from './send-schedule.ts';

// How an editor's save carries along the work queued after it: needed only once one is answered, so
// it is fetched then (the app's first load stays small).
const loadDrafts = () => import('./drafts.ts');

/**
 * Work that must not be lost when the signal is (the operations of operations.ts) goes through this
 * queue. It is stored before it is sent (it survives a reload and a closed tab; queue-storage.ts), sent
 * in the order it was made, and retried with growing pauses while the network fails. Each operation
 * carries its own Idempotency-Key from the moment it is made, so a retry after a lost answer is applied
 * once (the server answers the stored result again). A newer change replaces an unsent older one it
 * makes pointless (`supersedes`); a refused editor save is kept for the person to review (drafts.ts).
 * What it is given and tells is in queue-contract.ts; when it sends, in send-schedule.ts.
 */

// What a caller of the queue gives it and hears back.
export type { OpOutcome, OpTransport, QueueOptions } from './queue-contract.ts';

export class OfflineQueue {
  private ops: QueuedOp[];
  private held: HeldOp[];
  private sending: string | null = null;
  private failures = 0;
  private blocked: OpContext | null = null;
  private sentSomething = false;
  /** Since the last drain, something could not be sent at once (see DrainInfo). */
  private heldBack: boolean;
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, (outcome: OpOutcome) => void>();
  private snapshot: QueueState;
  private readonly options: Required<Omit<QueueOptions, keyof QueueEvents>> & QueueEvents;
  private readonly schedule: SendSchedule;

  constructor(options: QueueOptions) {
    this.options = {
      isOnline: () => true,
      isBlocked: () => false,
      endsAccess: () => false,
      newKey: () => crypto.randomUUID(),
      now: () => new Date(),
      retryDelay: defaultRetryDelay,
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
    this.ops = [...options.ops.load()].sort((a, b) => a.seq - b.seq);
    // Work stored by an earlier visit (or another tab) waited: it counts as held back.
    this.heldBack = this.ops.length > 0;
    this.held = [...this.options.held.load()];
    this.snapshot = this.makeSnapshot();
    this.schedule = new SendSchedule(() => this.run(), this.options);
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): QueueState => this.snapshot;

  private makeSnapshot(): QueueState {
    return {
      ops: [...this.ops],
      sending: this.sending,
      failures: this.failures,
      held: [...this.held],
      blocked: this.ops.length > 0 ? this.blocked : null,
    };
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
    return this.schedule.flush();
  }

  private async run(): Promise<void> {
    while (this.ops.length > 0) {
      if (!this.options.isOnline()) {
        this.heldBack = true;
        this.settleWaiting();
        return; // the 'online' event calls flush again
      }
      const op = this.ops[0] as QueuedOp;
      this.sending = op.key;
      if (!op.tried) {
        op.tried = true;
        this.persist();
      }
      this.changed();
      let photo: Blob | undefined;
      try {
        photo = op.kind === 'photo' ? await this.options.blobs.get(op.key) : undefined;
        if (op.kind === 'photo' && !photo) throw new MissingPhotoError();
        const { result, revision } = await this.options.transport.send(op, photo);
        try {
          await this.options.onApplied?.(op, result, revision);
        } catch (error) {
          console.warn('Showing the answer to a synced change failed', error);
        }
        // Work queued after a checklist's creation or edit follows it (its real id, its new version).
        if (isDraftOp(op)) (await loadDrafts()).followSaved(this.ops, op, result);
        this.blocked = null;
        this.remove(op);
        this.failures = 0;
        this.sentSomething = true;
        this.forget(op, { status: 'applied', result });
      } catch (error) {
        if (this.options.isTransient(error)) {
          this.retryLater();
          return;
        }
        if (this.options.isBlocked(error)) {
          // Kept, in order, until the person can be let in again (the next flush tries once more).
          this.blocked = op.context;
          this.heldBack = true;
          this.sending = null;
          this.changed();
          this.settleWaiting();
          return;
        }
        if (!(await this.refuse(op, error))) return;
      }
    }
    this.sending = null;
    this.changed();
    if (this.sentSomething) {
      const info: DrainInfo = { heldBack: this.heldBack };
      this.sentSomething = false;
      this.heldBack = false;
      this.options.onDrained?.(info);
    }
  }

  /**
   * The server refused the change for good: it is dropped and reported. What the person typed in the
   * editor is kept unless the editor (still open) has it; a refusal that ends their access to the
   * checklist takes everything still queued for it along. False when the run must stop (see keepDraft).
   */
  private async refuse(op: QueuedOp, error: unknown): Promise<boolean> {
    const callerWaiting = this.waiters.has(op.key);
    if (await Promise.resolve(this.options.endsAccess(error)).catch(() => false))
      this.dropChecklist(op, error);
    else if (isDraftOp(op) && !(await this.keepDraft(op, error, callerWaiting))) return false;
    this.remove(op);
    this.failures = 0;
    this.sentSomething = true;
    this.options.onRejected?.(op, error, callerWaiting);
    this.forget(op, { status: 'rejected', error });
    return true;
  }

  /** Whatever else waits for the checklist of a change refused with `endsAccess`: none of it can be saved. */
  private dropChecklist(op: QueuedOp, error: unknown): void {
    const gone = this.ops.filter((later) => later !== op && later.checklistId === op.checklistId);
    if (gone.length === 0) return;
    this.ops = this.ops.filter((later) => !gone.includes(later));
    for (const later of gone) this.forget(later, { status: 'rejected', error });
  }

  /** The network (or the server) failed: the run stops, and the next try waits a growing while. */
  private retryLater(): void {
    this.sending = null;
    this.heldBack = true;
    this.failures += 1;
    this.changed();
    this.settleWaiting();
    this.schedule.retryAfter(this.options.retryDelay(this.failures));
  }

  private remove(op: QueuedOp): void {
    this.ops = this.ops.filter((item) => item.key !== op.key);
    this.sending = null;
    this.persist();
    this.changed();
  }

  /**
   * A refused editor save: a created checklist's later work goes with it (and its last edit into what
   * is kept), and the draft is held unless its editor is still open. False when the rules could not
   * be loaded: the save stays queued and is tried again (the server answers the same refusal).
   */
  private async keepDraft(op: DraftOp, error: unknown, callerWaiting: boolean): Promise<boolean> {
    let drafts: Awaited<ReturnType<typeof loadDrafts>>;
    try {
      drafts = await loadDrafts();
    } catch {
      this.retryLater();
      return false;
    }
    const followers = drafts.followersOf(this.ops, op);
    this.ops = this.ops.filter((later) => !followers.includes(later));
    for (const later of followers) this.forget(later, { status: 'rejected', error });
    const held = drafts.toHold(op, followers, callerWaiting, error, this.options.now());
    if (held) {
      this.held = [...this.held.filter((item) => item.key !== op.key), held];
      this.options.held.save(this.held);
    }
    return true;
  }

  /** The person has dealt with a held save (saved it again, or chose to let it go). */
  release(key: string): void {
    if (!this.held.some((item) => item.key === key)) return;
    this.held = this.held.filter((item) => item.key !== key);
    this.options.held.save(this.held);
    this.changed();
  }

  /**
   * Takes back a change never sent (a checklist created offline, then deleted before it synced). False
   * when it was sent already (the server may have it, even without an answer), or is gone.
   */
  discard(key: string): boolean {
    const op = this.ops.find((item) => item.key === key);
    if (!op || op.tried || op.key === this.sending) return false;
    // A checklist never created takes what was queued for it along (none of it was sent: it came later).
    const gone = this.ops.filter(
      (item) => item === op || (op.kind === 'create' && item.checklistId === op.checklistId),
    );
    this.ops = this.ops.filter((item) => !gone.includes(item));
    this.persist();
    for (const item of gone) this.forget(item, { status: 'queued' });
    this.changed();
    return true;
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
    this.schedule.stop();
  }
}

/** A queued photo whose file is gone from this device (storage cleared): it cannot be sent. */
export class MissingPhotoError extends Error {
  constructor() {
    super('The photo kept on this device is gone');
    this.name = 'MissingPhotoError';
  }
}
