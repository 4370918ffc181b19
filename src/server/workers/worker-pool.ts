import type { Transferable, Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads (docs/decisions/0041): CPU-heavy work (a report's layout, a HEIC
 * photo's decoding) runs there, so the event loop keeps answering every other request. The pool is
 * bounded three ways: at most `size` threads, started when work arrives; at most `queueMax` jobs
 * waiting per lane (one more is refused at once, `WorkerPoolBusyError`, rather than held without
 * limit); and a time limit per job, past which its thread is stopped. Long jobs (reports) take at
 * most `size - 1` threads when there are two or more, so a short one (a photo someone is waiting
 * for) always finds a thread within one short job's time; waiting short jobs go first.
 *
 * A thread that dies (an uncaught error, out of memory, stopped at its time limit) fails only the
 * job it held; the next job starts a new thread. It knows nothing of what the jobs are: the worker
 * entry answers `{id, ok, output}` or `{id, ok: false, error: {message, data?}}` to `{id, name, input}`.
 */

/** 'short': a photo someone is waiting for (under a second); 'long': a report (seconds). */
export type Lane = 'short' | 'long';

export interface WorkerPoolOptions {
  /** Threads at most (at least 1). */
  size: number;
  /** Jobs waiting at most in each lane, beyond those running. */
  queueMax: Record<Lane, number>;
  /** How long a job of each lane may run before its thread is stopped and the job fails. */
  timeLimitMs: Record<Lane, number>;
  /** Starts one thread of the worker entry. */
  spawn: () => Worker;
}

export interface RunOptions {
  lane: Lane;
  /** ArrayBuffers handed over to the thread instead of copied (they are unusable here afterwards). */
  transfer?: readonly Transferable[];
}

/** Every thread is busy and this lane's queue is full: try again later. */
export class WorkerPoolBusyError extends Error {
  override name = 'WorkerPoolBusyError';
}

/** The pool was closed (the server is stopping) before the job ran. */
export class WorkerPoolClosedError extends Error {
  override name = 'WorkerPoolClosedError';
}

/** The job itself failed (its thread lives on): its message, and what the entry said of it (`data`). */
export class WorkerJobError extends Error {
  override name = 'WorkerJobError';
  constructor(
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/** The job's thread died (an uncaught error, out of memory) or was stopped at the job's time limit. */
export class WorkerJobFailedError extends Error {
  override name = 'WorkerJobFailedError';
}

interface Job {
  id: number;
  name: string;
  input: unknown;
  lane: Lane;
  transfer: readonly Transferable[];
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | undefined;
  /** Why the thread is being stopped (its job's time ran out), for the job's error. */
  stopping: string | null;
}

type Answer =
  | { id: number; ok: true; output: unknown }
  | { id: number; ok: false; error: { message: string; data?: unknown } };

export class WorkerPool {
  readonly #options: WorkerPoolOptions;
  readonly #slots = new Set<Slot>();
  readonly #waiting: Record<Lane, Job[]> = { short: [], long: [] };
  #nextId = 1;
  #closed = false;

  constructor(options: WorkerPoolOptions) {
    if (options.size < 1) throw new Error('WorkerPool: size must be at least 1');
    this.#options = options;
  }

  /** Jobs running now. */
  get running(): number {
    return [...this.#slots].filter((slot) => slot.job).length;
  }

  /** Jobs waiting for a thread. */
  get waiting(): number {
    return this.#waiting.short.length + this.#waiting.long.length;
  }

  /** Runs the named job of the worker entry on `input`; its output, or its error. */
  run<T>(name: string, input: unknown, options: RunOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.#closed) {
        reject(new WorkerPoolClosedError('The worker pool is closed.'));
        return;
      }
      const job: Job = {
        id: this.#nextId++,
        name,
        input,
        lane: options.lane,
        transfer: options.transfer ?? [],
        resolve: resolve as (output: unknown) => void,
        reject,
      };
      if (this.#start(job)) return;
      const queue = this.#waiting[job.lane];
      if (queue.length >= this.#options.queueMax[job.lane]) {
        reject(new WorkerPoolBusyError(`${queue.length} ${job.lane} jobs are waiting already.`));
        return;
      }
      queue.push(job);
    });
  }

  /** Refuses new jobs, fails the waiting ones and stops every thread (a running job fails too). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of [...this.#waiting.short, ...this.#waiting.long]) {
      job.reject(new WorkerPoolClosedError('The worker pool closed before the job ran.'));
    }
    this.#waiting.short = [];
    this.#waiting.long = [];
    await Promise.all([...this.#slots].map((slot) => this.#stop(slot, 'the worker pool closed')));
  }

  /** Puts the job on an idle thread (started if need be); false when none may take it now. */
  #start(job: Job): boolean {
    if (this.#closed) return false;
    const longMax = Math.max(1, this.#options.size - 1);
    const slots = [...this.#slots];
    if (job.lane === 'long' && slots.filter((slot) => slot.job?.lane === 'long').length >= longMax) {
      return false;
    }
    const slot =
      slots.find((candidate) => !candidate.job && !candidate.stopping) ??
      (this.#slots.size < this.#options.size ? this.#spawn() : undefined);
    if (!slot) return false;
    slot.job = job;
    slot.worker.ref();
    try {
      slot.worker.postMessage({ id: job.id, name: job.name, input: job.input }, job.transfer);
    } catch (error) {
      // The input could not be copied or handed over (DataCloneError): this job only.
      this.#finish(slot);
      job.reject(error instanceof Error ? error : new Error(String(error)));
      return true;
    }
    slot.timer = setTimeout(() => {
      void this.#stop(slot, `the job ran past its ${this.#options.timeLimitMs[job.lane]} ms`);
    }, this.#options.timeLimitMs[job.lane]);
    return true;
  }

  #spawn(): Slot {
    const slot: Slot = { worker: this.#options.spawn(), job: null, timer: undefined, stopping: null };
    this.#slots.add(slot);
    slot.worker.on('message', (answer: Answer) => this.#answered(slot, answer));
    slot.worker.on('messageerror', (error) => this.#failJob(slot, `its answer could not be read: ${error}`));
    // An uncaught error or running out of memory: the thread is gone ('exit' follows).
    slot.worker.on('error', (error) => this.#failJob(slot, `its worker thread failed: ${error.message}`));
    slot.worker.on('exit', (code) => {
      this.#failJob(slot, slot.stopping ?? `its worker thread exited (code ${code})`);
      this.#slots.delete(slot);
      this.#startWaiting();
    });
    return slot;
  }

  #answered(slot: Slot, answer: Answer): void {
    const job = slot.job;
    if (!job || job.id !== answer.id) return;
    this.#finish(slot);
    if (answer.ok) job.resolve(answer.output);
    else job.reject(new WorkerJobError(answer.error.message, answer.error.data));
    this.#startWaiting();
  }

  /** The slot's job (if any) fails with this reason; the slot takes no more work until it is gone. */
  #failJob(slot: Slot, reason: string): void {
    const job = slot.job;
    slot.stopping ??= reason;
    if (!job) return;
    this.#finish(slot);
    job.reject(
      this.#closed
        ? new WorkerPoolClosedError(`The worker pool closed while the job ran.`)
        : new WorkerJobFailedError(`The ${job.name} job failed: ${reason}.`),
    );
  }

  #finish(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = null;
    // An idle thread does not keep the process alive.
    slot.worker.unref();
  }

  async #stop(slot: Slot, reason: string): Promise<void> {
    slot.stopping ??= reason;
    await slot.worker.terminate();
  }

  /** Short jobs first, then long ones, as long as a thread takes them. */
  #startWaiting(): void {
    for (const lane of ['short', 'long'] as const) {
      const queue = this.#waiting[lane];
      while (queue.length > 0 && this.#start(queue[0] as Job)) queue.shift();
    }
  }
}
