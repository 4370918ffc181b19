import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareResponse } from '#domain/sharing';
import { buildApp } from '#server/app';
import { Browser, popupData } from '#tests/support/browser';
import { createChecklist, draft, signInOwner } from '#tests/support/checklists';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import {
  buildTestApp,
  freePort,
  NO_CLIENT_DIR,
  reportResponseMismatch,
  setupTestApp,
  TEST_PUBLIC_URL,
  testConfig,
  uniqueIp,
} from '#tests/support/test-app';

/**
 * Page views and events: POST /api/analytics/events, what the server records of people's actions,
 * local mode's table at GET /api/dev/analytics, and Plausible's Events API against a local server.
 */

const context = setupTestApp();

interface Recorded {
  name: string;
  props: Record<string, unknown>;
  createdAt: string;
}

function post(
  payload: unknown,
  options: {
    contentType?: string;
    app?: FastifyInstance;
    ip?: string;
    headers?: Record<string, string>;
  } = {},
) {
  return (options.app ?? context.app).inject({
    method: 'POST',
    url: '/api/analytics/events',
    remoteAddress: options.ip ?? uniqueIp(),
    headers: {
      'content-type': options.contentType ?? 'application/json',
      'user-agent': 'Mozilla/5.0 (test)',
      ...options.headers,
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function recorded(app = context.app): Promise<Recorded[]> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/analytics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return (response.json() as { events: Recorded[] }).events;
}

/** The events recorded so far once `done` says they are all there (the writes behind a 202 run on). */
async function eventually(done: (events: Recorded[]) => boolean): Promise<Recorded[]> {
  for (let i = 0; i < 100; i++) {
    const events = await recorded();
    if (done(events)) return events;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the expected events were not recorded: ${JSON.stringify(await recorded())}`);
}

const named = (name: string) => (events: Recorded[]) => events.filter((event) => event.name === name);

describe('POST /api/analytics/events in local mode', () => {
  it('records an event (202, no body) and lists it newest first', async () => {
    const first = await post({ name: 'pageview', path: '/pricing' });
    expect(first.statusCode).toBe(202);
    expect(first.body).toBe('');
    await eventually((events) => events[0]?.name === 'pageview');
    await post({
      name: 'upgrade_clicked',
      path: '/pricing',
      props: { source: 'pricing', tier: 'professional' },
    });
    const [newest, previous] = await eventually((events) => events[0]?.name === 'upgrade_clicked');
    expect(newest).toMatchObject({
      name: 'upgrade_clicked',
      props: { path: '/pricing', source: 'pricing', tier: 'professional' },
    });
    expect(previous).toMatchObject({ name: 'pageview', props: { path: '/pricing' } });
    expect(Date.parse(newest?.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(previous?.createdAt ?? ''));
  });

  it('stores the route, never the token, and drops anything personal from the props', async () => {
    await post({
      name: 'subscription_cancelled',
      path: '/shared/AbCdEf0123456789xyzQ?lang=fr&code=123456#x',
      props: {
        source: 'email',
        language: 'fr',
        to: 'jane@example.com',
        code: '123456',
        token: 'AbCdEf0123456789xyzQ',
        checklist: 'Kitchen close-down',
        path: '/not-the-page',
      },
    });
    const [event] = await eventually((events) => events[0]?.name === 'subscription_cancelled');
    expect(event?.props).toEqual({ path: '/shared/:token', source: 'email', language: 'fr' });
    expect(JSON.stringify(event)).not.toMatch(/jane|123456|AbCdEf|Kitchen/);
  });

  it("accepts a beacon's text/plain body, from our own page past the cross-site guard", async () => {
    const beacon = await post(JSON.stringify({ name: 'pageview', path: '/checklist/checklist_123' }), {
      contentType: 'text/plain;charset=UTF-8',
      headers: { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors' },
    });
    expect(beacon.statusCode).toBe(202);
    const [event] = await eventually((events) => events[0]?.props.path === '/checklist/:id');
    expect(event?.name).toBe('pageview');

    const foreign = await post(JSON.stringify({ name: 'pageview', path: '/' }), {
      contentType: 'text/plain',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('cross_site_request');
  });

  it('refuses unknown names, bad or oversized props and bodies that are not JSON, with our error shape', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${'a'.repeat(i)}`, i]));
    for (const [payload, contentType] of [
      [{ name: 'steal_data', path: '/' }, 'application/json'],
      [{ path: '/' }, 'application/json'],
      [{ name: 'pageview', props: { 'Not-A-Key': 1 } }, 'application/json'],
      [{ name: 'pageview', props: { nested: { a: 1 } } }, 'application/json'],
      [{ name: 'pageview', props: { note: 'x'.repeat(101) } }, 'application/json'],
      [{ name: 'pageview', props: tooMany }, 'application/json'],
      [{ name: 'pageview', path: 'x'.repeat(600) }, 'application/json'],
      ['{not json', 'text/plain'],
    ] as const) {
      const response = await post(payload, { contentType });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.message).toEqual(expect.any(String));
    }
    const huge = await post({ name: 'pageview', path: '/', props: { a: 'x'.repeat(5_000) } });
    expect(huge.statusCode).toBe(413);
  });

  it('takes at most 120 events a minute from one address', async () => {
    const ip = '203.0.113.77';
    const answers = await Promise.all(
      Array.from({ length: 120 }, () => post({ name: 'pageview', path: '/' }, { ip })),
    );
    expect(answers.every((answer) => answer.statusCode === 202)).toBe(true);
    const refused = await post({ name: 'pageview', path: '/' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBeDefined();
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
    const created = named('checklist_created')(
      await eventually((events) => named('checklist_created')(events).length > 0),
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.props).toEqual({ path: '/api/checklists' });
  });

  it('a tick, a share, a verification and a recipient tick, on the page they came from, with nothing personal', async () => {
    const owner = await signInOwner(context.app, 'actions');
    const checklist = await createChecklist(owner);
    const tick = (completed: boolean, taskId: string) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/checklists/${checklist.id}/tasks/${taskId}`,
        headers: { cookie: owner.cookie, referer: `${TEST_PUBLIC_URL}/checklist/${checklist.id}?tab=x` },
        payload: { completed },
      });
    const [first, second] = checklist.tasks.map((task) => task.id);
    expect((await tick(true, first as string)).statusCode).toBe(200);
    expect((await tick(false, first as string)).statusCode).toBe(200);

    const sent: ShareResponse = await share(owner, checklist.id, { targetLanguage: 'es' });
    const recipient = recipientBrowser(context.app);
    await verified(recipient, sent);
    const theirs = await recipient.call('PATCH', `/api/checklists/${checklist.id}/tasks/${second}`, {
      completed: true,
    });
    expect(theirs.statusCode).toBe(200);

    const events = await eventually((all) => named('task_completed')(all).length >= 2);
    const [recipientTick, ownerTick] = named('task_completed')(events);
    expect(ownerTick?.props).toEqual({ path: '/checklist/:id', actor: 'owner' });
    expect(recipientTick?.props).toEqual({ path: '/api/checklists/:id/tasks/:taskId', actor: 'recipient' });
    expect(named('checklist_shared')(events)[0]?.props).toEqual({
      path: '/api/verification/send',
      channel: 'email',
      language: 'es',
      new_link: false,
    });
    expect(named('share_verified')(events)).toHaveLength(1);
    const everything = JSON.stringify(events);
    for (const secret of [checklist.id, sent.token, sent.verificationCode, 'jane.doe', owner.uid]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('counts a sign-out that ended a session, not a sign-out call with none', async () => {
    const before = named('sign_out')(await recorded()).length;
    const owner = await signInOwner(context.app, 'leaving');
    expect((await owner.call('POST', '/api/auth/logout')).statusCode).toBe(204);
    const nobody = await context.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(nobody.statusCode).toBe(204);
    await eventually((events) => named('sign_out')(events).length === before + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(named('sign_out')(await recorded())).toHaveLength(before + 1);
  });

  it('a submit names who acted, found from the session when the route did not say (decision 0065)', async () => {
    const owner = await signInOwner(context.app, 'submits');
    const mine = await createChecklist(owner);
    const theirs = await createChecklist(owner);
    const recipient = recipientBrowser(context.app);
    await verified(recipient, await share(owner, theirs.id));
    expect((await owner.call('POST', `/api/checklists/${mine.id}/submit`, {})).statusCode).toBe(200);
    expect((await recipient.call('POST', `/api/checklists/${theirs.id}/submit`, {})).statusCode).toBe(200);

    const events = await eventually((all) => named('checklist_submitted')(all).length >= 2);
    const actors = named('checklist_submitted')(events).map((event) => event.props.actor);
    expect(actors.sort()).toEqual(['owner', 'recipient']);
  });
});

describe('sign-in', () => {
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    app = (await context.buildApp({ env: { PUBLIC_URL: origin } })).app;
    await app.listen({ port, host: '127.0.0.1' });
  });

  it('is recorded when the sign-in popup lets someone in', async () => {
    const before = named('sign_in')(await recorded(app)).length;
    const browser = new Browser();
    const login = await browser.request(`${origin}/api/auth/login`);
    const chooser = (await browser.follow(login.location as URL)).response;
    const action = /<form method="post" action="([^"]+)">/.exec(chooser?.body ?? '')?.[1];
    if (!chooser || !action) throw new Error('no account chooser');
    const submitted = await browser.request(new URL(action.replaceAll('&amp;', '&'), origin), {
      method: 'POST',
      form: { email: 'ada@example.com', displayName: 'Ada Lovelace' },
    });
    const callback = (await browser.follow(submitted.location as URL)).response;
    expect(popupData(callback?.body ?? '').ok).toBe(true);
    for (let i = 0; i < 100 && named('sign_in')(await recorded(app)).length === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [event] = named('sign_in')(await recorded(app));
    expect(event?.props).toEqual({ path: '/api/auth/callback' });
    expect(JSON.stringify(event)).not.toMatch(/ada|Lovelace/i);
  });
});

describe('analytics off (production without ANALYTICS_URL)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const config = testConfig(context.testDatabase);
    app = await buildApp(
      { ...config, analytics: { kind: 'off' } },
      { database: context.database, clientDir: NO_CLIENT_DIR, checkResponses: reportResponseMismatch },
    );
  });
  afterAll(() => app.close());

  it('still answers 202 to the browser, keeps nothing and has no listing', async () => {
    const before = (await recorded()).length;
    expect((await post({ name: 'pageview', path: '/off' }, { app })).statusCode).toBe(202);
    const owner = await signInOwner(app, 'off');
    await createChecklist(owner);
    expect((await app.inject({ method: 'GET', url: '/api/dev/analytics' })).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await recorded()).toHaveLength(before);
  });
});

interface PlausibleCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

describe("Plausible's Events API", () => {
  const calls: PlausibleCall[] = [];
  let mode: 'ok' | 'fail' | 'hang' = 'ok';
  /** Answers a silent server holds back (until the server closes). */
  const held: ServerResponse[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    calls.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: JSON.parse(Buffer.concat(chunks).toString()),
    });
    if (mode === 'hang') {
      held.push(response);
      return;
    }
    // Plausible answers 202 Accepted with {} (docs: Events API reference).
    response.writeHead(mode === 'ok' ? 202 : 500, { 'content-type': 'application/json' });
    response.end(mode === 'ok' ? '{}' : '{"error":"boom"}');
  });
  let plausibleApp: FastifyInstance;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    plausibleApp = (
      await buildTestApp(context.testDatabase, {
        env: { ANALYTICS_URL: `http://127.0.0.1:${port}/`, ANALYTICS_SITE_ID: 'lists.example.com' },
      })
    ).app;
  });
  afterAll(async () => {
    await plausibleApp.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function next(): Promise<PlausibleCall> {
    for (let i = 0; i < 100 && calls.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const call = calls.shift();
    if (!call) throw new Error('Plausible got nothing');
    return call;
  }

  it("gets name, url, domain, string props, the visitor's User-Agent and X-Forwarded-For", async () => {
    const ip = uniqueIp();
    const response = await post(
      {
        name: 'upgrade_clicked',
        path: '/checklist/checklist_123?x=1',
        props: { source: 'plan_card', count: 3 },
      },
      { app: plausibleApp, ip },
    );
    expect(response.statusCode).toBe(202);
    const call = await next();
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/api/event');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['user-agent']).toBe('Mozilla/5.0 (test)');
    expect(call.headers['x-forwarded-for']).toBe(ip);
    expect(call.body).toEqual({
      name: 'upgrade_clicked',
      url: `${TEST_PUBLIC_URL}/checklist/:id`,
      domain: 'lists.example.com',
      props: { source: 'plan_card', count: '3' },
    });
  });

  it("sends a page view with another site's origin as its referrer, and no props when there are none", async () => {
    await post(
      {
        name: 'pageview',
        path: '/shared/AbCdEf0123456789xyzQ',
        referrer: 'https://mail.example.org/inbox?u=ann',
      },
      { app: plausibleApp },
    );
    expect((await next()).body).toEqual({
      name: 'pageview',
      url: `${TEST_PUBLIC_URL}/shared/:token`,
      domain: 'lists.example.com',
      referrer: 'https://mail.example.org',
    });
    await post(
      { name: 'pageview', path: '/pricing', referrer: `${TEST_PUBLIC_URL}/` },
      { app: plausibleApp },
    );
    expect((await next()).body).not.toHaveProperty('referrer');
  });

  it('gets the actions the server records too', async () => {
    const owner = await signInOwner(plausibleApp, 'plausible');
    await createChecklist(owner);
    const call = await next();
    expect(call.body).toMatchObject({ name: 'checklist_created', url: `${TEST_PUBLIC_URL}/api/checklists` });
  });

  it('never makes the user wait for, or fail with, a failing or silent analytics server', async () => {
    mode = 'fail';
    expect((await post({ name: 'pageview', path: '/' }, { app: plausibleApp })).statusCode).toBe(202);
    await next();
    mode = 'hang';
    const started = Date.now();
    expect((await post({ name: 'pageview', path: '/' }, { app: plausibleApp })).statusCode).toBe(202);
    const owner = await signInOwner(plausibleApp, 'hanging');
    expect((await owner.call('POST', '/api/checklists', draft())).statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);
    await next();
    mode = 'ok';
  });

  it('has no local listing', async () => {
    expect((await plausibleApp.inject({ method: 'GET', url: '/api/dev/analytics' })).statusCode).toBe(404);
  });
});
