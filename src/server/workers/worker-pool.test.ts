import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { SPAWNED_PROCESS_MS } from '#tests/support/budgets';
import { until } from '#tests/support/server-process';
import {
  WorkerJobFailedError,
  WorkerPool,
  WorkerPoolBusyError,
  WorkerPoolClosedError,
  type WorkerPoolOptions,
} from './worker-pool.ts';
import { startWorker, WORKER_NICENESS } from './worker-thread.ts';

/**
 * The worker pool (docs/decisions/0041) with a test entry (tests/support/pool-test-worker.ts), loaded
 * from TypeScript as the server's own entry is in development and tests. Threads start in a second
 * or so beside other work: the budget is a process's.
 */

const SUPPORT = pathToFileURL(path.resolve(import.meta.dirname, '../../../tests/support/here.ts')).href;
const release = new BroadcastChannel('pool-test');
const pools: WorkerPool[] = [];

function pool(options: Partial<Omit<WorkerPoolOptions, 'spawn'>> = {}): WorkerPool {
  const made = new WorkerPool({
    size: 2,
    queueMax: { short: 4, long: 4 },
    timeLimitMs: { short: 60_000, long: 60_000 },
    spawn: () => startWorker('pool-test-worker', SUPPORT, { maxOldGenerationSizeMb: 64 }),
    ...options,
  });
  pools.push(made);
  return made;
}

/**
 * Lets the held job of that name answer, and waits for it. The thread may still be starting when it
 * is told (a message on the channel before the thread listens is lost), so it is told until it answers.
 */
async function released<T>(job: Promise<T>, name: string): Promise<T> {
  let settled = false;
  job.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await until(() => {
    if (!settled) release.postMessage(name);
    return settled;
  });
  return job;
}

/** Settles (either way) with what a client of the pool would see. */
function outcome(job: Promise<unknown>): Promise<unknown> {
  return job.then(
    (output) => ({ output }),
    (error: Error) => ({ error: error.name, message: error.message }),
  );
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((made) => made.close()));
});

describe('the worker pool', { timeout: SPAWNED_PROCESS_MS }, () => {
  it("answers each job's output, and a job's own error as that job's failure", async () => {
    const work = pool();
    expect(await work.run('echo', { hello: [1, 2] }, { lane: 'short' })).toEqual({ hello: [1, 2] });
    expect(await outcome(work.run('fail', 'x', { lane: 'long' }))).toEqual({
      error: 'WorkerJobError',
      message: 'failed on x',
    });
    // The thread that answered the failure takes the next job.
    expect(await work.run('echo', 'again', { lane: 'long' })).toBe('again');
  });

  it.runIf(process.platform === 'linux')('runs its threads below the event loop (nice +10)', async () => {
    const work = pool();
    expect(await work.run('nice', null, { lane: 'long' })).toBe(os.getPriority() + WORKER_NICENESS);
  });

  it('fails only the job of a thread that crashes or exits; the next job gets a new thread', async () => {
    const work = pool({ size: 3 });
    const held = work.run('hold', 'neighbour', { lane: 'short' });
    await until(() => work.running === 1);
    const crashed = outcome(work.run('crash', null, { lane: 'short' }));
    const exited = outcome(work.run('exit', null, { lane: 'short' }));
    expect(await crashed).toEqual({
      error: 'WorkerJobFailedError',
      message: 'The crash job failed: its worker thread failed: the thread broke.',
    });
    expect(await exited).toEqual({
      error: 'WorkerJobFailedError',
      message: 'The exit job failed: its worker thread exited (code 3).',
    });
    // The job beside them is untouched, and the pool goes on with new threads.
    expect(await released(held, 'neighbour')).toBe('neighbour');
    expect(await Promise.all([1, 2, 3].map((n) => work.run('echo', n, { lane: 'short' })))).toEqual([
      1, 2, 3,
    ]);
  });

  it('refuses a job at once when its lane already has queueMax waiting; the waiting ones run later', async () => {
    const work = pool({ size: 1, queueMax: { short: 1, long: 1 } });
    const first = work.run('hold', 'first', { lane: 'long' });
    const second = work.run('hold', 'second', { lane: 'long' });
    await until(() => work.running === 1 && work.waiting === 1);
    const refused = await outcome(work.run('echo', 'third', { lane: 'long' }));
    expect(refused).toEqual({ error: 'WorkerPoolBusyError', message: '1 long jobs are waiting already.' });
    // The other lane has a queue of its own.
    const short = work.run('echo', 'short', { lane: 'short' });
    expect(work.waiting).toBe(2);
    expect(await released(first, 'first')).toBe('first');
    // Waiting short jobs go before waiting long ones.
    expect(await short).toBe('short');
    expect(await released(second, 'second')).toBe('second');
    expect(WorkerPoolBusyError.name).toBe('WorkerPoolBusyError');
  });

  it('keeps one thread from long jobs, so a short job never waits behind them', async () => {
    const work = pool({ size: 2 });
    const reports = [
      work.run('hold', 'report 1', { lane: 'long' }),
      work.run('hold', 'report 2', { lane: 'long' }),
    ];
    await until(() => work.running === 1 && work.waiting === 1);
    expect(await work.run('echo', 'photo', { lane: 'short' })).toBe('photo');
    expect(await released(reports[0] as Promise<unknown>, 'report 1')).toBe('report 1');
    expect(await released(reports[1] as Promise<unknown>, 'report 2')).toBe('report 2');
  });

  it('stops a job at its time limit, and only that job', async () => {
    const work = pool({ timeLimitMs: { short: 60_000, long: 300 } });
    const stopped = await outcome(work.run('hold', 'forever', { lane: 'long' }));
    expect(stopped).toEqual({
      error: 'WorkerJobFailedError',
      message: 'The hold job failed: the job ran past its 300 ms.',
    });
    // (On the other lane: a new thread's start counts in its first job's time, and takes longer here.)
    expect(await work.run('echo', 'next', { lane: 'short' })).toBe('next');
  });

  it('on close fails what runs and waits (503 for the client), and takes nothing more', async () => {
    const work = pool({ size: 1 });
    const running = outcome(work.run('hold', 'running', { lane: 'long' }));
    const waiting = outcome(work.run('echo', 'waiting', { lane: 'long' }));
    await until(() => work.running === 1);
    await work.close();
    expect(await running).toEqual({
      error: 'WorkerPoolClosedError',
      message: 'The worker pool closed while the job ran.',
    });
    expect(await waiting).toEqual({
      error: 'WorkerPoolClosedError',
      message: 'The worker pool closed before the job ran.',
    });
    await expect(work.run('echo', 'late', { lane: 'short' })).rejects.toBeInstanceOf(WorkerPoolClosedError);
    expect(WorkerJobFailedError.name).toBe('WorkerJobFailedError');
  });
});
