import { parentPort } from 'node:worker_threads';
import { AppError } from '#domain/errors';
import { HEAVY_JOBS, type HeavyJobName } from './heavy-jobs.ts';
import { yieldToTheEventLoop } from './worker-thread.ts';

/**
 * A heavy-work thread (docs/decisions/0041): the entry scripts/build.mjs bundles as
 * dist/server/heavy-work-worker.js. It runs one job at a time as the pool (worker-pool.ts) sends
 * them, `{id, name, input}`, and answers `{id, ok, output}` or `{id, ok: false, error: {message, data}}`,
 * `data` an AppError's code and extra fields (a photo refused), so the caller answers the same.
 * An error it cannot answer (out of memory) ends the thread; the pool fails that job alone.
 */

interface Request {
  id: number;
  name: HeavyJobName;
  input: unknown;
}

const port = parentPort;
if (!port) throw new Error('heavy-work-worker runs as a worker thread');
// When a core is wanted by both, the event loop's requests go first.
yieldToTheEventLoop();

async function run({ id, name, input }: Request): Promise<void> {
  let done: Awaited<ReturnType<(typeof HEAVY_JOBS)[HeavyJobName]>>;
  try {
    const job = HEAVY_JOBS[name];
    if (!job) throw new Error(`There is no job named ${name}.`);
    done = await job(input as never);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A refusal (an AppError: a photo that is not one we take) keeps its code across the threads.
    const data = error instanceof AppError ? { code: error.code, extra: error.extra } : undefined;
    port?.postMessage({ id, ok: false, error: { message, data } });
    return;
  }
  try {
    port?.postMessage({ id, ok: true, output: done.output }, done.transfer);
  } catch {
    // Memory that cannot be handed over (sharp's or WebAssembly's) is copied instead.
    port?.postMessage({ id, ok: true, output: done.output });
  }
}

port.on('message', (request: Request) => void run(request));
