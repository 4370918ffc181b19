import { describe, expect, it } from 'vitest';
import { GLOSSARY_LIMITS, GLOSSARY_MESSAGES } from '#domain/glossary';
import { glossaryEntries } from '#server/db/schema/index';
import { bearer, createToken } from '#tests/support/api-tokens';
import { errorOf, type Owner, signInOwner } from '#tests/support/checklists';
import { colleagueOf } from '#tests/support/schedules';
import { ownedTeamId, setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/** The team glossary's API: adding, listing, deleting, and every refusal (docs/api.md "Glossary"). */
const t = setupTestApp();

const TURNOVER = { language: 'es', source: 'turnover', target: 'limpieza de salida' };

async function add(owner: Owner, body: unknown) {
  return owner.call('POST', '/api/glossary', body);
}

async function entriesOf(owner: Owner) {
  const response = await owner.call('GET', '/api/glossary');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entries as Array<{ id: string; language: string; source: string; target: string }>;
}

describe('POST, GET and DELETE /api/glossary', () => {
  it('adds entries (trimmed, one line), lists them by language then term, and deletes one', async () => {
    const owner = await signInOwner(t.app, 'glossary');
    const created = await add(owner, {
      language: 'es',
      source: '  Turnover \n',
      target: ' limpieza\tde  salida ',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      entry: { id: expect.any(String), language: 'es', source: 'Turnover', target: 'limpieza de salida' },
    });
    expect(
      (await add(owner, { language: 'es', source: 'key box', target: 'caja de llaves' })).statusCode,
    ).toBe(201);
    expect((await add(owner, { language: 'en', source: 'limpieza', target: 'turnover' })).statusCode).toBe(
      201,
    );
    expect((await entriesOf(owner)).map((e) => `${e.language}:${e.source}`)).toEqual([
      'en:limpieza',
      'es:key box',
      'es:Turnover',
    ]);

    const id = created.json().entry.id;
    const deleted = await owner.call('DELETE', `/api/glossary/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await entriesOf(owner)).map((e) => e.source)).toEqual(['limpieza', 'key box']);
    const again = await owner.call('DELETE', `/api/glossary/${id}`);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toMatchObject({ code: 'not_found', message: GLOSSARY_MESSAGES.notFound });
  });

  it('refuses a term the team already has for that language, in any case: 409 with its entry', async () => {
    const owner = await signInOwner(t.app, 'glossary-dup');
    const first = (await add(owner, TURNOVER)).json().entry;
    const dup = await add(owner, { ...TURNOVER, source: 'TURNOVER', target: 'otra cosa' });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup)).toEqual({
      code: 'glossary_term_exists',
      message: GLOSSARY_MESSAGES.termExists,
      entryId: first.id,
    });
    // The same term into another language is another entry.
    expect((await add(owner, { ...TURNOVER, language: 'en', target: 'changeover' })).statusCode).toBe(201);
    expect(await entriesOf(owner)).toHaveLength(2);
  });

  it('refuses bad input with the field and a clear message', async () => {
    const owner = await signInOwner(t.app, 'glossary-bad');
    const cases: Array<[unknown, string, string]> = [
      [{ ...TURNOVER, source: '   ' }, 'source', GLOSSARY_MESSAGES.sourceRequired],
      [{ ...TURNOVER, source: undefined }, 'source', GLOSSARY_MESSAGES.sourceRequired],
      [{ ...TURNOVER, source: 'x'.repeat(101) }, 'source', GLOSSARY_MESSAGES.sourceTooLong],
      [{ ...TURNOVER, source: '4 / 12' }, 'source', GLOSSARY_MESSAGES.sourceNeedsLetter],
      [{ ...TURNOVER, target: '' }, 'target', GLOSSARY_MESSAGES.targetRequired],
      [{ ...TURNOVER, target: 'y'.repeat(201) }, 'target', GLOSSARY_MESSAGES.targetTooLong],
      [{ ...TURNOVER, target: 42 }, 'target', GLOSSARY_MESSAGES.targetRequired],
      [{ ...TURNOVER, language: 'xx' }, 'language', 'language must be one of'],
      [{ ...TURNOVER, language: undefined }, 'language', 'language must be one of'],
    ];
    for (const [body, path, message] of cases) {
      const response = await add(owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect(error.issues).toEqual([
        expect.objectContaining({ path, message: expect.stringContaining(message) }),
      ]);
    }
    expect(await entriesOf(owner)).toEqual([]);
  });

  it('takes the languages of the plan: free teams English and Spanish, paid teams every language', async () => {
    const owner = await signInOwner(t.app, 'glossary-plan');
    const french = await add(owner, { ...TURNOVER, language: 'fr', target: 'ménage de départ' });
    expect(french.statusCode).toBe(403);
    expect(errorOf(french)).toMatchObject({ code: 'plan_limit_reached', allowedLanguages: ['en', 'es'] });
    expect(errorOf(french).message).toBe('Your plan translates into English and Spanish only.');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    expect((await add(owner, { ...TURNOVER, language: 'fr', target: 'ménage de départ' })).statusCode).toBe(
      201,
    );
  });

  it(`keeps at most ${GLOSSARY_LIMITS.perTeam} entries a team, all languages together`, async () => {
    const owner = await signInOwner(t.app, 'glossary-full');
    const teamId = await ownedTeamId(t.db, owner.uid);
    await t.db.insert(glossaryEntries).values(
      Array.from({ length: GLOSSARY_LIMITS.perTeam - 1 }, (_, i) => ({
        id: `gl_fill_${teamId}_${i}`,
        teamId,
        language: i % 2 === 0 ? 'es' : 'en',
        source: `term ${i}`,
        target: `término ${i}`,
      })),
    );
    expect((await add(owner, TURNOVER)).statusCode).toBe(201);
    const over = await add(owner, { ...TURNOVER, source: 'one more' });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toEqual({
      code: 'glossary_limit_reached',
      message: GLOSSARY_MESSAGES.limitReached,
      limit: GLOSSARY_LIMITS.perTeam,
    });
  });
});

describe('who may', () => {
  it('members read the glossary; only the owner and admins change it', async () => {
    const owner = await signInOwner(t.app, 'glossary-roles');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    const entry = (await add(owner, TURNOVER)).json().entry;
    const member = await colleagueOf(t.app, t.db, owner, 'member');
    const admin = await colleagueOf(t.app, t.db, owner, 'admin');

    expect((await entriesOf(member)).map((e) => e.id)).toEqual([entry.id]);
    const refused = await add(member, { ...TURNOVER, source: 'key box' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'forbidden', message: GLOSSARY_MESSAGES.managersOnly });
    const notDeleted = await member.call('DELETE', `/api/glossary/${entry.id}`);
    expect(notDeleted.statusCode).toBe(403);

    const byAdmin = await add(admin, { ...TURNOVER, source: 'key box', target: 'caja de llaves' });
    expect(byAdmin.statusCode).toBe(201);
    expect((await admin.call('DELETE', `/api/glossary/${entry.id}`)).statusCode).toBe(204);
    expect((await entriesOf(owner)).map((e) => e.source)).toEqual(['key box']);
  });

  it("another team's entry is not found, and never listed", async () => {
    const a = await signInOwner(t.app, 'glossary-a');
    const b = await signInOwner(t.app, 'glossary-b');
    const entry = (await add(a, TURNOVER)).json().entry;
    expect(await entriesOf(b)).toEqual([]);
    const response = await b.call('DELETE', `/api/glossary/${entry.id}`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
    expect((await entriesOf(a)).map((e) => e.id)).toEqual([entry.id]);
    // b may have the same term: each team its own.
    expect((await add(b, TURNOVER)).statusCode).toBe(201);
  });

  it('needs a session; an API token reads with checklists:read and changes with checklists:write', async () => {
    const nobody = await t.app.inject({ method: 'GET', url: '/api/glossary' });
    expect(nobody.statusCode).toBe(401);
    const owner = await signInOwner(t.app, 'glossary-token');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    const reader = bearer(t.app, (await createToken(owner, ['checklists:read'])).secret);
    const writer = bearer(t.app, (await createToken(owner, ['checklists:write'])).secret);
    expect((await reader('GET', '/api/glossary')).statusCode).toBe(200);
    const denied = await reader('POST', '/api/glossary', TURNOVER);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied)).toMatchObject({ code: 'insufficient_scope', scope: 'checklists:write' });
    const made = await writer('POST', '/api/glossary', TURNOVER);
    expect(made.statusCode, made.body).toBe(201);
    expect((await writer('DELETE', `/api/glossary/${made.json().entry.id}`)).statusCode).toBe(204);
  });
});
