import { Socket } from 'node:net';

/** The Redis the tests use: TEST_REDIS_URL, else the one on this machine. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at TEST_REDIS_URL (its tests are skipped, and say so, when none does). */
async function probe(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || 6379), hostname, () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    });
  });
}

export const redisAvailable = await probe(TEST_REDIS_URL);
if (!redisAvailable) console.warn(`No Redis at ${TEST_REDIS_URL}: the Redis store's tests are skipped.`);
