import { readFileSync } from 'node:fs';
import { BroadcastChannel, parentPort } from 'node:worker_threads';
import { yieldToTheEventLoop } from '#server/workers/worker-thread';

/**
 * A worker entry for the worker pool's own tests (src/server/workers/worker-pool.test.ts), answering
 * as heavy-work-worker.ts does. Its jobs: 'echo' (answers its input), 'fail' (throws: answered as an
 * error, the thread lives on), 'crash' (an uncaught error: the thread dies), 'exit' (the thread ends
 * itself), 'hold' (answers its input once the test posts that input on the channel 'pool-test'),
 * 'nice' (answers the thread's own nice value, which it lowers first, as heavy-work-worker.ts does).
 */

const port = parentPort;
if (!port) throw new Error('a worker thread only');
yieldToTheEventLoop();
const released = new BroadcastChannel('pool-test');
const held = new Map<string, () => void>();
released.onmessage = (event) => held.get(String((event as { data: unknown }).data))?.();
// The channel must not keep an idle thread alive (the pool unrefs idle threads).
released.unref();

port.on('message', ({ id, name, input }: { id: number; name: string; input: unknown }) => {
  const answer = (output: unknown) => port.postMessage({ id, ok: true, output });
  switch (name) {
    case 'echo':
      return answer(input);
    case 'fail':
      return port.postMessage({ id, ok: false, error: { message: `failed on ${String(input)}` } });
    case 'crash':
      setTimeout(() => {
        throw new Error('the thread broke');
      });
      return;
    case 'exit':
      process.exit(3);
      return;
    case 'nice':
      // Field 19 of /proc/thread-self/stat (after the command in parentheses: 17th).
      return answer(Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]?.split(' ')[16]));
    case 'hold':
      held.set(String(input), () => answer(input));
      return;
    default:
      return port.postMessage({ id, ok: false, error: { message: `no job ${name}` } });
  }
});
