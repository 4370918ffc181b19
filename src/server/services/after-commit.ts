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
export class AfterCommitWriter {
  #answers: { answer: AnswerToKeep; written: () => void }[] = [];
  #notices: ApplicationNotice[] = [];
  #scheduled = false;
  #writing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
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
    setImmediate(() => this.#start());
  }

  #start(): void {
    this.#scheduled = false;
    if (this.#writing) return;
    const answers = this.#answers;
    const notices = this.#notices;
    if (answers.length === 0 && notices.length === 0) return;
    this.#answers = [];
    this.#notices = [];
    this.#writing = this.#write(answers, notices).finally(() => {
      this.#writing = null;
      for (const { written } of answers) written();
      if (this.#answers.length > 0 || this.#notices.length > 0) this.#schedule();
    });
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
