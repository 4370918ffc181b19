import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationNotice } from '../db/change-notice.ts';
import type { Database } from '../db/client.ts';
import { writeAfterCommit } from '../repositories/after-commit.ts';
import type { AnswerToKeep } from '../repositories/idempotency-keys.ts';

/**
 * The writes that follow a committed change and need not hold up its answer (docs/decisions/0015): the
 * answers kept for Idempotency-Key replays (services/idempotency.ts AnswerKeeper) and the change
 * notices the application sends itself (a tick's, once committed: migration 0011). Everything queued goes out in
 * one statement (repositories/after-commit.ts), in the order it was queued, one statement at a time:
 * what arrives while one is on its way waits for it and goes in the next, so under load each
 * statement carries more, and a keyed tick's answer and notice, queued in the same turn of the event
 * loop, cost one round trip between them.
 */
/**
 * The kept answers' text one statement carries at most (at least one answer): a tick's answer is its
 * whole checklist, about 1 MB for 500 long tasks, and a statement of a few hundred of them (queued
 * while the one before was on its way) held the event loop for 2.8-3.5 s to encode and send
 * (docs/decisions/0041). Past this many characters the rest goes in the next statement, the event
 * loop free in between. Notices are small and always go with the first.
 */
export const ANSWER_CHARS_PER_STATEMENT = 1024 * 1024;

/**
 * How long the writer gathers before it sends (decision 0065). Each statement is a transaction that
 * sends NOTIFY: it commits alone under the database-wide notice lock, with a WAL flush of its own,
 * and at a few hundred ticks a second a statement per tick made half of all commits. Gathering for
 * 10 ms puts the ticks of those milliseconds in one; a screen sees a change at most that much later,
 * and a replay on another instance finds its key in flight (409, Retry-After) that much longer.
 */
export const AFTER_COMMIT_GATHER_MS = 10;

/** Runs `run` after gathering for `gatherMs`; 0: at the next turn of the event loop. */
export function afterGathering(gatherMs: number, run: () => void): void {
  if (gatherMs > 0) setTimeout(run, gatherMs);
  else setImmediate(run);
}

export class AfterCommitWriter {
  #answers: { answer: AnswerToKeep; written: () => void }[] = [];
  #notices: ApplicationNotice[] = [];
  #scheduled = false;
  #writing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    /** 0: at the next turn of the event loop (the tests' writers). */
    private readonly gatherMs = 0,
  ) {}

  /** Notices waiting to be sent (metrics). */
  get queuedNotices(): number {
    return this.#notices.length;
  }

  /** Queues an answer to keep; `written` runs once the statement carrying it ended (stored or not). */
  keepAnswer(answer: AnswerToKeep, written: () => void): void {
    this.#answers.push({ answer, written });
    this.#schedule();
  }

  /**
   * Queues the notice of a change that has committed. A listener keeps the latest revision of a
   * checklist and ignores an older one arriving after it. If this process dies between a tick's commit
   * and its notice, screens following that checklist miss that one update until the next change or
   * their next read; reads never see anything stale (they check the revision, docs/decisions/0004).
   */
  afterCommit(notice: ApplicationNotice): void {
    this.#notices.push(notice);
    this.#schedule();
  }

  /** Writes everything queued, and waits for it: before the database closes. */
  async flush(): Promise<void> {
    while (this.#writing || this.#answers.length > 0 || this.#notices.length > 0) {
      if (this.#writing) await this.#writing;
      else this.#start();
    }
  }

  #schedule(): void {
    if (this.#scheduled || this.#writing) return;
    this.#scheduled = true;
    afterGathering(this.gatherMs, () => this.#start());
  }

  #start(): void {
    this.#scheduled = false;
    if (this.#writing) return;
    const answers = this.#takeAnswers();
    const notices = this.#notices;
    if (answers.length === 0 && notices.length === 0) return;
    this.#notices = [];
    this.#writing = this.#write(answers, notices).finally(() => {
      this.#writing = null;
      for (const { written } of answers) written();
      if (this.#answers.length > 0 || this.#notices.length > 0) this.#schedule();
    });
  }

  /** The queued answers the next statement carries: in order, up to ANSWER_CHARS_PER_STATEMENT. */
  #takeAnswers(): { answer: AnswerToKeep; written: () => void }[] {
    let chars = 0;
    let count = 0;
    for (const { answer } of this.#answers) {
      chars += answer.body.length;
      if (count > 0 && chars > ANSWER_CHARS_PER_STATEMENT) break;
      count += 1;
    }
    return this.#answers.splice(0, count);
  }

  async #write(
    answers: { answer: AnswerToKeep; written: () => void }[],
    notices: ApplicationNotice[],
  ): Promise<void> {
    try {
      await writeAfterCommit(this.db, { answers: answers.map(({ answer }) => answer), notices });
    } catch (error) {
      // A replay finds its key in flight until the claim is taken over as abandoned; screens
      // following the checklist miss these updates until the next change or their next read.
      this.log.warn(
        { err: { message: (error as Error).message }, answers: answers.length, notices: notices.length },
        'could not write what follows committed changes',
      );
    }
  }
}
