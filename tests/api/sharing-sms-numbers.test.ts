import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SHARE_LIMITS, SHARE_MESSAGES, SMS_LIMITS } from '#domain/sharing';
import { outboxMessages, shares, users } from '#server/db/schema/index';
import { createChecklist, errorOf, type Owner, signInOwner } from '#tests/support/checklists';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp, uniqueIp } from '#tests/support/test-app';

/**
 * Other people's phones (decision 0042): codes texted to one number are counted per sender first (5
 * an hour, 10 for an established sender), then across every sender not yet established together (10
 * an hour). A refused send takes nothing from anyone's budget; one sender alone cannot fill the
 * shared budget, and no crowd of new accounts can shut out established ones.
 */

const t = setupTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;
const { establishedAfterDays } = SHARE_LIMITS;
const { perNumberPerSender, perNumberFromOthersPerHour } = SMS_LIMITS;

interface Sender {
  owner: Owner;
  paid: boolean;
  /** Checklists made so far, in order; a free plan holds 5. */
  checklists: string[];
  /** Sends tried per contact (each a checklist of its own, then new links of the first five). */
  tries: Map<string, number>;
}

/** A sender from an address of its own: on a paid plan, or free and `ageDays` old. */
async function sender({ paid = false, ageDays = 10 } = {}): Promise<Sender> {
  const owner = await signInOwner(t.app, 'host', undefined, uniqueIp());
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ageDays * DAY_MS) })
    .where(eq(users.id, owner.uid));
  if (paid) await setOwnedTeamTier(t.db, owner.uid, 'professional');
  return { owner, paid, checklists: [], tries: new Map() };
}

/**
 * Sends a code to the contact ({phone} or {email}) from a checklist not yet shared with it, or, past
 * the free plan's 5 checklists, as a new link of one already shared (so only the limits here refuse).
 */
async function send(from: Sender, contact: { phone: string } | { email: string }) {
  const key = Object.values(contact)[0] as string;
  const tried = from.tries.get(key) ?? 0;
  from.tries.set(key, tried + 1);
  const reuse = !from.paid && tried >= 5;
  let checklistId = from.checklists[reuse ? tried % 5 : tried];
  if (!checklistId) {
    checklistId = (await createChecklist(from.owner, { name: `Turnover ${tried}` })).id;
    from.checklists.push(checklistId);
  }
  return from.owner.call('POST', '/api/verification/send', {
    checklistId,
    consent: true,
    ...contact,
    ...(reuse ? { newLink: true } : {}),
  });
}

async function sendTimes(from: Sender, contact: { phone: string } | { email: string }, times: number) {
  for (let i = 0; i < times; i += 1) {
    const response = await send(from, contact);
    expect(response.statusCode, `send ${i + 1}: ${response.body}`).toBe(200);
  }
}

function expectRefused(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode, response.body).toBe(429);
  expect(errorOf(response)).toMatchObject({ code: 'rate_limited', message });
  const retryAfter = Number(response.headers['retry-after']);
  expect(errorOf(response).retryAfter).toBe(retryAfter);
  expect(retryAfter).toBeGreaterThan(3500);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

let numberCounter = 0;
/** A distinct valid US number, never texted by another test of this file. */
function usNumber(): { phone: string } {
  numberCounter += 1;
  return { phone: `+1415555${String(2000 + numberCounter).padStart(4, '0')}` };
}

async function delivered(to: string) {
  return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
}

describe('codes to one number', () => {
  it(`one sender texts it at most ${perNumberPerSender.other} times an hour; its refusals take nothing from the others`, async () => {
    const number = usNumber();
    const first = await sender();
    await sendTimes(first, number, perNumberPerSender.other);
    // The sender keeps trying: each try is refused, and none of them counts.
    for (let i = 0; i < 3; i += 1) expectRefused(await send(first, number), SHARE_MESSAGES.smsNumberLimit);

    // Another new sender still has its own budget: the first could not take the whole number's.
    const second = await sender();
    await sendTimes(second, number, perNumberPerSender.other);
    expect(await delivered(number.phone)).toHaveLength(perNumberFromOthersPerHour);

    // The number has had all it takes from senders not yet established: a third is refused, and
    // its refused send leaves no share behind.
    const third = await sender();
    expectRefused(await send(third, number), SHARE_MESSAGES.smsNumberLimit);
    expect(
      await t.db
        .select()
        .from(shares)
        .where(eq(shares.checklistId, third.checklists[0] as string)),
    ).toEqual([]);
    expect(await delivered(number.phone)).toHaveLength(perNumberFromOthersPerHour);
  });

  it(`a crowd of new accounts cannot shut out an established sender, who has ${perNumberPerSender.established} of its own`, async () => {
    const number = usNumber();
    for (const crowd of [await sender(), await sender()]) {
      await sendTimes(crowd, number, perNumberPerSender.other);
    }
    expectRefused(await send(await sender(), number), SHARE_MESSAGES.smsNumberLimit);

    const paid = await sender({ paid: true });
    await sendTimes(paid, number, perNumberPerSender.established);
    expectRefused(await send(paid, number), SHARE_MESSAGES.smsNumberLimit);
    // Another established sender still gets through: the established ones share no budget.
    await sendTimes(await sender({ paid: true }), number, 1);
  });

  it(`a free account ${establishedAfterDays} days old one of whose shares a recipient verified is established; younger or unverified is not`, async () => {
    const number = usNumber();
    for (const crowd of [await sender(), await sender()]) {
      await sendTimes(crowd, number, perNumberPerSender.other);
    }
    /** A free sender `ageDays` old that shared by e-mail, and whose recipient verified if told. */
    const veteran = async (ageDays: number, recipientVerified: boolean) => {
      const from = await sender({ ageDays });
      const checklist = await createChecklist(from.owner, { name: 'Shared before' });
      const sent = await share(from.owner, checklist.id, { email: `earlier-${from.owner.uid}@example.com` });
      if (recipientVerified) await verified(recipientBrowser(t.app), sent);
      return from;
    };
    expect((await send(await veteran(establishedAfterDays + 1, true), number)).statusCode).toBe(200);
    expectRefused(
      await send(await veteran(establishedAfterDays + 1, false), number),
      SHARE_MESSAGES.smsNumberLimit,
    );
    expectRefused(
      await send(await veteran(establishedAfterDays - 1, true), number),
      SHARE_MESSAGES.smsNumberLimit,
    );
  });

  it("counts the link resends of a new sender's shares with the new senders, never those of an established sender's", async () => {
    const number = usNumber();
    const newcomer = await sender();
    const checklist = await createChecklist(newcomer.owner);
    const sent = await share(newcomer.owner, checklist.id, { email: undefined, ...number });
    const resend = async (token: string, shareId: string) => {
      // As 31 s later: the share's own spacing is not what is tested here.
      await t.db.update(shares).set({ codeRequestedAt: null }).where(eq(shares.id, shareId));
      return recipientBrowser(t.app).call('POST', '/api/verification/resend', { token });
    };
    for (let i = 1; i < perNumberPerSender.other; i += 1) {
      expect((await resend(sent.token, sent.shareId)).statusCode).toBe(200);
    }
    await sendTimes(await sender(), number, perNumberPerSender.other);
    expectRefused(await resend(sent.token, sent.shareId), SHARE_MESSAGES.smsNumberLimit);

    const paid = await sender({ paid: true });
    const theirs = await share(paid.owner, (await createChecklist(paid.owner)).id, {
      email: undefined,
      ...number,
    });
    expect((await resend(theirs.token, theirs.shareId)).statusCode).toBe(200);
  });
});
