import type { FinishedAttempt } from '../repositories/webhooks.ts';
import { afterGathering } from './after-commit.ts';

/** Writes outcomes in one statement; the ids of the deliveries written (repositories/webhooks.ts finishAttempts). */
export type WriteOutcomes = (finished: FinishedAttempt[]) => Promise<Set<string>>;

/**
 * The outcomes of webhook attempts, written many to a statement (decision 0064): an attempt's outcome
 * was one statement and one commit of its own, so at a few hundred deliveries a second the commits
 * (each a WAL flush) were the dispatcher's limit. Outcomes gather for `gatherMs`, then go out in one
 * statement (repositories/webhooks.ts finishAttempts), one statement at a time: what ends while one
 * is on its way waits for it and goes in the next, so under load each statement carries more. A
 * delivery's outcome is written at most `gatherMs` plus one statement later than before; until then
 * its lease keeps it from being claimed again.
 */
export class WebhookOutcomes {
  #queued: { finished: FinishedAttempt; resolve(written: boolean): void; reject(error: unknown): void }[] =
    [];
  #scheduled = false;
  #writing: Promise<void> | null = null;

  constructor(
    private readonly writeAll: WriteOutcomes,
    /** 0: at the next turn of the event loop. */
    private readonly gatherMs: number,
    /** Outcomes one statement carries at most. */
    private readonly perStatement = 200,
  ) {}

  /** Queues an attempt's outcome; whether its delivery was still at that attempt once written. */
  write(finished: FinishedAttempt): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.#queued.push({ finished, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#writing) return;
    this.#scheduled = true;
    afterGathering(this.gatherMs, () => this.#start());
  }

  #start(): void {
    this.#scheduled = false;
    if (this.#writing || this.#queued.length === 0) return;
    const batch = this.#queued.splice(0, this.perStatement);
    this.#writing = this.writeAll(batch.map(({ finished }) => finished))
      .then(
        (written) => {
          for (const { finished, resolve } of batch) resolve(written.has(finished.claimed.id));
        },
        (error: unknown) => {
          for (const { reject } of batch) reject(error);
        },
      )
      .finally(() => {
        this.#writing = null;
        if (this.#queued.length > 0) this.#schedule();
      });
  }
}
