import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draft, signInOwner } from '#tests/support/checklists';
import { setupTestApp, uniqueIp } from '#tests/support/test-app';

/** Page views and events: POST /api/analytics/events, the local table, and Plausible's Events API. */

const context = setupTestApp();

function post(payload: unknown, contentType = 'application/json', app = context.app) {
  return app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    remoteAddress: uniqueIp(),
    headers: { 'content-type': contentType, 'user-agent': 'Mozilla/5.0 (test)' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function recorded() {
  const response = await context.app.inject({ method: 'GET', url: '/api/dev/analytics' });
  expect(response.statusCode).toBe(200);
  return (
    response.json() as { events: { name: string; props: Record<string, unknown>; createdAt: string }[] }
  ).events;
}

/** Settles the fire-and-forget write behind a 202. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('local analytics', () => {
  it('records an event (202, no body) and lists it newest first', async () => {
    const first = await post({ name: 'pageview', path: '/pricing' });
    expect(first.statusCode).toBe(202);
    expect(first.body).toBe('');
    await post({
      name: 'upgrade_clicked',
      path: '/pricing',
      props: { source: 'pricing', tier: 'professional' },
    });
    await settle();
    const [newest, previous] = await recorded();
    expect(newest).toMatchObject({
      name: 'upgrade_clicked',
      props: { path: '/pricing', source: 'pricing', tier: 'professional' },
    });
    expect(previous).toMatchObject({ name: 'pageview', props: { path: '/pricing' } });
  });

  it('stores the route, never the token, and drops anything personal from the props', async () => {
    await post({
      name: 'checklist_shared',
      path: '/shared/AbCdEf0123456789xyzQ?lang=fr',
      props: { channel: 'email', to: 'jane@example.com', code: '123456', language: 'fr' },
    });
    await settle();
    const [event] = await recorded();
    expect(event).toMatchObject({
      name: 'checklist_shared',
      props: { path: '/shared/:token', channel: 'email', language: 'fr' },
    });
    expect(JSON.stringify(event)).not.toMatch(/jane|123456|AbCdEf/);
  });

  it("accepts a beacon's text/plain JSON body", async () => {
    const response = await post(
      JSON.stringify({ name: 'subscription_cancelled', path: '/subscription/cancel' }),
      'text/plain;charset=UTF-8',
    );
    expect(response.statusCode).toBe(202);
    await settle();
    expect((await recorded())[0]?.name).toBe('subscription_cancelled');
  });

  it('refuses unknown names, bad props and bodies that are not JSON with our error shape', async () => {
    for (const [payload, type] of [
      [{ name: 'steal_data', path: '/' }, 'application/json'],
      [{ name: 'pageview', props: { 'Not-A-Key': 1 } }, 'application/json'],
      [{ name: 'pageview', props: { nested: { a: 1 } } }, 'application/json'],
      ['{not json', 'text/plain'],
      [{ name: 'pageview', path: 'x'.repeat(600) }, 'application/json'],
    ] as const) {
      const response = await post(payload, type);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});

describe('actions recorded from the server', () => {
  it('counts a created checklist once, even when an offline replay sends it again', async () => {
    const owner = await signInOwner(context.app, 'counted');
    const create = () =>
      context.app.inject({
        method: 'POST',
        url: '/api/checklists',
        headers: { cookie: owner.cookie, 'idempotency-key': 'create-once-0001' },
        payload: draft(),
      });
    expect((await create()).statusCode).toBe(201);
    const replay = await create();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const refused = await owner.call('POST', '/api/checklists', { name: '' });
    expect(refused.statusCode).toBe(400);
    await settle();
    const created = (await recorded()).filter((event) => event.name === 'checklist_created');
    expect(created).toHaveLength(1);
    expect(created[0]?.props).toEqual({ path: '/api/checklists' });
  });
});

interface PlausibleCall {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

describe('Plausible', () => {
  const calls: PlausibleCall[] = [];
  let mode: 'ok' | 'fail' | 'hang' = 'ok';
  /** Answers a silent server holds back until the test lets them go. */
  const held: import('node:http').ServerResponse[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    calls.push({
      path: request.url ?? '',
      headers: request.headers,
      body: JSON.parse(Buffer.concat(chunks).toString()),
    });
    if (mode === 'hang') {
      held.push(response);
      return;
    }
    response.writeHead(mode === 'ok' ? 202 : 500, { 'content-type': 'application/json' });
    response.end(mode === 'ok' ? '{}' : '{"error":"boom"}');
  });
  let plausibleApp: Awaited<ReturnType<typeof context.buildApp>>['app'];

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    plausibleApp = (
      await context.buildApp({
        env: { ANALYTICS_URL: `http://127.0.0.1:${port}/`, ANALYTICS_SITE_ID: 'lists.example.com' },
      })
    ).app;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function next(): Promise<PlausibleCall> {
    for (let i = 0; i < 100 && calls.length === 0; i++) await settle();
    const call = calls.shift();
    if (!call) throw new Error('Plausible got nothing');
    return call;
  }

  it("sends Plausible's Events API request: name, url, domain, string props, User-Agent, X-Forwarded-For", async () => {
    const response = await post(
      {
        name: 'upgrade_clicked',
        path: '/checklist/checklist_123?x=1',
        props: { source: 'plan_card', count: 3 },
      },
      'application/json',
      plausibleApp,
    );
    expect(response.statusCode).toBe(202);
    const call = await next();
    expect(call.path).toBe('/api/event');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['user-agent']).toBe('Mozilla/5.0 (test)');
    expect(call.headers['x-forwarded-for']).toMatch(/^198\.51\.100\./);
    expect(call.body).toEqual({
      name: 'upgrade_clicked',
      url: 'http://127.0.0.1:5999/checklist/:id',
      domain: 'lists.example.com',
      props: { source: 'plan_card', count: '3' },
    });
  });

  it('never makes the user wait for, or fail with, a failing or silent analytics server', async () => {
    mode = 'fail';
    expect((await post({ name: 'pageview', path: '/' }, 'application/json', plausibleApp)).statusCode).toBe(
      202,
    );
    await next();
    mode = 'hang';
    const started = Date.now();
    expect((await post({ name: 'pageview', path: '/' }, 'application/json', plausibleApp)).statusCode).toBe(
      202,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    await next();
    mode = 'ok';
  });

  it('has no local listing', async () => {
    expect((await plausibleApp.inject({ method: 'GET', url: '/api/dev/analytics' })).statusCode).toBe(404);
  });
});
