import { describe, expect, it } from 'vitest';
import type { Checklist, ChecklistSummary } from '#domain/checklist';
import { nextPageOf } from '#domain/checklist-pages';
import { createChecklist, errorOf, type Owner, signInOwner, tick } from '#tests/support/checklists';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/**
 * The dashboard's list a page at a time (docs/api.md "The list, a page at a time"; decision 0063):
 * `limit` and the opaque `cursor` the `Link` header names, the same array as ever, the whole list when
 * neither is sent, and every bad limit or cursor a 400 validation_failed in the JSON error shape.
 */

const t = setupTestApp();

/** An owner (on a paid plan) with `count` checklists, newest last in the returned array. */
async function ownerWith(count: number): Promise<{ owner: Owner; made: Checklist[] }> {
  const owner = await signInOwner(t.app);
  await setOwnedTeamTier(t.db, owner.uid, 'professional');
  const made: Checklist[] = [];
  for (let i = 0; i < count; i += 1) made.push(await createChecklist(owner, { name: `List ${i}` }, 2));
  return { owner, made };
}

const listOf = (owner: Owner, query = '') =>
  owner.call('GET', `/api/checklists?userId=${encodeURIComponent(owner.uid)}${query}`);

/** Follows the `Link` headers from the first page of `limit`: the ids of each page, in order. */
async function allPages(owner: Owner, limit: number, extra = ''): Promise<string[][]> {
  const pages: string[][] = [];
  let response = await listOf(owner, `&limit=${limit}${extra}`);
  for (;;) {
    expect(response.statusCode).toBe(200);
    pages.push((response.json() as ChecklistSummary[]).map((row) => row.id));
    const next = nextPageOf(response.headers.link as string | undefined);
    if (!next) return pages;
    response = await owner.call('GET', next);
  }
}

function expectInvalid(response: Awaited<ReturnType<typeof listOf>>, field: RegExp, label: string) {
  expect(response.statusCode, label).toBe(400);
  const error = errorOf(response);
  expect(error.code, label).toBe('validation_failed');
  // A schema's refusal names the field in `issues`; the cursor's own check says so in its message.
  const said = [
    error.message,
    ...((error.issues as { path: unknown }[] | undefined) ?? []).map((i) => String(i.path)),
  ];
  expect(said.join(' '), label).toMatch(field);
}

