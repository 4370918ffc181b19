/**
 * When the offline queue sends (offline-queue.ts says what a run does): one run at a time; asked for
 * during a run, one more once it ends; after a run the network failed, a retry timer with growing
 * pauses, which the next flush (back online, a new change) cuts short.
 */

export interface SendTimers {
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export function defaultRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 60_000);
}

export class SendSchedule {
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  /** flush was asked for while a run was going: run once more when it ends. */
  private again = false;
  private readonly run: () => Promise<void>;
  private readonly timers: SendTimers;

  constructor(run: () => Promise<void>, timers: SendTimers) {
    this.run = run;
    this.timers = timers;
  }

  /** Starts a run now (a timed retry is cut short), or once more after the one going. */
  flush(): Promise<void> {
    if (this.timer !== null) {
      this.timers.clearTimer(this.timer);
      this.timer = null;
    }
    if (this.running) {
      // A change stored while a run is ending would otherwise wait for the next trigger.
      this.again = true;
      return this.running;
    }
    this.running = this.runWhileAsked().finally(() => {
      this.running = null;
      // Asked for after the run's last look (a change stored by whoever heard the last outcome): the
      // run is over, so start another, unless a retry is already timed.
      if (this.again && this.timer === null) void this.flush();
    });
    return this.running;
  }

  private async runWhileAsked(): Promise<void> {
    do {
      this.again = false;
      await this.run();
      // A failed run set its retry timer: the back-off decides when the next try is.
    } while (this.again && this.timer === null);
  }

  /** The run failed on the network: the next one starts after `ms`, unless a flush comes first. */
  retryAfter(ms: number): void {
    this.timer = this.timers.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /** Stops the retry timer (unmount, tests); the next flush starts again. */
  stop(): void {
    if (this.timer !== null) this.timers.clearTimer(this.timer);
    this.timer = null;
  }
}
