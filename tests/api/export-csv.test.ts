import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHECKLIST_EXPORT_COLUMNS } from '#domain/checklist-export';
import { checklistExportChunks, EXPORT_PAGE_SIZE } from '#server/services/checklist-export';
import { bearer, createToken } from '#tests/support/api-tokens';
import { createChecklist, errorOf, signInOwner, tick } from '#tests/support/checklists';
import { testJpeg, uploadPhoto } from '#tests/support/photos';
import { share } from '#tests/support/sharing';
import { ownedTeamId, setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/** GET /api/checklists/export.csv: the active team's checklists as a CSV file (docs/integrations.md "Export"). */
const t = setupTestApp();

const URL = '/api/checklists/export.csv';

/** RFC 4180 records, as a spreadsheet reads them (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  return records;
}

async function exportOf(cookie: string | null, query = '') {
  return t.app.inject({ method: 'GET', url: `${URL}${query}`, ...(cookie ? { headers: { cookie } } : {}) });
}

/** The records of a successful export, the header checked and dropped. */
async function recordsOf(cookie: string): Promise<string[][]> {
  const response = await exportOf(cookie);
  expect(response.statusCode).toBe(200);
  expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const [header, ...records] = parseCsv(response.body.replace(/^\uFEFF/, ''));
  expect(header).toEqual([...CHECKLIST_EXPORT_COLUMNS]);
  return records;
}

describe('GET /api/checklists/export.csv', () => {
  it('answers the team’s checklists, newest first, as an attachment that is never stored', async () => {
    const owner = await signInOwner(t.app, 'exporter');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    const first = await createChecklist(owner, { name: 'Café — Beach House' }, 2);
    await tick(owner, first, 0);
    const photo = await testJpeg(64, 48);
    const upload = await uploadPhoto(t.app, owner.cookie, first.id, first.tasks[0]?.id ?? '', photo);
    expect(upload.statusCode).toBe(200);
    await share(owner, first.id, { email: 'jane.doe@example.com', recipientName: 'Jane' });
    const revoked = await share(owner, first.id, { email: 'old.hand@example.com', recipientName: 'Old' });
    const shares = await owner.call('GET', `/api/checklists/${first.id}/shares`);
    const oldShare = shares.json().shares.find((s: { recipientName: string }) => s.recipientName === 'Old');
    expect(revoked).toBeDefined();
    expect((await owner.call('DELETE', `/api/checklists/${first.id}/shares/${oldShare.id}`)).statusCode).toBe(
      204,
    );
    const dueAt = '2026-12-24T17:00:00.000Z';
    const second = await createChecklist(owner, { name: 'Office close', dueAt }, 1);
    await tick(owner, second, 0);
    const submitted = await owner.call('POST', `/api/checklists/${second.id}/submit`, {});
    expect(submitted.statusCode).toBe(200);

    const response = await exportOf(owner.cookie);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="listsync-checklists-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    const records = await recordsOf(owner.cookie);
    const sha = createHash('sha256').update(photo).digest('hex');
    expect(records).toEqual([
      [
        'Office close',
        'completed',
        second.createdAt,
        dueAt,
        submitted.json().submittedAt,
        '1',
        '1',
        '',
        'exporter person',
        '',
        '',
      ],
      [
        'Café — Beach House',
        'in-progress',
        first.createdAt,
        '',
        '',
        '1',
        '2',
        '',
        'exporter person',
        'Jane (j•••e@example.com)',
        sha,
      ],
    ]);
    for (const time of [records[0]?.[2], records[0]?.[4]]) {
      expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it.each([
    ['=', '=HYPERLINK("http://evil.example","click")'],
    ['+', '+1 555 0100'],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A9)'],
  ])('makes a name starting with %s inert as a formula', async (_label, name) => {
    const owner = await signInOwner(t.app, 'formulas');
    await createChecklist(owner, { name }, 1);
    const records = await recordsOf(owner.cookie);
    expect(records[0]?.[0]).toBe(`'${name}`);
  });

  it.each([
    ['tab', '\tIndented'],
    ['carriage return', '\rReturn'],
  ])('prefixes a %s at the start of a cell (written straight into the table)', async (_label, name) => {
    const owner = await signInOwner(t.app, 'whitespace');
    const made = await createChecklist(owner, { name: 'Plain' }, 1);
    // The editor trims names: only a row written otherwise starts with white space.
    await t.db.execute(sql`update checklists set name = ${name} where id = ${made.id}`);
    const records = await recordsOf(owner.cookie);
    expect(records[0]?.[0]).toBe(`'${name}`);
  });

  it('quotes names with commas, quotes and line breaks so every record keeps its columns', async () => {
    const owner = await signInOwner(t.app, 'quotes');
    const made = await createChecklist(owner, { name: 'Rooms 1, 2' }, 1);
    await createChecklist(owner, { name: 'The "blue" room' }, 1);
    await t.db.execute(sql`update checklists set name = ${'Line one\nline two'} where id = ${made.id}`);
    const response = await exportOf(owner.cookie);
    expect(response.body).toContain('"The ""blue"" room"');
    const records = await recordsOf(owner.cookie);
    expect(records.map((record) => record[0])).toEqual(['The "blue" room', 'Line one\nline two']);
    for (const record of records) expect(record).toHaveLength(CHECKLIST_EXPORT_COLUMNS.length);
  });

  it('leaves out another team’s checklists; an empty team gets the header alone', async () => {
    const owner = await signInOwner(t.app, 'mine');
    const other = await signInOwner(t.app, 'theirs');
    await createChecklist(owner, { name: 'Mine' }, 1);
    await createChecklist(other, { name: 'Theirs' }, 1);
    expect((await recordsOf(owner.cookie)).map((record) => record[0])).toEqual(['Mine']);
    const empty = await signInOwner(t.app, 'empty');
    expect(await recordsOf(empty.cookie)).toEqual([]);
  });

  it('answers 401 signed out and 403 for another user’s userId; takes the caller’s own', async () => {
    const owner = await signInOwner(t.app, 'asker');
    const signedOut = await exportOf(null);
    expect(signedOut.statusCode).toBe(401);
    expect(errorOf(signedOut).code).toBe('unauthenticated');
    const other = await exportOf(owner.cookie, '?userId=someone-else');
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe('forbidden');
    expect((await exportOf(owner.cookie, `?userId=${owner.uid}`)).statusCode).toBe(200);
  });
});

describe('with an API token', () => {
  it('exports the token’s team with checklists:read, without userId; refuses a token without it', async () => {
    const owner = await signInOwner(t.app, 'integrator');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    await createChecklist(owner, { name: 'Synced' }, 1);
    const reader = await createToken(owner, ['checklists:read']);
    const answer = await bearer(t.app, reader.secret)('GET', URL);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      parseCsv(answer.body.replace(/^\uFEFF/, ''))
        .slice(1)
        .map((record) => record[0]),
    ).toEqual(['Synced']);
    const writer = await createToken(owner, ['checklists:write']);
    const refused = await bearer(t.app, writer.secret)('GET', URL);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'insufficient_scope', scope: 'checklists:read' });
  });
});