describe('GET /api/checklists a page at a time', () => {
  it('answers the first page as the array it always was, and names the next page in a Link header', async () => {
    const { owner, made } = await ownerWith(5);
    const response = await listOf(owner, '&limit=2');
    expect(response.statusCode).toBe(200);
    const rows = response.json() as ChecklistSummary[];
    expect(rows.map((row) => row.id)).toEqual([made[4]?.id, made[3]?.id]);
    expect(rows[0]).toMatchObject({ name: 'List 4', taskCount: 2, completedCount: 0, status: 'not-started' });
    const link = response.headers.link as string;
    expect(link).toMatch(/^<\/api\/checklists\?userId=[^>]*&limit=2&cursor=[A-Za-z0-9_.-]+>; rel="next"$/);
  });

  it('walks every page by cursor, newest first, each checklist once, and the last page has no Link', async () => {
    const { owner, made } = await ownerWith(5);
    const pages = await allPages(owner, 2);
    expect(pages).toEqual([[made[4]?.id, made[3]?.id], [made[2]?.id, made[1]?.id], [made[0]?.id]]);
    // A page that ends exactly at the end: no next page is announced.
    expect((await allPages(owner, 5)).length).toBe(1);
    const last = await listOf(owner, '&limit=5');
    expect(last.headers.link).toBeUndefined();
  });

  it('answers the whole list, with no Link header, to a client that sends no paging parameters', async () => {
    const { owner, made } = await ownerWith(4);
    const response = await listOf(owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBeUndefined();
    expect((response.json() as ChecklistSummary[]).map((row) => row.id)).toEqual(
      [...made].reverse().map((checklist) => checklist.id),
    );
  });

  it('keeps its order while rows change: a tick, a new checklist and a deletion move nothing', async () => {
    const { owner, made } = await ownerWith(6);
    const first = await listOf(owner, '&limit=2');
    const next = nextPageOf(first.headers.link as string) as string;
    // Meanwhile: a checklist of the next page is ticked (its revision and updated_at change), one is
    // made (newest: it belongs to the first page, not to a later one), one of the first page goes.
    expect((await tick(owner, made[3] as Checklist, 0)).statusCode).toBe(200);
    await createChecklist(owner, { name: 'Late' }, 1);
    expect((await owner.call('DELETE', `/api/checklists/${made[5]?.id}`)).statusCode).toBe(204);
    const second = await owner.call('GET', next);
    const rows = second.json() as ChecklistSummary[];
    expect(rows.map((row) => row.id)).toEqual([made[3]?.id, made[2]?.id]);
    expect(rows[0]?.completedCount).toBe(1);
    const third = await owner.call('GET', nextPageOf(second.headers.link as string) as string);
    expect((third.json() as ChecklistSummary[]).map((row) => row.id)).toEqual([made[1]?.id, made[0]?.id]);
    expect(third.headers.link).toBeUndefined();
  });

  it('answers a page again after a change to it, never the copy held before', async () => {
    const { owner, made } = await ownerWith(3);
    const before = await listOf(owner, '&limit=2');
    expect((before.json() as ChecklistSummary[])[0]?.completedCount).toBe(0);
    await tick(owner, made[2] as Checklist, 1);
    const after = await listOf(owner, '&limit=2');
    expect((after.json() as ChecklistSummary[])[0]).toMatchObject({
      completedCount: 1,
      status: 'in-progress',
    });
  });

  it("pages 'assigned to' a member: only theirs, across pages", async () => {
    const { owner, made } = await ownerWith(5);
    for (const index of [0, 2, 4]) {
      const response = await owner.call('PATCH', `/api/checklists/${made[index]?.id}`, {
        assigneeUid: owner.uid,
      });
      expect(response.statusCode).toBe(200);
    }
    const pages = await allPages(owner, 2, `&assignee=${encodeURIComponent(owner.uid)}`);
    expect(pages).toEqual([[made[4]?.id, made[2]?.id], [made[0]?.id]]);
  });

  it('refuses a bad limit with 400 validation_failed', async () => {
    const { owner } = await ownerWith(1);
    for (const limit of ['0', '201', '-1', '1.5', 'abc', '']) {
      expectInvalid(await listOf(owner, `&limit=${limit}`), /limit/, `limit=${limit}`);
    }
  });

  it('refuses a cursor it did not give, changed, or of another kind, with 400 validation_failed', async () => {
    const { owner } = await ownerWith(3);
    const next = nextPageOf((await listOf(owner, '&limit=1')).headers.link as string) as string;
    const cursor = new URL(next, 'http://x').searchParams.get('cursor') as string;
    const changed = `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`;
    const activityLike = cursor.replace(/^l1\./, 'a1.');
    for (const bad of ['nope', changed, cursor.slice(0, -3), activityLike, 'x'.repeat(301), 'a b']) {
      expectInvalid(
        await listOf(owner, `&limit=1&cursor=${encodeURIComponent(bad)}`),
        /cursor/,
        `cursor ${bad.slice(0, 20)}`,
      );
    }
  });

  it("refuses another team's cursor, and shows nothing of that team", async () => {
    const { owner } = await ownerWith(3);
    const stranger = await signInOwner(t.app);
    const next = nextPageOf((await listOf(owner, '&limit=1')).headers.link as string) as string;
    const cursor = new URL(next, 'http://x').searchParams.get('cursor') as string;
    const response = await listOf(stranger, `&limit=1&cursor=${encodeURIComponent(cursor)}`);
    expectInvalid(response, /another team/, "another team's cursor");
  });

  it('still refuses another user id, and a caller with no session', async () => {
    const { owner } = await ownerWith(1);
    expect((await owner.call('GET', '/api/checklists?userId=someone-else&limit=1')).statusCode).toBe(403);
    const nobody = await t.app.inject({ method: 'GET', url: '/api/checklists?limit=1' });
    expect(nobody.statusCode).toBe(401);
  });
});
