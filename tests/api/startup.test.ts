import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPAWNED_SERVER_TEST_MS } from '#tests/support/budgets';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/support/database';
import { listeningUrl, startServer, until } from '#tests/support/server-process';

/**
 * The real start-up (src/server/main.ts in its own process): production refuses to start without its
 * settings, naming them; a configured server starts, answers, and shuts down cleanly on SIGTERM.
 */

describe('start-up', () => {
  it(
    'APP_ENV=production with nothing configured refuses to start, naming every missing setting',
    async () => {
      const server = startServer({ APP_ENV: 'production' });
      expect(await server.exited).toBe(78);
      const said = server.stderr();
      expect(said).toContain('Invalid configuration');
      for (const name of [
        'DATABASE_URL',
        'OIDC_ISSUER',
        'PUBLIC_URL',
        'SMTP_URL',
        'TWILIO_ACCOUNT_SID',
        'APP_SECRET',
      ]) {
        expect(said).toContain(name);
      }
      expect(server.stdout()).not.toContain('listening');
    },
    SPAWNED_SERVER_TEST_MS,
  );

  it(
    'APP_ENV=production refuses an http PUBLIC_URL',
    async () => {
      const server = startServer({
        APP_ENV: 'production',
        PUBLIC_URL: 'http://lists.example.com',
        DATABASE_URL: 'postgres://127.0.0.1:1/none',
        OIDC_ISSUER: 'https://issuer.example',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 'secret',
      });
      expect(await server.exited).toBe(78);
      expect(server.stderr()).toContain('PUBLIC_URL must be an https address when APP_ENV=production');
    },
    SPAWNED_SERVER_TEST_MS,
  );
});

describe('a configured server', () => {
  const kind = testDatabaseKind();
  let database: TestDatabase | undefined;
  let dataDir: string;

  beforeAll(async () => {
    if (kind === 'postgres') database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'listsync-startup-'));
  });

  afterAll(async () => {
    await database?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'starts, answers /healthz and /readyz, keeps secrets out of its log, and stops cleanly on SIGTERM',
    async () => {
      const clientSecret = 'oidc-client-secret-never-logged';
      const smtpPassword = 'smtp-password-never-logged';
      const twilioToken = 'twilio-token-never-logged';
      const appSecret = 'app-secret-never-logged-0123456789abcdef';
      // On PostgreSQL: production with everything set. On PGlite: local mode on disk under DATA_DIR.
      const env: Record<string, string> =
        database?.config.kind === 'postgres'
          ? {
              APP_ENV: 'production',
              PUBLIC_URL: 'https://lists.example.com',
              DATABASE_URL: database.config.url,
              OIDC_ISSUER: 'https://issuer.example',
              OIDC_CLIENT_ID: 'listsync',
              OIDC_CLIENT_SECRET: clientSecret,
              // Nothing is sent at start-up: these only have to be complete.
              SMTP_URL: `smtps://mailer:${smtpPassword}@smtp.example.com:465`,
              MAIL_FROM: 'ListSync <no-reply@lists.example.com>',
              TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
              TWILIO_AUTH_TOKEN: twilioToken,
              TWILIO_FROM_NUMBER: '+14155550100',
              APP_SECRET: appSecret,
              // Said outright: production never starts without translation unless told (0056).
              TRANSLATION_PROVIDER: 'none',
            }
          : { DATA_DIR: dataDir };
      const server = startServer({ ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
      try {
        const url = await listeningUrl(server);
        const health = await fetch(`${url}/healthz`);
        expect(health.status).toBe(200);
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ status: 'ready', database: kind });

        if (kind === 'pglite') {
          // Local mode says so in the log.
          expect(server.stdout()).toContain(
            'Local mode: database (embedded PGlite), sign-in (local account chooser)',
          );
          // Which translation engine runs: Apertium when this machine has it, else none.
          expect(server.stdout()).toMatch(/Translation: (apertium \(|none)/);
        } else {
          expect(server.stdout()).not.toContain('Local mode');
        }
      } finally {
        server.child.kill('SIGTERM');
      }
      expect(await server.exited).toBe(0);
      expect(server.stdout()).toContain('shutting down');
      for (const secret of [clientSecret, smtpPassword, twilioToken, appSecret]) {
        expect(server.stdout()).not.toContain(secret);
        expect(server.stderr()).not.toContain(secret);
      }
    },
    SPAWNED_SERVER_TEST_MS,
  );

  // The process's shutdown does not depend on the database kind: checked once, in local mode.
  it.runIf(kind === 'pglite')(
    'on SIGTERM refuses new connections but finishes the request in flight',
    async () => {
      const server = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      const url = new URL(await listeningUrl(server));

      // A request in flight: its headers and half its body arrive before the signal, the rest after.
      const socket = net.connect(Number(url.port), url.hostname);
      await new Promise((resolve) => socket.once('connect', resolve));
      let response = '';
      socket.on('data', (chunk) => {
        response += String(chunk);
      });
      const body = JSON.stringify({ email: 'in-flight@example.com' });
      socket.write(
        `POST /api/mailing-list/subscribe HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
      );
      // In flight once the server has begun it (its log says so), however long that takes here.
      await until(() => /^(?=.*incoming request)(?=.*mailing-list).*$/m.test(server.stdout()));

      server.child.kill('SIGTERM');
      // New connections are refused once the signal is handled; the request in flight holds the exit.
      await until(
        async () =>
          await fetch(`${url.origin}/healthz`).then(
            () => false,
            () => true,
          ),
      );

      socket.write(body.slice(5));
      expect(await server.exited).toBe(0);
      expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(response).toContain('"ok":true');
    },
    SPAWNED_SERVER_TEST_MS,
  );

  // Start-up's words do not depend on the database kind: checked once, in local mode.
  it.runIf(kind === 'pglite')(
    'APP_ENV at its default, reached beyond this computer, without Stripe: billing is off, and says why',
    async () => {
      const server = startServer({
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://lists.example.com',
        DATA_DIR: dataDir,
      });
      try {
        await listeningUrl(server);
        const said = server.stdout();
        expect(said).toContain(
          'Billing is off: no STRIPE_* settings, and the test checkout runs only on this computer, not with PUBLIC_URL=https://lists.example.com',
        );
        expect(said).toContain('BILLING_TEST_CHECKOUT=enabled for a test deployment');
        expect(said).not.toContain('billing (test checkout)');
      } finally {
        server.child.kill('SIGTERM');
      }
      expect(await server.exited).toBe(0);
    },
    SPAWNED_SERVER_TEST_MS,
  );
});
