import { parentPort } from 'node:worker_threads';

/**
 * A heavy-work entry whose thread dies on any job, as a photo that runs a thread out of memory
 * would make it (src/server/workers/heavy-work.test.ts): an uncaught error, after the job arrived.
 */
parentPort?.on('message', () => {
  setTimeout(() => {
    throw new Error('out of memory, say');
  });
});
