import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { mailingListSubscribers } from '#server/db/schema/index';
import { newId } from '#server/ids';
import { setupTestApp, uniqueEmail } from '#tests/support/test-app';

/**
 * PGlite has one connection: every statement and transaction is queued, so two transactions never
 * interleave and a statement outside a transaction waits until the open one ends. PostgreSQL runs them
 * side by side on a pool. On both, nobody ever sees another transaction's uncommitted rows.
 */
const t = setupTestApp();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('concurrent transactions and standalone queries', () => {
  it('never show uncommitted rows, and on PGlite run strictly one after another', async () => {
    const email = uniqueEmail('serial');
    const rowsFor = (db: Pick<typeof t.db, 'select'>) =>
      db.select().from(mailingListSubscribers).where(eq(mailingListSubscribers.email, email));
    const events: string[] = [];
    const release = gate();

    const writer = t.db.transaction(async (tx) => {
      await tx.insert(mailingListSubscribers).values({ id: newId('subscriber'), email });
      events.push('A inserted');
      await release.opened;
      events.push('A commits');
    });
    await vi.waitFor(() => expect(events).toContain('A inserted'));

    const standalone = rowsFor(t.db).then((rows) => {
      events.push(`select saw ${rows.length}`);
    });
    const reader = t.db.transaction(async (tx) => {
      events.push('B started');
      const rows = await rowsFor(tx);
      events.push(`B saw ${rows.length}`);
    });

    await pause(150);
    if (t.testDatabase.kind === 'pglite') {
      // Both wait for A: nothing else has run while A is open.
      expect(events).toEqual(['A inserted']);
    } else {
      // PostgreSQL answers them at once, without A's uncommitted row.
      expect(events).toEqual(expect.arrayContaining(['select saw 0', 'B started', 'B saw 0']));
      expect(events).not.toContain('A commits');
    }

    release.open();
    await Promise.all([writer, standalone, reader]);

    if (t.testDatabase.kind === 'pglite') {
      // Queued in order: A finishes, then the standalone select, then B, each seeing A's committed row.
      expect(events).toEqual(['A inserted', 'A commits', 'select saw 1', 'B started', 'B saw 1']);
    }
    expect(await rowsFor(t.db)).toHaveLength(1);
  });

  it('a transaction that fails is rolled back, and the database keeps answering', async () => {
    const email = uniqueEmail('rollback');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(mailingListSubscribers).values({ id: newId('subscriber'), email });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await t.db
      .select()
      .from(mailingListSubscribers)
      .where(eq(mailingListSubscribers.email, email));
    expect(rows).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('many concurrent requests storing the same address still store it once', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/mailing-list/subscribe',
          payload: { email },
          remoteAddress: `192.0.2.${i + 1}`,
        }),
      ),
    );
    // Every answer is the same (the answer never says whether the address was there before).
    expect(responses.map((r) => [r.statusCode, r.json()])).toEqual(Array(8).fill([200, { ok: true }]));
    const rows = await t.db
      .select()
      .from(mailingListSubscribers)
      .where(eq(mailingListSubscribers.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.requestCount).toBe(8);
  });
});
