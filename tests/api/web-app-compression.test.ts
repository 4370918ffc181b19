import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { compressAssets } from '../../scripts/compress-assets.mjs';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { testConfig } from '../support/test-app.ts';

/**
 * The built client goes out compressed (issue 15): the build writes Brotli and gzip copies of each text
 * asset, the server picks one by Accept-Encoding, says it varies by it, and keeps the caching rules
 * (hashed assets for a year, the rest revalidated). The page itself is compressed when the server starts.
 */

const BUNDLE = `export const tasks = [${Array.from({ length: 200 }, (_, i) => `'Strip bed ${i} and start the laundry'`).join(', ')}];\n`;
const STYLES = `.task { color: #111; }\n`.repeat(100);
const INDEX = `<!doctype html><html><head><title>x</title><link rel="stylesheet" href="/assets/index-abc123.css"></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;

let clientDir: string;
let testDatabase: TestDatabase;
let app: FastifyInstance;
let results: Awaited<ReturnType<typeof compressAssets>>;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'listsync-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  writeFileSync(path.join(clientDir, 'assets/index-abc123.js'), BUNDLE);
  writeFileSync(path.join(clientDir, 'assets/index-abc123.css'), STYLES);
  writeFileSync(path.join(clientDir, 'assets/tiny-abc123.js'), 'export {};\n');
  writeFileSync(path.join(clientDir, 'assets/icon-abc123.png'), Buffer.alloc(2048, 7));
  writeFileSync(
    path.join(clientDir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'ListSync'.repeat(60) }),
  );
  // A stale copy from an earlier build must not survive the next one.
  writeFileSync(path.join(clientDir, 'assets/gone-abc123.js.br'), 'stale');
  results = await compressAssets(clientDir);

  testDatabase = await createTestDatabase();
  app = await buildApp(testConfig(testDatabase), { database: testDatabase.handle, clientDir });
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.destroy();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the build step', () => {
  it('writes smaller Brotli and gzip copies of text assets only, and removes stale copies', () => {
    const byName = new Map(results.map((result) => [path.relative(clientDir, result.file), result]));
    const js = byName.get('assets/index-abc123.js');
    expect(js?.br).toBeLessThan(js?.bytes ?? 0);
    expect(js?.gz).toBeLessThan(js?.bytes ?? 0);
    expect(
      brotliDecompressSync(readFileSync(path.join(clientDir, 'assets/index-abc123.js.br'))).toString(),
    ).toBe(BUNDLE);
    expect(gunzipSync(readFileSync(path.join(clientDir, 'assets/index-abc123.js.gz'))).toString()).toBe(
      BUNDLE,
    );
    expect(byName.get('manifest.webmanifest')?.br).toBeGreaterThan(0);
    // Too small to be worth it; not text; HTML is compressed by the server with its config in it.
    expect(byName.get('assets/tiny-abc123.js')).toMatchObject({ br: null, gz: null });
    expect(byName.has('assets/icon-abc123.png')).toBe(false);
    expect(byName.has('index.html')).toBe(false);
    expect(() => readFileSync(path.join(clientDir, 'assets/gone-abc123.js.br'))).toThrow();
  });
});

describe('serving the build', () => {
  it('answers Brotli to a browser that takes it, with Vary and a year of immutable caching', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('answers gzip when Brotli is not accepted, and the plain file when nothing is', async () => {
    const gzipped = await get('/assets/index-abc123.css', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/text\/css/);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(STYLES);

    const refused = await get('/assets/index-abc123.css', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(STYLES);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BUNDLE);
  });

  it('sends a hashed asset only the headers a script can use; the page keeps every one, CSP first', async () => {
    const asset = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'origin-agent-cluster',
    ]) {
      expect(asset.headers[documentOnly], documentOnly).toBeUndefined();
    }
    // The same file by a percent-escaped path gets them all (never fewer headers by a trick).
    const escaped = await get('/%61ssets/index-abc123.js');
    expect(String(escaped.headers['content-security-policy'])).toContain("default-src 'self'");
    const page = await get('/dashboard');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const manifest = await get('/manifest.webmanifest');
    expect(String(manifest.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('serves files without a copy as they are', async () => {
    const tiny = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it('revalidates files outside assets/ and compresses them too', async () => {
    const manifest = await get('/manifest.webmanifest', { 'accept-encoding': 'br' });
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('sends the page compressed, revalidated, with its config, for every client route', async () => {
    for (const url of ['/', '/index.html', '/dashboard', '/shared/abc']) {
      const response = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const html = brotliDecompressSync(response.rawPayload).toString();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('application/json');
    }
    const gzipped = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
  });

  it('answers an unchanged page with 304 on revalidation, per encoding', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+-br"$/);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The Brotli copy's tag does not match the gzip representation.
    const otherEncoding = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(otherEncoding.statusCode).toBe(200);
    expect(otherEncoding.headers['content-encoding']).toBe('gzip');
  });
});
