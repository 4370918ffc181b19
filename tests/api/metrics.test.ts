import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listenMetrics } from '#server/http/routes/metrics';
import { createChecklist, errorOf, signInOwner, tick } from '#tests/support/checklists';
import { openSocket, subscribedSocket } from '#tests/support/realtime';
import { freePort, setupTestApp } from '#tests/support/test-app';

/** GET /metrics (docs/decisions/0022): who may read it, what it says, and that the counts move. */

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const t = setupTestApp({ env: { METRICS_TOKEN: TOKEN } });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses the Prometheus text format (0.0.4) strictly: every line is a # HELP, a # TYPE or a sample
 * `name{label="value",...} number`; anything else fails the test.
 */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  const typed = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(comment[3]).toMatch(/^(counter|gauge|histogram|summary|untyped)$/);
        typed.add(comment[2] as string);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a line of the Prometheus text format: ${line}`);
    const labels: Record<string, string> = {};
    const labelText = sample[2] ?? '';
    const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
    let match: RegExpExecArray | null = labelPattern.exec(labelText);
    let consumed = 0;
    while (match) {
      labels[match[1] as string] = match[2] as string;
      consumed = labelPattern.lastIndex;
      match = labelPattern.exec(labelText);
    }
    if (consumed !== labelText.length) throw new Error(`malformed labels: ${line}`);
    // Go's ParseFloat, which Prometheus uses, takes NaN and Inf in any case (prom-client writes 'Nan').
    const raw = sample[3] as string;
    const value = /^[+-]?inf$/i.test(raw)
      ? raw.startsWith('-')
        ? Number.NEGATIVE_INFINITY
        : Number.POSITIVE_INFINITY
      : /^nan$/i.test(raw)
        ? Number.NaN
        : Number(raw);
    if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`not a number: ${line}`);
    const name = sample[1] as string;
    const family = name.replace(/_(bucket|sum|count|total|created)$/, '');
    if (!typed.has(name) && !typed.has(family)) throw new Error(`a sample before its # TYPE: ${line}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

async function scrape(app: FastifyInstance): Promise<{ text: string; samples: Sample[] }> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: response.body, samples: parseExposition(response.body) };
}

