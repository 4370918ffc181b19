import { describe, expect, it } from 'vitest';
import type { ActivityPage } from '#domain/activity';
import type { Checklist } from '#domain/checklist';
import { encodeActivityCursor } from '#server/services/activity-cursors';
import { loadShareSecrets } from '#server/services/share-secrets';
import { unsubscribeToken } from '#server/services/unsubscribe-links';
import { createChecklist, errorOf, type Owner, signInOwner, tick } from '#tests/support/checklists';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Issue 30, item 6: the activity trail's cursor is opaque and tamper-evident. The API gives `next`
 * signed with the server's key and bound to its checklist; anything else in `before` (changed, cut
 * short, another checklist's, a token of another kind, an impossible time) is 400 validation_failed
 * with a message that says so, never a 500 and never a page of somewhere else.
 */

const t = setupTestApp();

/** An owner's checklist with six entries in its trail, and the `next` of its first page of two. */
async function trailWithCursor(owner?: Owner) {
  const who = owner ?? (await signInOwner(t.app));
  const checklist = await createChecklist(who, {}, 3);
  for (const completed of [true, false]) {
    for (const index of [0, 1, 2]) await tick(who, checklist, index, completed);
  }
  const first: ActivityPage = (
    await who.call('GET', `/api/checklists/${checklist.id}/activity?limit=2`)
  ).json();
  expect(first.next).toEqual(expect.any(String));
  return { owner: who, checklist, next: first.next as string };
}

const pageAfter = (owner: Owner, checklist: Checklist, before: string) =>
  owner.call('GET', `/api/checklists/${checklist.id}/activity?limit=2&before=${encodeURIComponent(before)}`);

function expectRefusedCursor(response: Awaited<ReturnType<typeof pageAfter>>, label: string) {
  expect(response.statusCode, label).toBe(400);
  const error = errorOf(response);
  expect(error.code, label).toBe('validation_failed');
  expect(error.message, label).toMatch(/before/);
}

/** The same text with one character changed to another a cursor may hold. */
function changedAt(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return `${text.slice(0, index)}${replacement}${text.slice(index + 1)}`;
}

describe('the activity cursor', () => {
  it('is taken back as the API gave it', async () => {
    const { owner, checklist, next } = await trailWithCursor();
    const response = await pageAfter(owner, checklist, next);
    expect(response.statusCode).toBe(200);
    expect((response.json() as ActivityPage).entries).toHaveLength(2);
  });

  it('refuses a cursor changed anywhere, or cut short', async () => {
    const { owner, checklist, next } = await trailWithCursor();
    for (let index = 0; index < next.length; index += 5) {
      expectRefusedCursor(await pageAfter(owner, checklist, changedAt(next, index)), `changed at ${index}`);
    }
    expectRefusedCursor(await pageAfter(owner, checklist, changedAt(next, next.length - 1)), 'last changed');
    for (const cut of [next.slice(0, -1), next.slice(0, next.length / 2), next.slice(1)]) {
      expectRefusedCursor(await pageAfter(owner, checklist, cut), `cut to ${cut.length}`);
    }
  });

  it("refuses another checklist's cursor, even the same owner's", async () => {
    const { owner, next } = await trailWithCursor();
    const { checklist: other } = await trailWithCursor(owner);
    const response = await pageAfter(owner, other, next);
    expectRefusedCursor(response, 'foreign');
    expect(errorOf(response).message).toMatch(/another checklist/);
  });

  it('refuses a token the server signed for something else (an unsubscribe link)', async () => {
    const { owner, checklist } = await trailWithCursor();
    const secrets = await loadShareSecrets(t.db, t.config.appSecret);
    const token = unsubscribeToken(secrets, { userId: owner.uid, kind: 'submitted' });
    expectRefusedCursor(await pageAfter(owner, checklist, token), 'unsubscribe token');
  });

  it.each([
    ['2026-02-31 00:00:00+00', 'the 31st of February'],
    ['0000-01-01 00:00:00+00', 'the year 0'],
    ['2026-01-01 25:00:00+00', 'the 25th hour'],
    ['2026-01-01 00:00:00+99', 'an offset of 99 hours'],
  ])('refuses an impossible time (%s, %s), unsigned as before or signed by the server', async (at) => {
    const { owner, checklist } = await trailWithCursor();
    const unsigned = Buffer.from(JSON.stringify([at, 'activity_x'])).toString('base64url');
    expectRefusedCursor(await pageAfter(owner, checklist, unsigned), 'unsigned');
    const secrets = await loadShareSecrets(t.db, t.config.appSecret);
    const signed = encodeActivityCursor(secrets, checklist.id, { at, id: 'activity_x' });
    expectRefusedCursor(await pageAfter(owner, checklist, signed), 'signed');
  });
});
