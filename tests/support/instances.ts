import { afterAll } from 'vitest';
import { openDatabase } from '#server/db/client';
import { buildTestApp, type TestApp, type TestAppContext, type TestAppOptions } from './test-app.ts';

/**
 * Another instance of the app on the file's database, as a second server behind a balancer would be:
 * on PostgreSQL with a pool of its own (nothing shared but the database); on PGlite, which has one
 * connection, on the same handle. Closed after the file's tests.
 */
export function otherInstances(t: TestAppContext) {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  return async (options: TestAppOptions = {}): Promise<TestApp> => {
    const own = t.testDatabase.kind === 'postgres' ? await openDatabase(t.testDatabase.config) : null;
    const built = await buildTestApp(t.testDatabase, { ...options, ...(own ? { handle: own } : {}) });
    closers.push(async () => {
      await built.app.close();
      await own?.close();
    });
    return built;
  };
}

/** A random address in 10.0.0.0/8, so counts kept outside the test's database (Redis) never meet. */
export function randomPrivateIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}