describe('a team with 10,000 checklists', () => {
  const COUNT = 10_000;

  async function bigTeam() {
    const owner = await signInOwner(t.app, 'big');
    const teamId = await ownedTeamId(t.db, owner.uid);
    // In bulk, one statement: the API's plan limit and per-request cost are not what is tested here.
    await t.db.execute(sql`
      insert into checklists (id, user_id, team_id, name, created_at)
      select ${teamId} || '-' || lpad(n::text, 5, '0'), ${owner.uid}, ${teamId}, 'Bulk ' || n,
             timestamp with time zone '2026-01-01T00:00:00Z' + (n / 3) * interval '1 second'
      from generate_series(1, ${COUNT}) as n`);
    return { owner, teamId };
  }

  it('is read page by page: the header, then one chunk of at most a page per statement', async () => {
    const { owner, teamId } = await bigTeam();
    const chunks: string[] = [];
    for await (const chunk of checklistExportChunks(t.db, { kind: 'owner', userId: owner.uid, teamId })) {
      chunks.push(chunk);
    }
    expect(chunks).toHaveLength(1 + COUNT / EXPORT_PAGE_SIZE);
    const pages = chunks.slice(1).map((chunk) => parseCsv(chunk));
    for (const page of pages) expect(page).toHaveLength(EXPORT_PAGE_SIZE);
    // Every checklist once, newest first (three share each second: the id breaks the tie).
    const ids = pages.flat().map((record) => record[0]);
    expect(new Set(ids).size).toBe(COUNT);
    expect(ids[0]).toBe(`Bulk ${COUNT}`);
    expect(ids.at(-1)).toBe('Bulk 1');
  });

  it('streams over HTTP: the body comes in several chunks and holds every checklist', async () => {
    const { owner } = await bigTeam();
    const response = await t.app.inject({
      method: 'GET',
      url: URL,
      headers: { cookie: owner.cookie },
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    const stream = response.stream();
    let chunks = 0;
    let text = '';
    for await (const chunk of stream) {
      chunks += 1;
      text += String(chunk);
    }
    // One write per page (the header may travel with the first).
    expect(chunks).toBeGreaterThanOrEqual(COUNT / EXPORT_PAGE_SIZE);
    // The header and one line per checklist (no name here holds a line break).
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(COUNT + 1);
  });
});
