import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { User } from '#domain/user';
import { type BuildAppOptions, buildApp } from '#server/app';
import { type Config, loadConfig } from '#server/config/index';
import type { Database, DatabaseHandle } from '#server/db/client';
import { describeMismatch, type ResponseMismatch } from '#server/http/plugins/response-check';
import { createTestDatabase, type TestDatabase } from './database.ts';

/** A folder that never exists: the API suite never depends on a client build. */
export const NO_CLIENT_DIR = path.join(import.meta.dirname, '__no_client_build__');

/** The origin the test apps believe they are served from, unless a test sets PUBLIC_URL. */
export const TEST_PUBLIC_URL = 'http://127.0.0.1:5999';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The Drizzle database the app uses, for looking at what a request stored. */
  db: Database;
  database: DatabaseHandle;
}

export interface TestAppOptions {
  /** Environment overrides on top of LOG_LEVEL=silent and PUBLIC_URL=TEST_PUBLIC_URL. */
  env?: Record<string, string | undefined>;
  /** Realtime timings and limits (a short heartbeat, say). */
  realtime?: BuildAppOptions['realtime'];
  /** Translation timings (short retries, say). */
  translation?: BuildAppOptions['translation'];
  /** Sees every route as it is registered. */
  onRoute?: BuildAppOptions['onRoute'];
  /** Fetches profile pictures (a peer on this machine, say). */
  avatarFetcher?: BuildAppOptions['avatarFetcher'];
  /** Reads booking calendars (shorter limits, say). */
  calendarFeeds?: BuildAppOptions['calendarFeeds'];
  /** The completion report attached to owner e-mails (a fixed file in tests). */
  attachReport?: BuildAppOptions['attachReport'];
  /** Owner notices' timings (a short interval between report e-mails). */
  notifications?: BuildAppOptions['notifications'];
  /** The webhook dispatcher's timings (a short retry window, say). */
  webhooks?: BuildAppOptions['webhooks'];
}

export function testConfig(database: TestDatabase, env: TestAppOptions['env'] = {}): Config {
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...env,
  });
  return { ...config, database: database.config };
}

/**
 * Every answer of a test app is checked against the schema its route declares for that status
 * (docs/api.md: the OpenAPI document is generated from the same schemas). A mismatch is a
 * console.error, which fails the test (fail-on-console-error.ts), and the answer becomes a 500.
 */
export function reportResponseMismatch(mismatch: ResponseMismatch): void {
  console.error(`Answer does not match its declared schema: ${describeMismatch(mismatch)}`);
}

/** Builds an app on an already open database; closing the app leaves the database open. */
export async function buildTestApp(
  database: TestDatabase,
  options: TestAppOptions & { handle?: DatabaseHandle } = {},
): Promise<TestApp> {
  const config = testConfig(database, options.env);
  const handle = options.handle ?? database.handle;
  const app = await buildApp(config, {
    database: handle,
    clientDir: NO_CLIENT_DIR,
    checkResponses: reportResponseMismatch,
    ...(options.realtime ? { realtime: options.realtime } : {}),
    ...(options.translation ? { translation: options.translation } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.avatarFetcher ? { avatarFetcher: options.avatarFetcher } : {}),
    ...(options.attachReport ? { attachReport: options.attachReport } : {}),
    ...(options.calendarFeeds ? { calendarFeeds: options.calendarFeeds } : {}),
    ...(options.notifications ? { notifications: options.notifications } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
  });
  return { app, config, db: handle.db, database: handle };
}

export interface TestAppContext extends TestApp {
  testDatabase: TestDatabase;
  /** Another app on the same database (other settings), closed with the file. */
  buildApp(options?: TestAppOptions): Promise<TestApp>;
}

/**
 * One database and one app for the test file: built before its tests, closed (and the database
 * dropped) after them. The returned object is filled in by beforeAll; read its fields inside tests.
 */
export function setupTestApp(options: TestAppOptions = {}): TestAppContext {
  const context = {} as TestAppContext;
  const extraApps: FastifyInstance[] = [];

  beforeAll(async () => {
    const testDatabase = await createTestDatabase();
    context.testDatabase = testDatabase;
    try {
      Object.assign(context, await buildTestApp(testDatabase, options));
    } catch (error) {
      await testDatabase.destroy();
      throw error;
    }
    context.buildApp = async (more = {}) => {
      const built = await buildTestApp(testDatabase, more);
      extraApps.push(built.app);
      return built;
    };
  });

  afterAll(async () => {
    for (const app of extraApps) await app.close();
    await context.app?.close();
    await context.testDatabase?.destroy();
  });

  return context;
}

/** The session cookie the response set, as a Cookie header value ('name=value'). */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('listsync_session') && c.value);
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Signs a user in through POST /api/dev/login (local mode) and answers the Cookie header to send. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  displayName = '',
  cookie?: string,
): Promise<{ cookie: string; user: { uid: string; email: string; displayName: string } }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/dev/login',
    payload: { email, displayName },
    ...(cookie ? { headers: { cookie } } : {}),
  });
  if (response.statusCode !== 200) {
    throw new Error(`dev login failed: ${response.statusCode} ${response.body}`);
  }
  return { cookie: sessionCookieFrom(response), user: response.json().user };
}

/** GET /api/auth/me as the browser holding this cookie would see it. */
export async function currentUser(app: FastifyInstance, cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/me',
    ...(cookie ? { headers: { cookie } } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`/api/auth/me answered ${response.statusCode}`);
  return (response.json() as { user: User | null }).user;
}

let uniqueCounter = 0;
/** A unique e-mail address, so tests in a file never see each other's users. */
export function uniqueEmail(label = 'user'): string {
  uniqueCounter += 1;
  return `${label}.${Date.now().toString(36)}.${uniqueCounter}@example.com`;
}

/** A unique documentation-range IPv4 address, so per-IP rate limits never leak between tests. */
let ipCounter = 0;
export function uniqueIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`;
}

/** A TCP port that was free a moment ago on 127.0.0.1 (for apps that must know their URL before listening). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
