import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '#domain/webhooks';
import { webhooks } from '#server/db/schema/index';
import { bearer, createToken } from '#tests/support/api-tokens';
import { caller, errorOf, signInOwner } from '#tests/support/checklists';
import { PRODUCTION } from '#tests/support/config-environments';
import { colleagueOf, paidOwner } from '#tests/support/schedules';
import { ownedTeamId, setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';
import { createWebhook, deliveriesWhen } from '#tests/support/webhooks';

/** Webhook endpoints: making, reading, changing and deleting them, and every refusal. */
const t = setupTestApp();
const URL_A = 'http://127.0.0.1:9/hooks';

describe('POST and GET /api/webhooks', () => {
  it('makes an endpoint and answers its signing secret once, sealed in the database', async () => {
    const owner = await paidOwner(t.app, t.db);
    const { webhook, secret } = await createWebhook(owner, URL_A, ['task.completed', 'checklist.created']);
    expect(webhook).toEqual({
      id: expect.any(String),
      url: URL_A,
      events: ['checklist.created', 'task.completed'],
      enabled: true,
      disabledReason: null,
      createdAt: expect.any(String),
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(key.byteLength).toBeGreaterThanOrEqual(24);
    expect(key.byteLength).toBeLessThanOrEqual(32);
    const [stored] = await t.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(stored?.sealedSecret).not.toContain(secret.slice(6));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));

    const list = await owner.call('GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ webhooks: [webhook] });
    const one = await owner.call('GET', `/api/webhooks/${webhook.id}`);
    expect(one.json()).toEqual({ webhook });
  });

  it('refuses bad input with 400 validation_failed and the field', async () => {
    const owner = await paidOwner(t.app, t.db);
    const cases: [unknown, string, string][] = [
      [{ events: ['task.completed'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [{ url: '', events: ['task.completed'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [{ url: 'ftp://example.com/x', events: ['task.completed'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'not a url', events: ['task.completed'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'https://u:p@example.com/', events: ['task.completed'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [
        { url: `https://example.com/${'a'.repeat(2000)}`, events: ['task.completed'] },
        'url',
        WEBHOOK_MESSAGES.urlTooLong,
      ],
      [{ url: URL_A }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: URL_A, events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: URL_A, events: ['task.deleted'] }, 'events.0', WEBHOOK_MESSAGES.eventUnknown],
    ];
    for (const [body, path, message] of cases) {
      const response = await owner.call('POST', '/api/webhooks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('validation_failed');
      expect(errorOf(response).issues, JSON.stringify(body)).toContainEqual({ path, message });
    }
    const extra = await owner.call('POST', '/api/webhooks', { url: URL_A, events: ['task.completed'], x: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await owner.call('GET', '/api/webhooks').then((r) => r.json().webhooks)).toEqual([]);
  });

  it('is for paid teams (403 plan_limit_reached), their owner and admins (member: 403 forbidden)', async () => {
    const free = await signInOwner(t.app, 'free');
    for (const [method, url] of [
      ['POST', '/api/webhooks'],
      ['GET', '/api/webhooks'],
    ] as const) {
      const response = await free.call(
        method,
        url,
        method === 'POST' ? { url: URL_A, events: ['task.completed'] } : undefined,
      );
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({
        code: 'plan_limit_reached',
        message: WEBHOOK_MESSAGES.paidOnly,
      });
    }
    const owner = await paidOwner(t.app, t.db);
    const admin = await colleagueOf(t.app, t.db, owner, 'admin');
    const member = await colleagueOf(t.app, t.db, owner, 'member');
    const { webhook } = await createWebhook(admin, URL_A);
    for (const [method, url] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
      ['GET', `/api/webhooks/${webhook.id}`],
      ['PATCH', `/api/webhooks/${webhook.id}`],
      ['DELETE', `/api/webhooks/${webhook.id}`],
      ['GET', `/api/webhooks/${webhook.id}/deliveries`],
      ['POST', `/api/webhooks/${webhook.id}/test`],
    ] as const) {
      const body =
        method === 'POST' || method === 'PATCH' ? { url: URL_A, events: ['task.completed'] } : undefined;
      const response = await member.call(method, url, method === 'PATCH' ? { enabled: false } : body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(response).code).toBe('forbidden');
    }
    // A downgraded team's endpoints are out of reach until it pays again; nothing is deleted.
    await setOwnedTeamTier(t.db, owner.uid, 'free');
    expect((await owner.call('GET', '/api/webhooks')).statusCode).toBe(403);
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    expect((await owner.call('GET', '/api/webhooks')).json().webhooks).toHaveLength(1);
  });

  it("answers 404 for another team's endpoint, and its deliveries", async () => {
    const owner = await paidOwner(t.app, t.db);
    const other = await paidOwner(t.app, t.db, 'other');
    const { webhook } = await createWebhook(owner, URL_A);
    const test = await owner.call('POST', `/api/webhooks/${webhook.id}/test`);
    const deliveryId = test.json().delivery.id;
    for (const [method, url] of [
      ['GET', `/api/webhooks/${webhook.id}`],
      ['PATCH', `/api/webhooks/${webhook.id}`],
      ['DELETE', `/api/webhooks/${webhook.id}`],
      ['GET', `/api/webhooks/${webhook.id}/deliveries`],
      ['POST', `/api/webhooks/${webhook.id}/test`],
      ['POST', `/api/webhooks/${webhook.id}/deliveries/${deliveryId}/retry`],
      ['GET', '/api/webhooks/wh_missing'],
    ] as const) {
      const response = await other.call(method, url, method === 'PATCH' ? { enabled: false } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(response)).toMatchObject({ code: 'not_found', message: WEBHOOK_MESSAGES.notFound });
    }
    const missing = await owner.call('POST', `/api/webhooks/${webhook.id}/deliveries/msg_missing/retry`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(WEBHOOK_MESSAGES.deliveryNotFound);
    expect((await owner.call('GET', `/api/webhooks/${webhook.id}`)).statusCode).toBe(200);
  });

  it(`keeps at most ${WEBHOOK_LIMITS.perTeam} endpoints a team (409 webhook_limit_reached)`, async () => {
    const owner = await paidOwner(t.app, t.db);
    const teamId = await ownedTeamId(t.db, owner.uid);
    await t.db.insert(webhooks).values(
      Array.from({ length: WEBHOOK_LIMITS.perTeam }, (_, i) => ({
        id: `wh_limit_${teamId}_${i}`,
        teamId,
        url: URL_A,
        events: ['task.completed' as const],
        sealedSecret: 'x',
      })),
    );
    const refused = await owner.call('POST', '/api/webhooks', { url: URL_A, events: ['task.completed'] });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'webhook_limit_reached',
      message: WEBHOOK_MESSAGES.limitReached,
      limit: WEBHOOK_LIMITS.perTeam,
    });
    const first = `wh_limit_${teamId}_0`;
    expect((await owner.call('DELETE', `/api/webhooks/${first}`)).statusCode).toBe(204);
    expect((await owner.call('DELETE', `/api/webhooks/${first}`)).statusCode).toBe(404);
    await createWebhook(owner, URL_A);
  });
});

describe('PATCH /api/webhooks/{id}', () => {
  it('changes the URL and events, turns it off and on again', async () => {
    const owner = await paidOwner(t.app, t.db);
    const { webhook } = await createWebhook(owner, URL_A);
    const changed = await owner.call('PATCH', `/api/webhooks/${webhook.id}`, {
      url: 'http://127.0.0.1:9/other',
      events: ['photo.added', 'checklist.overdue'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().webhook).toMatchObject({
      url: 'http://127.0.0.1:9/other',
      events: ['photo.added', 'checklist.overdue'],
      enabled: true,
    });
    const off = await owner.call('PATCH', `/api/webhooks/${webhook.id}`, { enabled: false });
    expect(off.json().webhook).toMatchObject({ enabled: false, disabledReason: null });
    const on = await owner.call('PATCH', `/api/webhooks/${webhook.id}`, { enabled: true });
    expect(on.json().webhook).toMatchObject({ enabled: true, disabledReason: null });
    for (const body of [{}, { url: 'ftp://x' }, { events: [] }, { enabled: 'yes' }, { secret: 'x' }]) {
      const response = await owner.call('PATCH', `/api/webhooks/${webhook.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('validation_failed');
    }
  });
});

describe('targets in production', () => {
  it('refuses http and private or loopback addresses with 400 validation_failed', async () => {
    const production = await t.buildApp({ env: PRODUCTION });
    // Signed in on the test app; the same session (same database) on the production one, whose
    // cookie is named with the __Host- prefix.
    const signedIn = await paidOwner(t.app, t.db, 'production');
    const owner = { ...signedIn, call: caller(production.app, `__Host-${signedIn.cookie}`) };
    for (const [url, message] of [
      ['http://hooks.example.com/in', WEBHOOK_MESSAGES.urlInvalid],
      ['https://127.0.0.1/in', WEBHOOK_MESSAGES.urlNotPublic],
      ['https://10.1.2.3/in', WEBHOOK_MESSAGES.urlNotPublic],
      ['https://[::1]/in', WEBHOOK_MESSAGES.urlNotPublic],
      ['https://169.254.169.254/latest', WEBHOOK_MESSAGES.urlNotPublic],
      ['https://localhost/in', WEBHOOK_MESSAGES.urlNotPublic],
    ] as const) {
      const response = await owner.call('POST', '/api/webhooks', { url, events: ['task.completed'] });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'validation_failed',
        issues: [{ path: 'url', message }],
      });
    }
    const public_ = await owner.call('POST', '/api/webhooks', {
      url: 'https://93.184.215.14/in',
      events: ['task.completed'],
    });
    expect(public_.statusCode, public_.body).toBe(201);
    const moved = await owner.call('PATCH', `/api/webhooks/${public_.json().webhook.id}`, {
      url: 'https://192.168.1.2/',
    });
    expect(moved.statusCode).toBe(400);
    expect(errorOf(moved).issues).toEqual([{ path: 'url', message: WEBHOOK_MESSAGES.urlNotPublic }]);
    // Checked again at each send: an address that became private (DNS changes) is refused then too.
    const id = public_.json().webhook.id;
    await t.db.update(webhooks).set({ url: 'https://127.0.0.1:9/in' }).where(eq(webhooks.id, id));
    const queued = (await owner.call('POST', `/api/webhooks/${id}/test`)).json().delivery;
    await production.app.webhooks.start();
    const [refused] = await deliveriesWhen(owner, id, ([d]) => d?.attempts === 1 && d.error !== null);
    expect(refused).toMatchObject({
      id: queued.id,
      status: 'pending',
      responseStatus: null,
      error: 'refused: the host is not on the public internet',
    });
  });
});

describe('API tokens', () => {
  it('reach every webhook route with webhooks:manage; another scope is 403 insufficient_scope', async () => {
    const owner = await paidOwner(t.app, t.db, 'tokens');
    const manage = bearer(t.app, (await createToken(owner, ['webhooks:manage'])).secret);
    const created = await manage('POST', '/api/webhooks', { url: URL_A, events: ['task.completed'] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().webhook.id;
    expect((await manage('GET', '/api/webhooks')).json().webhooks).toHaveLength(1);
    expect((await manage('PATCH', `/api/webhooks/${id}`, { enabled: false })).statusCode).toBe(200);
    expect((await manage('POST', `/api/webhooks/${id}/test`)).statusCode).toBe(202);
    expect((await manage('GET', `/api/webhooks/${id}/deliveries`)).json().deliveries).toHaveLength(1);
    const read = bearer(t.app, (await createToken(owner, ['checklists:read', 'checklists:write'])).secret);
    const refused = await read('GET', '/api/webhooks');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'insufficient_scope', scope: 'webhooks:manage' });
    expect((await manage('DELETE', `/api/webhooks/${id}`)).statusCode).toBe(204);
  });
});
