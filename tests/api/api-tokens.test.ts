import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_LIMITS, API_TOKEN_MESSAGES } from '#domain/api-access';
import { apiTokens, sessions } from '#server/db/schema/index';
import { hashSecret } from '#server/ids';
import { addToTeam } from '#tests/support/access-rows';
import { ALL_SCOPES, bearer, createToken } from '#tests/support/api-tokens';
import { createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import { colleagueOf, paidOwner } from '#tests/support/schedules';
import { ownedTeamId, setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/** API tokens: made, listed and revoked by a team's managers; used as `Authorization: Bearer`. */
const t = setupTestApp({ env: { API_TOKEN_RATE_LIMIT: '25' } });

describe('POST, GET and DELETE /api/tokens', () => {
  it('answers the secret once, stores only its hash, and lists the token without it', async () => {
    const owner = await paidOwner(t.app, t.db);
    const before = Date.now();
    const { token, secret } = await createToken(owner, ['checklists:write', 'checklists:read'], '  Sheets  ');
    expect(secret).toMatch(/^ls_[A-Za-z0-9_-]{43}$/);
    expect(token).toEqual({
      id: expect.stringMatching(/^token_/),
      name: 'Sheets',
      // In the order of API_SCOPES, whatever order they were asked in.
      scopes: ['checklists:read', 'checklists:write'],
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(new Date(token.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const listed = await owner.call('GET', '/api/tokens');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ tokens: [token] });
    expect(listed.body).not.toContain(secret);
  });

  it('tracks lastUsedAt when the token is used', async () => {
    const owner = await paidOwner(t.app, t.db);
    const { token, secret } = await createToken(owner);
    expect((await bearer(t.app, secret)('GET', '/api/checklists')).statusCode).toBe(200);
    const [listed] = (await owner.call('GET', '/api/tokens')).json().tokens;
    expect(listed.id).toBe(token.id);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(new Date(listed.lastUsedAt).getTime()).toBeGreaterThanOrEqual(new Date(token.createdAt).getTime());
  });

  it('refuses bad input with the field named, and makes nothing', async () => {
    const owner = await paidOwner(t.app, t.db);
    const cases: [unknown, string, string][] = [
      [{ name: '', scopes: ['checklists:read'] }, 'name', API_TOKEN_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(81), scopes: ['checklists:read'] }, 'name', API_TOKEN_MESSAGES.nameTooLong],
      [{ name: 'Sheets', scopes: [] }, 'scopes', API_TOKEN_MESSAGES.scopesRequired],
      [{ name: 'Sheets' }, 'scopes', API_TOKEN_MESSAGES.scopesRequired],
      [{ name: 'Sheets', scopes: ['admin'] }, 'scopes.0', API_TOKEN_MESSAGES.scopeUnknown],
      [{ name: 'Sheets', scopes: ['checklists:read'], secret: 'ls_mine' }, '', ''],
    ];
    for (const [body, path, message] of cases) {
      const response = await owner.call('POST', '/api/tokens', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('validation_failed');
      if (message) expect(error.issues).toContainEqual({ path, message });
    }
    expect((await owner.call('GET', '/api/tokens')).json()).toEqual({ tokens: [] });
  });

  it('is for the owner and admins of a paid team, through a session', async () => {
    const owner = await signInOwner(t.app, 'free-owner');
    const free = await owner.call('POST', '/api/tokens', { name: 'Sheets', scopes: ['checklists:read'] });
    expect(free.statusCode).toBe(403);
    expect(errorOf(free)).toMatchObject({ code: 'plan_limit_reached', message: API_TOKEN_MESSAGES.paidOnly });

    const paid = await paidOwner(t.app, t.db);
    const admin = await colleagueOf(t.app, t.db, paid, 'admin');
    const member = await colleagueOf(t.app, t.db, paid, 'member');
    const byAdmin = await createToken(admin, ['checklists:read'], 'Admin token');
    for (const call of [
      member.call('POST', '/api/tokens', { name: 'Mine', scopes: ['checklists:read'] }),
      member.call('GET', '/api/tokens'),
      member.call('DELETE', `/api/tokens/${byAdmin.token.id}`),
    ]) {
      const response = await call;
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({
        code: 'forbidden',
        message: API_TOKEN_MESSAGES.managersOnly,
      });
    }
    expect((await paid.call('GET', '/api/tokens')).json().tokens).toHaveLength(1);

    // A token cannot make, list or revoke tokens: those routes take a signed-in session only.
    const api = bearer(t.app, byAdmin.secret);
    for (const [method, url] of [
      ['POST', '/api/tokens'],
      ['GET', '/api/tokens'],
      ['DELETE', `/api/tokens/${byAdmin.token.id}`],
    ] as const) {
      const response = await api(
        method,
        url,
        method === 'POST' ? { name: 'x', scopes: ALL_SCOPES } : undefined,
      );
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'insufficient_scope', scope: 'session' });
    }
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/tokens' });
    expect(signedOut.statusCode).toBe(401);
  });

  it(`keeps at most ${API_TOKEN_LIMITS.perTeam} live tokens a team; a revoked one frees its place`, async () => {
    const owner = await paidOwner(t.app, t.db);
    const teamId = await ownedTeamId(t.db, owner.uid);
    await t.db.insert(apiTokens).values(
      Array.from({ length: API_TOKEN_LIMITS.perTeam - 1 }, (_, i) => ({
        id: `token_filler_${teamId}_${i}`,
        teamId,
        createdBy: owner.uid,
        name: `Filler ${i}`,
        scopes: ['checklists:read' as const],
        secretHash: hashSecret(`filler ${teamId} ${i}`),
      })),
    );
    const last = await createToken(owner, ['checklists:read'], 'The fiftieth');
    const over = await owner.call('POST', '/api/tokens', { name: 'One more', scopes: ['checklists:read'] });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toMatchObject({ code: 'token_limit_reached', limit: API_TOKEN_LIMITS.perTeam });
    expect((await owner.call('DELETE', `/api/tokens/${last.token.id}`)).statusCode).toBe(204);
    await createToken(owner, ['checklists:read'], 'In its place');
  });

  it('revokes: the next request with it is 401, and another team cannot revoke it', async () => {
    const owner = await paidOwner(t.app, t.db);
    const stranger = await paidOwner(t.app, t.db, 'stranger');
    const { token, secret } = await createToken(owner);
    const api = bearer(t.app, secret);
    expect((await api('GET', '/api/checklists')).statusCode).toBe(200);

    const foreign = await stranger.call('DELETE', `/api/tokens/${token.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await api('GET', '/api/checklists')).statusCode).toBe(200);

    expect((await owner.call('DELETE', `/api/tokens/${token.id}`)).statusCode).toBe(204);
    const after = await api('GET', '/api/checklists');
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toEqual({ code: 'unauthenticated', message: API_TOKEN_MESSAGES.invalid });
    expect(await t.db.select().from(sessions).where(eq(sessions.apiTokenId, token.id))).toEqual([]);
    expect((await owner.call('DELETE', `/api/tokens/${token.id}`)).statusCode).toBe(404);
    expect((await owner.call('GET', '/api/tokens')).json()).toEqual({ tokens: [] });
  });
});

describe('Authorization: Bearer', () => {
  it('acts for the token’s team: lists, reads, creates, ticks; its maker is who the record names', async () => {
    const owner = await paidOwner(t.app, t.db);
    const mine = await createChecklist(owner, { name: 'Cabin 4' });
    const api = bearer(t.app, (await createToken(owner)).secret);

    const list = await api('GET', '/api/checklists');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([mine.id]);
    expect((await api('GET', `/api/checklists/${mine.id}`)).json().name).toBe('Cabin 4');

    const made = await api('POST', '/api/checklists', {
      name: 'Made by the PMS',
      tasks: [{ id: 'a', description: 'Strip beds', photoRequired: false }],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().createdBy.uid).toBe(owner.uid);
    const [task] = made.json().tasks;
    const ticked = await api('PATCH', `/api/checklists/${made.json().id}/tasks/${task.id}`, {
      completed: true,
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().status).toBe('completed');
  });

  it('needs no Origin, passes the CSRF guard from any origin; a cookie from another site is still refused', async () => {
    const owner = await paidOwner(t.app, t.db);
    const secret = (await createToken(owner)).secret;
    const body = { name: 'From Zapier', tasks: [{ id: 'a', description: 'Check', photoRequired: false }] };
    const noOrigin = await bearer(t.app, secret)('POST', '/api/checklists', body);
    expect(noOrigin.statusCode).toBe(201);
    const foreign = await bearer(t.app, secret, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    })('POST', '/api/checklists', body);
    expect(foreign.statusCode).toBe(201);

    const cookieCrossSite = await t.app.inject({
      method: 'POST',
      url: '/api/checklists',
      headers: { cookie: owner.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: body,
    });
    expect(cookieCrossSite.statusCode).toBe(403);
    expect(errorOf(cookieCrossSite).code).toBe('cross_site_request');
  });

  it('judges a bearer request by its token alone: a session cookie beside it never acts', async () => {
    const owner = await paidOwner(t.app, t.db);
    const other = await paidOwner(t.app, t.db, 'other');
    const othersChecklist = await createChecklist(other, { name: 'Other’s' });
    const api = bearer(t.app, (await createToken(owner)).secret, { cookie: other.cookie });
    expect((await api('GET', `/api/checklists/${othersChecklist.id}`)).statusCode).toBe(404);
    expect((await api('GET', '/api/checklists')).json()).toEqual([]);
    // A bad secret with a good cookie is still refused.
    const bad = await bearer(t.app, 'ls_not-a-real-token', { cookie: other.cookie })(
      'GET',
      '/api/checklists',
    );
    expect(bad.statusCode).toBe(401);
  });

  it('refuses an unknown, malformed or empty secret with 401', async () => {
    for (const header of ['Bearer ls_unknown', 'Bearer something', 'Bearer ', 'bearer ls_x']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/checklists',
        headers: { authorization: header },
      });
      expect(response.statusCode, header).toBe(401);
      expect(errorOf(response).code).toBe('unauthenticated');
    }
  });

  it('needs the route’s scope: 403 insufficient_scope names it, and nothing is written', async () => {
    const owner = await paidOwner(t.app, t.db);
    const checklist = await createChecklist(owner);
    const readOnly = bearer(t.app, (await createToken(owner, ['checklists:read'])).secret);
    const writeOnly = bearer(t.app, (await createToken(owner, ['checklists:write'])).secret);

    const write = await readOnly('DELETE', `/api/checklists/${checklist.id}`);
    expect(write.statusCode).toBe(403);
    expect(errorOf(write)).toEqual({
      code: 'insufficient_scope',
      scope: 'checklists:write',
      message: API_TOKEN_MESSAGES.insufficientScope('checklists:write'),
    });
    expect((await owner.call('GET', `/api/checklists/${checklist.id}`)).statusCode).toBe(200);

    const read = await writeOnly('GET', '/api/checklists');
    expect(read.statusCode).toBe(403);
    expect(errorOf(read)).toMatchObject({ code: 'insufficient_scope', scope: 'checklists:read' });
  });

  it('refuses session-only routes (team, billing, notifications) with 403 insufficient_scope', async () => {
    const owner = await paidOwner(t.app, t.db);
    const api = bearer(t.app, (await createToken(owner)).secret);
    for (const url of ['/api/team', '/api/notifications', `/api/user/${owner.uid}/subscription`]) {
      const response = await api('GET', url);
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'insufficient_scope', scope: 'session' });
    }
    // Public routes answer as to anyone.
    expect((await api('GET', '/healthz')).statusCode).toBe(200);
  });

  it('acts for its team only: a token of team A gets 404 on team B, even when its maker is in B', async () => {
    const a = await paidOwner(t.app, t.db, 'team-a');
    const b = await paidOwner(t.app, t.db, 'team-b');
    const inB = await createChecklist(b, { name: 'B’s checklist' });
    // A's owner is also a member of B: their session reaches B's checklists; their token of A never does.
    await addToTeam(t.db, await ownedTeamId(t.db, b.uid), a.uid, 'member');
    expect((await a.call('GET', `/api/checklists/${inB.id}`)).statusCode).toBe(200);

    const api = bearer(t.app, (await createToken(a)).secret);
    const task = inB.tasks[0]?.id ?? '';
    const refusals = [
      await api('GET', `/api/checklists/${inB.id}`),
      await api('GET', `/api/checklists/${inB.id}/activity`),
      await api('PATCH', `/api/checklists/${inB.id}/tasks/${task}`, { completed: true }),
      await api('PATCH', `/api/checklists/${inB.id}`, { remarks: 'from A' }),
      await api('DELETE', `/api/checklists/${inB.id}`),
      await api('GET', `/api/checklists/${inB.id}/shares`),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(404);
      expect(errorOf(response).code).toBe('not_found');
    }
    expect((await api('GET', '/api/checklists')).json()).toEqual([]);
    const unchanged = (await b.call('GET', `/api/checklists/${inB.id}`)).json();
    expect(unchanged.tasks[0].completed).toBe(false);
    expect(unchanged.remarks).toBe('');
  });

  it('stops working when its maker leaves the team, and when the team goes back to free', async () => {
    const owner = await paidOwner(t.app, t.db);
    const admin = await colleagueOf(t.app, t.db, owner, 'admin');
    const adminsToken = bearer(t.app, (await createToken(admin)).secret);
    const ownersToken = bearer(t.app, (await createToken(owner)).secret);
    expect((await adminsToken('GET', '/api/checklists')).statusCode).toBe(200);

    expect((await owner.call('DELETE', `/api/team/members/${admin.uid}`)).statusCode).toBe(204);
    expect((await adminsToken('GET', '/api/checklists')).statusCode).toBe(401);
    expect((await owner.call('GET', '/api/tokens')).json().tokens).toHaveLength(1);

    await setOwnedTeamTier(t.db, owner.uid, 'free');
    const free = await ownersToken('GET', '/api/checklists');
    expect(free.statusCode).toBe(403);
    expect(errorOf(free)).toMatchObject({ code: 'plan_limit_reached', message: API_TOKEN_MESSAGES.paidOnly });
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    expect((await ownersToken('GET', '/api/checklists')).statusCode).toBe(200);
  });

  it('counts each token against its own limit, with RateLimit-* headers, then 429 with Retry-After', async () => {
    const owner = await paidOwner(t.app, t.db);
    const api = bearer(t.app, (await createToken(owner)).secret);
    const other = bearer(t.app, (await createToken(owner, ['checklists:read'], 'Other')).secret);
    const first = await api('GET', '/api/checklists');
    expect(first.headers['ratelimit-limit']).toBe('25');
    expect(first.headers['ratelimit-remaining']).toBe('24');
    expect(first.headers['ratelimit-policy']).toBe('25;w=60');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(first.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    for (let i = 1; i < 25; i += 1) expect((await api('GET', '/api/checklists')).statusCode).toBe(200);
    const over = await api('GET', '/api/checklists');
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    // Another token of the same team has its own count; the session is not limited by the token's.
    expect((await other('GET', '/api/checklists')).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/checklists')).statusCode).toBe(200);
  });
});
