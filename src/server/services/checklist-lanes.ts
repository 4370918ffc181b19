import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/**
 * Group commit per checklist (docs/decisions/0015). Every change to a task touches its checklist's row
 * first (for the next revision), so changes to one checklist run one at a time on its row lock, and
 * each holds that lock through its own commit: a WAL flush, plus waking the next waiter. While one
 * change of a checklist is on its way from this instance, the changes that arrive for the same
 * checklist wait here instead of on the lock (and without holding a pooled connection each); when it
 * ends, all of them go together, in arrival order, in one transaction: one lock taken, one commit.
 * Each still has its own statement, revision, record and answer, exactly as if they had run one after
 * the other (the later write wins as before: within the transaction each one sees the one before).
 *
 * If anything in a transaction fails, nothing of it was kept, and each change then runs alone, so one
 * change's failure is its own and never another's. A change with no other waiting runs alone at once,
 * as before: only changes that would have waited on the lock are grouped.
 */
export class ChecklistLanes {
  /** Per checklist with a change on its way from here: the changes waiting for it, in arrival order. */
  readonly #waiting = new Map<string, Waiting[]>();

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    /** The most changes one transaction carries; the rest wait for the next. */
    private readonly maxGroup = 64,
  ) {}

  /** Checklists with changes waiting (metrics). */
  get waitingChanges(): number {
    let count = 0;
    for (const waiting of this.#waiting.values()) count += waiting.length;
    return count;
  }

  /**
   * Runs `change` (one statement, or statements that need no transaction of their own) on the
   * database handle it is given: the pool when it goes alone, a transaction when grouped.
   */
  run<T>(checklistId: string, change: (db: Database) => Promise<T>): Promise<T> {
    const waiting = this.#waiting.get(checklistId);
    if (waiting) {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ change, resolve: resolve as (value: unknown) => void, reject });
      });
    }
    this.#waiting.set(checklistId, []);
    const alone = change(this.db);
    void alone.then(
      () => this.#next(checklistId),
      () => this.#next(checklistId),
    );
    return alone;
  }

  #next(checklistId: string): void {
    const waiting = this.#waiting.get(checklistId);
    if (!waiting || waiting.length === 0) {
      this.#waiting.delete(checklistId);
      return;
    }
    const group = waiting.splice(0, this.maxGroup);
    void this.#together(group).then(() => this.#next(checklistId));
  }

  async #together(group: Waiting[]): Promise<void> {
    if (group.length === 1) {
      await settle(group[0] as Waiting, this.db);
      return;
    }
    let results: unknown[];
    try {
      results = await this.db.transaction(async (tx) => {
        const done: unknown[] = [];
        for (const waiting of group) done.push(await waiting.change(tx));
        return done;
      });
    } catch (error) {
      this.log.warn(
        { err: { message: (error as Error).message }, changes: group.length },
        'grouped task changes failed together; each runs alone',
      );
      await Promise.all(group.map((waiting) => settle(waiting, this.db)));
      return;
    }
    group.forEach((waiting, index) => {
      waiting.resolve(results[index]);
    });
  }
}

interface Waiting {
  change: (db: Database) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

async function settle(waiting: Waiting, db: Database): Promise<void> {
  try {
    waiting.resolve(await waiting.change(db));
  } catch (error) {
    waiting.reject(error);
  }
}
