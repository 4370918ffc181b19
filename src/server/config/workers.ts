import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { optionalText } from './env-fields.ts';
import type { SettingsCheck } from './settings-check.ts';

/**
 * The worker threads that take CPU-heavy work off the event loop (docs/decisions/0041): a report's
 * layout, a HEIC photo's decoding. How many, and how many jobs may wait for one before the next is
 * refused (503 with Retry-After).
 */

const wholeNumber = (name: string, what: string, max: number) =>
  z.coerce
    .number<string>({ error: `${name} must be a whole number of ${what}` })
    .int({ error: `${name} must be a whole number of ${what}` })
    .min(0, { error: `${name} must be 0 or more` })
    .max(max, { error: `${name} must be at most ${max}` });

export const WorkersEnv = z.object({
  WORKER_THREADS: optionalText.pipe(wholeNumber('WORKER_THREADS', 'threads', 64).optional()),
  WORKER_QUEUE_MAX: optionalText.pipe(wholeNumber('WORKER_QUEUE_MAX', 'jobs', 1_000).optional()),
});
export type WorkersEnv = z.infer<typeof WorkersEnv>;

export interface WorkersConfig {
  /** Worker threads at most; 0 runs the work on the event loop (benchmarks compare the two). */
  threads: number;
  /** Jobs waiting at most for a thread, per kind of work (reports; photos). */
  queueMax: number;
}

/**
 * Two threads on a two-core machine (reports take one, so a photo always finds the other), one per
 * core beyond that, at most four: past that, reports wait in line rather than crowd out the event
 * loop and the database on the same cores.
 */
export function defaultWorkerThreads(cores = availableParallelism()): number {
  return Math.min(4, Math.max(2, cores));
}

/**
 * Eight jobs waiting per kind: a report of 500 long tasks takes about 3 s of a free core (15 s on a
 * busy one), so the eighth waits half a minute to two minutes, about as long as anyone waits for a
 * download; past that a 503 with Retry-After says so at once. Eight waiting reports hold at most
 * some 250 MB (each its data and its photos scaled to 720 px).
 */
export const DEFAULT_WORKER_QUEUE_MAX = 8;

export function readWorkers(e: WorkersEnv, check: SettingsCheck): WorkersConfig {
  const threads = e.WORKER_THREADS ?? defaultWorkerThreads();
  if (threads === 0 && check.production) {
    check.problems.push(
      'WORKER_THREADS=0 runs reports and photo decoding on the event loop (for benchmarks); APP_ENV=production needs at least 1',
    );
  }
  return { threads, queueMax: e.WORKER_QUEUE_MAX ?? DEFAULT_WORKER_QUEUE_MAX };
}
