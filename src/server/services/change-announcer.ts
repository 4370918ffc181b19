import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationNotice } from '../db/change-notice.ts';
import type { Database } from '../db/client.ts';
import { announceAll } from '../repositories/change-notices.ts';

/**
 * Sends the notices of changes that have committed (a tick's: migration 0011, docs/decisions/0015).
 * Those queued in one turn of the event loop go out in one statement, in the order they were queued;
 * a listener keeps the latest revision of a checklist and ignores an older one arriving after it.
 * If this process dies between a tick's commit and its notice, screens following that checklist miss
 * that one update until the next change or their next read; reads never see anything stale (they
 * check the revision, docs/decisions/0004).
 */
export class ChangeAnnouncer {
  #queued: ApplicationNotice[] = [];
  #scheduled = false;
  #sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Notices waiting to be sent (metrics). */
  get queued(): number {
    return this.#queued.length;
  }

  /** Queues the notice of a change that has committed. */
  afterCommit(notice: ApplicationNotice): void {
    this.#queued.push(notice);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => void this.flush());
  }

  /** Sends what is queued (and waits for what is being sent): before the database closes. */
  flush(): Promise<void> {
    this.#scheduled = false;
    const notices = this.#queued;
    this.#queued = [];
    if (notices.length > 0) {
      this.#sending = this.#sending.then(() =>
        announceAll(this.db, notices).catch((error: unknown) => {
          this.log.warn(
            { err: { message: (error as Error).message }, notices: notices.length },
            'realtime: change notices not sent',
          );
        }),
      );
    }
    return this.#sending;
  }
}
