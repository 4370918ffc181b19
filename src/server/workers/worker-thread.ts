import { existsSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, SHARE_ENV, Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread of the entry `name` beside the module at `beside` (its import.meta.url). The
 * built server (scripts/build.mjs) has the entry as its own file beside main.js, `<name>.js`; from
 * TypeScript sources (tsx in development, vitest in tests) there is only `<name>.ts`, which a thread
 * can load once tsx's loader is registered in it (Node 20 does not apply `--import tsx` given in a
 * worker's execArgv to its entry, so a two-line bootstrap registers it first).
 */
export function startWorker(name: string, beside: string, resourceLimits: ResourceLimits): Worker {
  const built = new URL(`./${name}.js`, beside);
  // The process's environment, shared (not copied at start): the threads read the same settings.
  const options: WorkerOptions = { resourceLimits, env: SHARE_ENV };
  if (existsSync(fileURLToPath(built))) return new Worker(built, options);
  const source = new URL(`./${name}.ts`, beside).href;
  // tsx is a development dependency: only ever looked for when running from sources.
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * How much less the heavy-work threads ask of the CPU than the event loop (nice +10: a thread at 0
 * gets about ten times the CPU of one at 10 when both want it). On a machine whose cores are all
 * busy (two cores, a report on each worker thread, PostgreSQL beside them) the event loop then still
 * gets a core as soon as a request arrives, and the report takes the time it leaves.
 */
export const WORKER_NICENESS = 10;

/**
 * Lowers the calling thread's scheduling priority (its own nice value: on Linux a thread is a task
 * of its own, named by /proc/thread-self). Called first thing by a worker entry; where that does not
 * exist (another system) the thread keeps the process's priority.
 */
export function yieldToTheEventLoop(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, WORKER_NICENESS);
  } catch {
    // Not Linux, or not allowed: the work runs at the process's priority.
  }
}
