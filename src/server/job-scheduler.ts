import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import { claimJob, type JobName, type PeriodicJob } from './services/jobs.ts';

export interface JobSchedulerOptions {
  /** How often this instance looks for due jobs (each look is one statement a job). */
  checkEveryMs: number;
  /** Names this instance in job_runs.last_runner. */
  runner: string;
}

export const DEFAULT_JOB_SCHEDULER_OPTIONS: JobSchedulerOptions = {
  checkEveryMs: 60_000,
  runner: `${hostname()}:${process.pid}`,
};

/**
 * Runs the periodic jobs (services/jobs.ts) of this instance: every `checkEveryMs` it claims each
 * job that is due and runs the ones it claimed, one after another. Every instance runs a scheduler;
 * the claim in the database makes each job's period run on one of them (docs/decisions/0020). A job
 * marked `everyInstance` is not claimed: it runs on its own timer, every `everyMs` on every instance
 * (its work is claimed piece by piece, so the instances share it), never twice at once in one. A
 * failing job is logged and tried again next period; it never stops the others.
 */
export class JobScheduler {
  readonly #options: JobSchedulerOptions;
  #timer: NodeJS.Timeout | undefined;
  readonly #ownTimers: NodeJS.Timeout[] = [];
  #running: Promise<JobName[]> | null = null;
  /** The `everyInstance` jobs running in this instance now. */
  readonly #inHand = new Map<JobName, Promise<boolean>>();
  #stopped = false;

  constructor(
    private readonly db: Database,
    private readonly jobs: readonly PeriodicJob[],
    private readonly log: FastifyBaseLogger,
    options: Partial<JobSchedulerOptions> = {},
  ) {
    this.#options = { ...DEFAULT_JOB_SCHEDULER_OPTIONS, ...options };
  }

  /** Looks now and then every `checkEveryMs` until stopped (main.ts; tests call runDue). */
  start(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setInterval(() => void this.runDue(), this.#options.checkEveryMs);
    this.#timer.unref();
    for (const job of this.jobs.filter((each) => each.everyInstance)) {
      const timer = setInterval(() => void this.#runOwn(job, () => new Date()), job.everyMs);
      timer.unref();
      this.#ownTimers.push(timer);
    }
    void this.runDue();
  }

  /** Claims and runs the due jobs; answers the names this instance ran. A look in progress is joined. */
  runDue(now?: () => Date): Promise<JobName[]> {
    this.#running ??= this.#runDue(now ?? (() => new Date())).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** No new look; waits for the jobs in hand (app close). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    for (const timer of this.#ownTimers.splice(0)) clearInterval(timer);
    await this.#running;
    await Promise.all(this.#inHand.values());
  }

  async #runDue(now: () => Date): Promise<JobName[]> {
    const ran: JobName[] = [];
    for (const job of this.jobs) {
      if (this.#stopped) break;
      if (job.everyInstance) {
        if (await this.#runOwn(job, now)) ran.push(job.name);
        continue;
      }
      try {
        if (!(await claimJob(this.db, job, this.#options.runner))) continue;
        if (await this.#run(job, now)) ran.push(job.name);
      } catch (error) {
        this.log.error({ err: error, job: job.name }, 'periodic job failed');
      }
    }
    return ran;
  }

  /** An `everyInstance` job, unless it is already running here (that run is joined). */
  #runOwn(job: PeriodicJob, now: () => Date): Promise<boolean> {
    if (this.#stopped) return Promise.resolve(false);
    let running = this.#inHand.get(job.name);
    if (!running) {
      running = this.#run(job, now).finally(() => this.#inHand.delete(job.name));
      this.#inHand.set(job.name, running);
    }
    return running;
  }

  /** Runs the job and logs how it went; answers whether it ran to the end. */
  async #run(job: PeriodicJob, now: () => Date): Promise<boolean> {
    try {
      const started = Date.now();
      const count = await job.run(now());
      // A look that found nothing to do is not worth a line every few seconds.
      if (!job.everyInstance || count > 0) {
        this.log.info({ job: job.name, count, ms: Date.now() - started }, 'periodic job done');
      }
      return true;
    } catch (error) {
      this.log.error({ err: error, job: job.name }, 'periodic job failed');
      return false;
    }
  }
}
