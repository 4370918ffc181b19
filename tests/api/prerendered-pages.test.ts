import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { writeClientBuild } from '../support/client-build.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { testConfig } from '../support/test-app.ts';

/**
 * The server serves the public pages prerendered (issue 15): it runs the build's prerender once at
 * start-up with this deployment's settings, then picks a page per request by path, `?lang=` and
 * cookies. A stand-in prerender module here names each page by its variant, so the test sees which
 * one went out (the real one is drawn by tests/e2e/prerender.spec.ts).
 */

const PRERENDER = `
const names = ['landing', 'landing-no-banner', 'pricing', 'not-found', 'shared-code-es', 'shared-verified-es', 'shared-code-en'];
export async function prerenderPages(config) {
  if (process.env.LISTSYNC_TEST_PRERENDER_FAILS) throw new Error('the prerender broke');
  return names.map((name) => ({
    variant: {
      name,
      page: name.startsWith('shared') ? 'src/web/pages/shared.tsx' : 'src/web/pages/landing.tsx',
      language: name.endsWith('-es') ? 'es' : 'en',
      firstScreen: name.startsWith('shared-code') ? 'code' : name.startsWith('shared-verified') ? 'verified' : null,
    },
    html: '<main data-page="' + name + '">' + config.siteName + '</main>',
    title: name + ' · ' + config.siteName,
  }));
}
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-a.js' },
  'src/web/pages/shared.tsx': { file: 'assets/shared-b.js', imports: ['index.html'] },
  'src/web/i18n/compiled/es.ts': { file: 'assets/es-c.js' },
  // The landing page's own script (decision 0067).
  'src/web/landing-page.ts': { file: 'assets/landing-page-d.js', isEntry: true },
};

let root: string;
let testDatabase: TestDatabase;
let app: FastifyInstance;

const writeBuild = (dir: string) => writeClientBuild(dir, { prerender: PRERENDER, manifest: MANIFEST });

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'listsync-prerender-'));
  testDatabase = await createTestDatabase();
  app = await buildApp(testConfig(testDatabase, { SITE_NAME: 'Turnover Pro' }), {
    database: testDatabase.handle,
    clientDir: writeBuild(root),
  });
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.destroy();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const drawn = (body: string) => body.match(/data-page="([^"]+)"/)?.[1] ?? null;

describe('prerendered pages', () => {
  it("are drawn with this deployment's settings, into the shell with its public config", async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(drawn(response.body)).toBe('landing');
    expect(response.body).toContain('>Turnover Pro</main></div>');
    expect(response.body).toContain('<title>landing · Turnover Pro</title>');
    expect(response.body).toContain('id="listsync-config"');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    // A page depends on cookies as well as on the encoding: caches must keep them apart.
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it("give the landing page its own script and none of the app's, with the banner or without", async () => {
    for (const cookie of ['', 'listsync_banner=dismissed']) {
      const response = await get('/', { cookie });
      expect(response.body).toContain('<script type="module" crossorigin src="/assets/landing-page-d.js">');
      expect(response.body).not.toContain('index-a.js"></script>');
      expect(response.body).toContain('<script type="application/json" id="listsync-landing-next-page">');
      // The CSP lets the page's own file run, and nothing inline.
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    }
    // The other pages keep the app.
    expect((await get('/pricing')).body).not.toContain('landing-page-d.js');
  });

  it('leave the development banner out for a visitor who closed it', async () => {
    expect(drawn((await get('/', { cookie: 'listsync_banner=dismissed' })).body)).toBe('landing-no-banner');
  });

  it("give a shared link its language's code dialog, or the skeleton to a browser with a recipient cookie", async () => {
    const code = await get('/shared/some-token?lang=es');
    expect(drawn(code.body)).toBe('shared-code-es');
    expect(code.body).toContain('<html lang="es">');
    expect(code.body).toContain('<div id="root" data-first-screen="code">');
    expect(code.body).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-b.js">');
    expect(code.body).toContain('<link rel="modulepreload" crossorigin href="/assets/es-c.js">');

    // A recipient cookie names a browser, not a share: one that never verified this link gets the dialog
    // (the server asks; the browser that did is drawn by tests/e2e/prerender.spec.ts).
    const stranger = await get('/shared/checklist/some-token?lang=es', { cookie: 'listsync_recipient=abc' });
    expect(drawn(stranger.body)).toBe('shared-code-es');
    // Its first asks are not started for it either: they would only say that it must enter a code.
    expect(stranger.headers.link).toBeUndefined();
    expect(drawn((await get('/shared/some-token?lang=zz')).body)).toBe('shared-code-en');
  });

  it('answer 404 with the 404 page for a path that is no route, and the shell for the signed-in routes', async () => {
    const missing = await get('/no/such/page', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    // A 404 is never turned into a 304, whatever the tag sent.
    const again = await get('/no/such/page', { 'if-none-match': '*' });
    expect(again.statusCode).toBe(404);
    expect(drawn(again.body)).toBe('not-found');

    const dashboard = await get('/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('<div id="root"></div>');
    // The server's own paths keep their JSON 404.
    const api = await get('/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('are revalidated by their own tag, each encoding its own', async () => {
    const first = await get('/shared/t?lang=es', { 'accept-encoding': 'gzip' });
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/-gzip"$/);
    expect(
      (await get('/shared/t?lang=es', { 'accept-encoding': 'gzip', 'if-none-match': tag })).statusCode,
    ).toBe(304);
    // Another page (another language) is another representation: the old tag does not match it.
    const other = await get('/shared/t', { 'accept-encoding': 'gzip', 'if-none-match': tag });
    expect(other.statusCode).toBe(200);
  });

  it("keep the build's manifest private", async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('"file":');
  });
});

describe('a prerender that fails at start-up', () => {
  it('leaves every route on the plain shell instead of taking the site down', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'listsync-prerender-broken-'));
    process.env.LISTSYNC_TEST_PRERENDER_FAILS = '1';
    const database = await createTestDatabase();
    try {
      // A module URL is imported once per process: a copy at another path is a fresh import.
      const broken = await buildApp(testConfig(database), {
        database: database.handle,
        clientDir: writeBuild(dir),
      });
      const response = await broken.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      await broken.close();
    } finally {
      delete process.env.LISTSYNC_TEST_PRERENDER_FAILS;
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
