import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailingListSubscribers, outboxMessages } from '#server/db/schema/index';
import { signUpForMailingList } from '#tests/support/mailing-list';
import { setupTestApp, uniqueEmail } from '#tests/support/test-app';

/**
 * The mailing list cannot be used to mail other people's inboxes at will (decision 0042): one
 * confirmation e-mail per address per day, and at most MAILING_LIST_MAX_PER_HOUR of them
 * for the whole service. Both are silent: the answer is the same whether an e-mail goes or not. The
 * ceiling counts every address, so this file has a database of its own.
 */
const CEILING = 3;
const t = setupTestApp({ env: { MAILING_LIST_MAX_PER_HOUR: String(CEILING) } });
const HOUR_MS = 60 * 60 * 1000;

afterEach(() => {
  vi.restoreAllMocks();
});

function subscribe(email: string) {
  return signUpForMailingList(t.app, email);
}

async function mailsTo(email: string) {
  return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
}

/** As if the last confirmation e-mails had gone `ms` earlier than they did. */
async function sentEarlier(ms: number, email?: string) {
  await t.db
    .update(mailingListSubscribers)
    .set({
      confirmationSentAt: sql`${mailingListSubscribers.confirmationSentAt} - ${`${ms} milliseconds`}::interval`,
    })
    .where(email ? eq(mailingListSubscribers.email, email) : undefined);
}

describe('confirmation e-mails', () => {
  it('go to one address at most once a day, however often it is signed up', async () => {
    const email = uniqueEmail('victim');
    await subscribe(email);
    expect(await mailsTo(email)).toHaveLength(1);
    // Pressed again an hour later, and twenty hours later: nothing more reaches the inbox.
    for (const later of [HOUR_MS, 20 * HOUR_MS]) {
      await sentEarlier(later, email);
      await subscribe(email);
      expect(await mailsTo(email)).toHaveLength(1);
      await sentEarlier(-later, email);
    }
    // A day on, a sign-up that never got its e-mail may have another.
    await sentEarlier(24 * HOUR_MS + 60_000, email);
    await subscribe(email);
    expect(await mailsTo(email)).toHaveLength(2);
    // Out of the way of the ceiling's test.
    await sentEarlier(2 * HOUR_MS);
  });

  it(`go out at most ${CEILING} an hour in all, silently past it, with one warning for the operator`, async () => {
    const warnings = vi.spyOn(t.app.log, 'warn');
    const addresses = Array.from({ length: CEILING + 2 }, (_, i) => uniqueEmail(`wave${i}`));
    for (const email of addresses) await subscribe(email);
    const mailed = await Promise.all(addresses.map(async (email) => (await mailsTo(email)).length));
    expect(mailed).toEqual([...Array(CEILING).fill(1), 0, 0]);
    const alerts = warnings.mock.calls.filter(
      ([details]) => (details as { alert?: string }).alert === 'mailing_list_confirmation_ceiling',
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.[1]).toMatch(
      /^mailing list: 3 confirmation e-mails went out in the last hour \(MAILING_LIST_MAX_PER_HOUR=3\)/,
    );

    // The refused ones were stored (and may be sent once the hour has passed); nothing is lost.
    await sentEarlier(HOUR_MS + 60_000);
    const late = addresses[CEILING] as string;
    await subscribe(late);
    expect(await mailsTo(late)).toHaveLength(1);
  });
});
