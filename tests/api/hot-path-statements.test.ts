import type { PGlite, Transaction } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { createChecklist, getChecklist, signInOwner, tick } from '#tests/support/checklists';
import { testDatabaseKind } from '#tests/support/database';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * docs/modes-and-limits.md "Budgets": reading one checklist costs one round trip, a tick one transaction of one or
 * two statements. Counted on PGlite, where every statement the app sends passes through its one
 * client (PostgreSQL runs the same SQL). What local mode's analytics does once the answer is out
 * (http/routes/analytics.ts: the event row, written in batches) is not the route's and is left out, as is the owner's notice of a first or last tick (decision 0024) and the change notice a tick sends after its
 * commit (batched across requests: services/after-commit.ts); the sessions here are fresh, so no
 * sliding-expiry write falls due.
 */
const t = setupTestApp();

async function statementsOf(
  work: () => Promise<unknown>,
  { notices: keepNotices = false, transactions = false } = {},
): Promise<string[]> {
  const client = (t.database.notifications as { client: PGlite }).client;
  const seen: string[] = [];
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  // With `transactions`, what runs inside a transaction (its own client) is counted too, prefixed 'in: '.
  if (transactions) {
    client.transaction = (<T>(inside: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = ((text: string, ...rest: unknown[]) => {
          seen.push(`in: ${text}`);
          return (txQuery as (...args: unknown[]) => unknown)(text, ...rest);
        }) as typeof tx.query;
        return inside(tx);
      })) as typeof client.transaction;
  }
  client.query = ((text: string, ...rest: unknown[]) => {
    const analytics = text.includes('analytics_events');
    // A tick's change notice goes out after its commit, one statement for all the ticks of that moment.
    const notices = text.startsWith('select pg_notify');
    // A recipient's first or last tick may tell the owner (decision 0024): after the answer, in the
    // background, starting with one read of the owner's choices; not the tick's.
    const ownerNotice = text.includes('"notification_preferences"');
    if (!analytics && (keepNotices || !notices) && !ownerNotice) seen.push(text);
    return (query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as typeof client.query;
  try {
    await work();
  } finally {
    client.query = query;
    client.transaction = transaction;
  }
  return seen;
}

describe.skipIf(testDatabaseKind() !== 'pglite')('statements on the hot paths', () => {
  it('the owner reads a checklist in one statement and ticks it in one, once it is cached', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 5);
    await getChecklist(owner, checklist.id); // cached at this revision

    const read = await statementsOf(() => getChecklist(owner, checklist.id));
    expect(read).toHaveLength(1);

    let answer = 0;
    const ticked = await statementsOf(async () => {
      answer = (await tick(owner, checklist, 0)).statusCode;
    });
    expect(answer).toBe(200);
    expect(ticked).toHaveLength(1);
    expect(ticked[0]).toMatch(/^with "session" as .*update "tasks"/s);
  });

  it('a verified recipient ticks in one statement too', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 5);
    const browser = recipientBrowser(t.app);
    await verified(browser, await share(owner, checklist.id));
    await getChecklist(owner, checklist.id);

    const url = `/api/checklists/${checklist.id}/tasks/${checklist.tasks[1]?.id}`;
    let answer = 0;
    const ticked = await statementsOf(async () => {
      answer = (await browser.call('PATCH', url, { completed: true })).statusCode;
    });
    expect(answer).toBe(200);
    expect(ticked).toHaveLength(1);
  });

  it('a tick with nothing cached reads the checklist once more: two statements', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 5);
    const ticked = await statementsOf(() => tick(owner, checklist, 2));
    expect(ticked).toHaveLength(2);
  });

  it('a tick with an Idempotency-Key claims it in its statement; its answer and notice go out after, in one', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 5);
    await getChecklist(owner, checklist.id);

    const url = `/api/checklists/${checklist.id}/tasks/${checklist.tasks[3]?.id}`;
    const headers = { cookie: owner.cookie, 'idempotency-key': 'bench-key-0000000001' };
    let answer = 0;
    const ticked = await statementsOf(async () => {
      answer = (await t.app.inject({ method: 'PATCH', url, headers, payload: { completed: true } }))
        .statusCode;
      // The answer is written once it went out, with the notice of the same moment (AfterCommitWriter).
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(answer).toBe(200);
    expect(ticked).toHaveLength(2);
    expect(ticked[0]).toMatch(/insert into "idempotency_keys".*update "checklists".*update "tasks"/s);
    expect(ticked[1]).toMatch(/^with "kept" as \(update "idempotency_keys".*\) select pg_notify\(/s);

    // A replay: the claim statement finds the key held, one more reads its answer; nothing changes.
    const replay = await statementsOf(async () => {
      const again = await t.app.inject({ method: 'PATCH', url, headers, payload: { completed: true } });
      expect(again.headers['idempotent-replayed']).toBe('true');
    });
    expect(replay).toHaveLength(2);
  });

  it('a verified recipient reads the shared checklist in one statement once it is cached', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 5);
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const url = `/api/shared/checklist?token=${sent.token}&lang=en`;
    expect((await browser.call('GET', url)).statusCode).toBe(200); // cached at this revision

    let answer = 0;
    const read = await statementsOf(async () => {
      answer = (await browser.call('GET', url)).statusCode;
    });
    expect(answer).toBe(200);
    expect(read).toHaveLength(1);

    // A tick moves the revision on: the next read finds it and reads the checklist again.
    expect((await tick(owner, checklist, 0)).statusCode).toBe(200);
    const after = await browser.call('GET', url);
    expect(after.json().checklist.tasks[0].completed).toBe(true);
  });

  it('the owner reads the dashboard list in one statement once it is cached, the session checked in it', async () => {
    const owner = await signInOwner(t.app);
    await createChecklist(owner, {}, 3);
    await createChecklist(owner, {}, 2);
    const list = () => owner.call('GET', `/api/checklists?userId=${owner.uid}`);
    const first = await statementsOf(list);
    expect(first).toHaveLength(2); // the session and the list's fingerprint, then the list
    // The list of the session's active team, its fingerprint read in the session's own statement.
    expect(first[0]).toContain('"f"."team_id" = "session"."team_id"');
    let answer: unknown;
    const cached = await statementsOf(async () => {
      answer = (await list()).json();
    });
    expect(cached).toHaveLength(1);
    expect(answer).toHaveLength(2);
  });

  it('the dashboard’s plan card is three statements: the session, the usage with the role, the subscriptions', async () => {
    const owner = await signInOwner(t.app);
    await createChecklist(owner, {}, 2);
    let answer: unknown;
    const plan = await statementsOf(async () => {
      answer = (await owner.call('GET', `/api/user/${owner.uid}/subscription`)).json();
    });
    expect(answer).toMatchObject({ tier: 'free', usage: { listSyncCount: 1 } });
    expect(plan).toHaveLength(3);
    expect(
      plan.filter((text) => text.includes('"team_members" m where m."team_id" = "teams"."id"')),
    ).toHaveLength(1);
  });

  it('the owner lists a checklist’s shares in one statement after the session; none asks once more', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 2);
    const list = () => owner.call('GET', `/api/checklists/${checklist.id}/shares`);
    const none = await statementsOf(list);
    expect(none).toHaveLength(3); // the session, the shares (none), whether the checklist is in reach
    await share(owner, checklist.id);
    let answer: { shares: unknown[] } = { shares: [] };
    const some = await statementsOf(async () => {
      answer = (await list()).json();
    });
    expect(answer.shares).toHaveLength(1);
    expect(some).toHaveLength(2);
  });

  it('a remark’s change notice goes out after its commit, as a tick’s does, not from inside it', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 2);
    const sent = await statementsOf(
      async () => {
        expect(
          (await owner.call('PATCH', `/api/checklists/${checklist.id}`, { remarks: 'Keys left' })).statusCode,
        ).toBe(200);
        // The notice goes out once the change committed (AfterCommitWriter, at the next turn here).
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
      { notices: true },
    );
    // The remark's transaction runs on its own connection (not counted here); what follows it is the
    // application's notice, one statement.
    expect(sent.filter((text) => text.startsWith('select pg_notify'))).toHaveLength(1);
  });

  it('a remark is the caller’s check and one write, with no transaction around them, answered from the cache', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 3);
    await getChecklist(owner, checklist.id); // cached at this revision
    let answer: Checklist | null = null;
    let revision: string | undefined;
    const sent = await statementsOf(
      async () => {
        const response = await owner.call('PATCH', `/api/checklists/${checklist.id}`, {
          remarks: 'Keys left',
        });
        expect(response.statusCode).toBe(200);
        answer = response.json();
        revision = String(response.headers['x-checklist-revision']);
      },
      { transactions: true },
    );
    // Who may write (the session and the caller's facts), then the remarks with their record, each
    // committing alone (or in the checklist's lane with its ticks): the checklist is not read again.
    expect(sent.filter((text) => text.startsWith('in: '))).toEqual([]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(
      /^with "written" as \(update "checklists".*"logged" as \(insert into "checklist_activity"/s,
    );
    // What it answered is what a read of the database answers now, at the revision it said.
    const stored = await owner.call('GET', `/api/checklists/${checklist.id}`);
    expect(answer).toEqual(stored.json());
    expect(answer).toMatchObject({ remarks: 'Keys left' });
    expect(revision).toBe(String(stored.headers['x-checklist-revision']));
  });

  it('a remark with an Idempotency-Key claims it in its write: still two statements, one commit', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 3);
    await getChecklist(owner, checklist.id);
    const send = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/checklists/${checklist.id}`,
        headers: { cookie: owner.cookie, 'idempotency-key': 'remark-key-0123456789' },
        payload: { remarks: 'Keys left' },
      });
    const answers: Awaited<ReturnType<typeof send>>[] = [];
    const sent = await statementsOf(
      async () => {
        answers.push(await send());
      },
      { transactions: true },
    );
    const [first] = answers;
    expect(first?.statusCode).toBe(200);
    expect(sent.filter((text) => text.startsWith('in: '))).toEqual([]);
    // The caller's facts, then the claim, the remarks and their record in one statement.
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(
      /^with "claimed" as \(insert into "idempotency_keys".*"written" as \(update "checklists"/s,
    );
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first?.body);
  });
});