function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('who may read GET /metrics', () => {
  it('is not a route without METRICS_TOKEN (404), and nothing is counted per request', async () => {
    const { app } = await t.buildApp();
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
    await app.inject({ method: 'GET', url: '/healthz' });
    const text = await app.metrics.registry.metrics();
    expect(text).not.toContain('http_request_duration_seconds_count');
    expect(text).not.toContain('process_cpu_user_seconds_total');
  });

  it('with METRICS_TOKEN, answers 401 without the token or with a wrong one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).code).toBe('unauthenticated');
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      'Bearer ',
      `Basic ${TOKEN}`,
    ]) {
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
      expect(wrong.statusCode, authorization).toBe(401);
      expect(wrong.body).not.toContain('# TYPE');
    }
  });

  it('with the token, answers the Prometheus text format, process metrics included', async () => {
    const { samples } = await scrape(t.app);
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeDefined();
    expect(sampleValue(samples, 'listsync_queue_size', { queue: 'change_notices' })).toBe(0);
    expect(sampleValue(samples, 'listsync_queue_size', { queue: 'idempotent_answers' })).toBe(0);
    expect(sampleValue(samples, 'listsync_websocket_connections', { kind: 'anonymous' })).toBe(0);
  });

  it('on METRICS_PORT, answers on its own listener without a token, and only /metrics', async () => {
    const { app } = await t.buildApp({ env: { METRICS_PORT: '9464' } });
    const address = await listenMetrics(app, await freePort(), '127.0.0.1');
    expect(address.address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${address.port}`;
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(parseExposition(await response.text()).length).toBeGreaterThan(10);
    expect((await fetch(`${base}/api/checklists`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    // Not on the main port: that needs METRICS_TOKEN.
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await app.close();
    await expect(fetch(`${base}/metrics`)).rejects.toThrow();
  });
});

describe('what GET /metrics counts', () => {
  it('labels requests by route pattern, method and status class, never by the path', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const missing = 'zz9plural0alpha0missing';
    const before = (await scrape(t.app)).samples;
    const count = (samples: Sample[], labels: Record<string, string>) =>
      sampleValue(samples, 'http_request_duration_seconds_count', labels) ?? 0;
    const read = { route: '/api/checklists/:id', method: 'GET', status_class: '2xx' };
    const notFound = { route: '/api/checklists/:id', method: 'GET', status_class: '4xx' };
    const unmatched = { route: 'unmatched', method: 'GET', status_class: '4xx' };

    expect((await owner.call('GET', `/api/checklists/${checklist.id}`)).statusCode).toBe(200);
    expect((await owner.call('GET', `/api/checklists/${checklist.id}`)).statusCode).toBe(200);
    expect((await owner.call('GET', `/api/checklists/${missing}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/no/such/${missing}?token=${missing}` })).statusCode,
    ).toBe(404);

    const { text, samples } = await scrape(t.app);
    expect(count(samples, read) - count(before, read)).toBe(2);
    expect(count(samples, notFound) - count(before, notFound)).toBe(1);
    expect(count(samples, unmatched) - count(before, unmatched)).toBe(1);
    expect(sampleValue(samples, 'http_request_duration_seconds_bucket', { ...read, le: '+Inf' })).toBe(
      count(samples, read),
    );
    // No id, token or query string became a label.
    expect(text).not.toContain(checklist.id);
    expect(text).not.toContain(missing);
    expect(text).not.toContain(owner.uid);
    const routes = new Set(samples.flatMap((sample) => (sample.labels.route ? [sample.labels.route] : [])));
    for (const route of routes) expect(route).toMatch(/^(unmatched|\/[a-zA-Z0-9/_:.*-]*)$/);
  });

  it('counts open WebSockets by kind: up on open, down on close', async () => {
    const { app } = await t.buildApp({ env: { METRICS_TOKEN: TOKEN } });
    const owner = await signInOwner(app);
    const sockets = async (kind: string) =>
      sampleValue((await scrape(app)).samples, 'listsync_websocket_connections', { kind });
    expect(await sockets('anonymous')).toBe(0);

    const anonymous = await openSocket(app);
    await eventually(async () => (await sockets('anonymous')) === 1, 'the anonymous socket to count');
    const owners = await openSocket(app, { cookie: owner.cookie });
    await eventually(async () => (await sockets('owner')) === 1, 'the owner socket to count');
    expect(await sockets('anonymous')).toBe(1);
    expect(await sockets('recipient')).toBe(0);

    anonymous.close();
    await anonymous.closed;
    await eventually(async () => (await sockets('anonymous')) === 0, 'the closed socket to be uncounted');
    expect(await sockets('owner')).toBe(1);
    owners.close();
    await owners.closed;
    await eventually(async () => (await sockets('owner')) === 0, 'the owner socket to be uncounted');
    await app.close();
  });

  it('observes one realtime fan-out lag per update sent', async () => {
    const { app } = await t.buildApp({ env: { METRICS_TOKEN: TOKEN } });
    const owner = await signInOwner(app);
    const checklist = await createChecklist(owner);
    const lagCount = async () =>
      sampleValue((await scrape(app)).samples, 'listsync_realtime_fanout_lag_seconds_count') ?? 0;
    expect(await lagCount()).toBe(0);
    const socket = await subscribedSocket(app, checklist.id, { cookie: owner.cookie });
    expect((await tick(owner, checklist, 0)).statusCode).toBe(200);
    await socket.next('update');
    await eventually(async () => (await lagCount()) === 1, 'one fan-out to be observed');
    const { samples } = await scrape(app);
    const sum = sampleValue(samples, 'listsync_realtime_fanout_lag_seconds_sum') ?? -1;
    expect(sum).toBeGreaterThanOrEqual(0);
    expect(sum).toBeLessThan(5);
    socket.close();
    await socket.closed;
    await app.close();
  });

  it('counts a failed e-mail by provider and kind', async () => {
    const { app } = await t.buildApp({
      env: {
        METRICS_TOKEN: TOKEN,
        // Nothing listens there: the carrier is unreachable.
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        MAIL_FROM: 'ListSync <no-reply@lists.example.com>',
      },
    });
    const labels = { service: 'email', provider: 'smtp', kind: 'unreachable' };
    expect(
      sampleValue((await scrape(app)).samples, 'listsync_provider_errors_total', labels),
    ).toBeUndefined();
    const owner = await signInOwner(app);
    const checklist = await createChecklist(owner);
    const response = await owner.call('POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      email: 'jane.doe@example.com',
      recipientName: 'Jane',
    });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response).code).toBe('delivery_failed');
    expect(sampleValue((await scrape(app)).samples, 'listsync_provider_errors_total', labels)).toBe(1);
    await app.close();
  });
});
