import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChangeNotice, StrictChangeNotice } from '#server/db/change-notice';
import { createChangeListener } from '#server/realtime/change-listener';
import { announce } from '#server/repositories/change-notices';
import { createChecklist, signInOwner, tick } from '#tests/support/checklists';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { ownedTeamId } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/**
 * The notices of `listsync_changes` have one definition (db/change-notice.ts). Migration 0008's
 * triggers build four of them in SQL, the application the other two: this makes every one of them go
 * out and reads each, as sent, through the strict shapes, so a field the SQL adds, drops or renames
 * fails here rather than in a subscriber's browser.
 */
const t = setupTestApp();

const payloads: string[] = [];
const silent = { warn() {}, error() {}, info() {} } as unknown as FastifyBaseLogger;
let listener: ReturnType<typeof createChangeListener> | null = null;

afterAll(async () => {
  await listener?.stop();
});

/** The notices heard so far that match, waiting (up to 5 s) until there is one. */
async function heard(match: (notice: ChangeNotice) => boolean): Promise<ChangeNotice> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    for (const payload of payloads) {
      const parsed = StrictChangeNotice.safeParse(JSON.parse(payload));
      if (parsed.success && match(parsed.data)) return parsed.data;
    }
    if (Date.now() > deadline)
      throw new Error(`no such notice among ${payloads.length}: ${payloads.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('change notices', () => {
  it('every kind the database and the application send has exactly the fields of its shape', async () => {
    listener = createChangeListener(
      t.database.notifications,
      { onPayload: (payload) => payloads.push(payload), onReconnected() {} },
      silent,
    );
    await listener.start();

    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const teamId = await ownedTeamId(t.db, owner.uid);
    expect(
      await heard((n) => n.kind === 'checklist' && n.op === 'change' && n.checklistId === checklist.id),
    ).toEqual({
      kind: 'checklist',
      op: 'change',
      checklistId: checklist.id,
      teamId,
      revision: expect.any(Number),
      actorShareId: null,
    });

    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    // The verification, sent by the application at its commit.
    expect(await heard((n) => n.kind === 'shares')).toEqual({ kind: 'shares', checklistId: checklist.id });
    const url = `/api/checklists/${checklist.id}/tasks/${checklist.tasks[0]?.id}`;
    expect((await browser.call('PATCH', url, { completed: true })).statusCode).toBe(200);
    await heard((n) => n.kind === 'checklist' && n.op === 'change' && n.actorShareId === sent.shareId);
    expect((await tick(owner, checklist, 1)).statusCode).toBe(200);
    // Each revision is announced once: a tick's by the application after its commit (migration 0011),
    // never by the trigger too.
    const changes = () =>
      payloads
        .map((payload) => StrictChangeNotice.parse(JSON.parse(payload)))
        .flatMap((n) =>
          n.kind === 'checklist' && n.op === 'change' && n.checklistId === checklist.id ? [n] : [],
        );
    await heard(() => changes().length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const revisions = changes().map((n) => n.revision);
    expect(new Set(revisions).size).toBe(revisions.length);

    const revoked = await owner.call('DELETE', `/api/checklists/${checklist.id}/shares/${sent.shareId}`);
    expect(revoked.statusCode).toBe(204);
    expect(await heard((n) => n.kind === 'access')).toEqual({ kind: 'access', checklistId: checklist.id });

    await announce(t.db, { kind: 'plan', teamId });
    expect(await heard((n) => n.kind === 'plan')).toEqual({ kind: 'plan', teamId });
    await announce(t.db, { kind: 'translation', checklistId: checklist.id, language: 'es' });
    expect(await heard((n) => n.kind === 'translation')).toEqual({
      kind: 'translation',
      checklistId: checklist.id,
      language: 'es',
    });

    expect((await owner.call('DELETE', `/api/checklists/${checklist.id}`)).statusCode).toBe(204);
    expect(await heard((n) => n.kind === 'checklist' && n.op === 'delete')).toEqual({
      kind: 'checklist',
      op: 'delete',
      checklistId: checklist.id,
      teamId,
    });

    expect((await owner.call('POST', '/api/auth/logout')).statusCode).toBe(204);
    const ended = await heard((n) => n.kind === 'session-ended');
    expect(Object.keys(ended)).toEqual(['kind', 'sessionHash']);

    // Not one payload of another shape: everything sent parses strictly.
    const refused = payloads.filter((payload) => !StrictChangeNotice.safeParse(JSON.parse(payload)).success);
    expect(refused).toEqual([]);
  });
});
