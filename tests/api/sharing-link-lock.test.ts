import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ShareResponse, ShareSummary } from '#domain/sharing';
import { SHARE_LIMITS } from '#domain/sharing';
import { outboxMessages, shareCodeSends, shares } from '#server/db/schema/index';
import { createChecklist, errorOf, type Owner, signInOwner } from '#tests/support/checklists';
import { closeAll, subscribedSocket } from '#tests/support/realtime';
import { recipientBrowser, share, verified, wrongCode } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * The cap on wrong codes per link across its codes (issue 16, item 5; docs/decisions/0018): after
 * SHARE_LIMITS.linkMaxWrongTries wrong codes the link is locked, refuses every code, and the owner is
 * told in the share list and by one e-mail; a new link unlocks.
 */
const t = setupTestApp();

const CAP = SHARE_LIMITS.linkMaxWrongTries;
const LOCKED_MESSAGE =
  'Too many wrong codes were tried on this link, so it is locked. Please ask the person who shared it with you to send a new link.';

/** The window and resend throttles out of the way: only the per-code and per-link caps are at work. */
async function pastThrottles(shareId: string) {
  await t.db
    .update(shareCodeSends)
    .set({ sentAt: new Date(Date.now() - 2 * 60 * 60_000) })
    .where(eq(shareCodeSends.shareId, shareId));
  await t.db
    .update(shares)
    .set({ codeRequestedAt: new Date(Date.now() - 31_000), verifyWindowStart: null, verifyWindowCount: 0 })
    .where(eq(shares.id, shareId));
}

/** A new code on the link, as its holder asks for one (the 30 s throttle skipped). */
async function newCode(sent: ShareResponse): Promise<string> {
  await pastThrottles(sent.shareId);
  const resent = await recipientBrowser(t.app).call('POST', '/api/verification/resend', {
    token: sent.token,
  });
  expect(resent.statusCode).toBe(200);
  return resent.json().verificationCode;
}

/** `count` wrong codes on the link, a new code every 5 (the per-code cap); answers the last answer. */
async function guessWrong(sent: ShareResponse, count: number, code = sent.verificationCode as string) {
  let live = code;
  let last = null;
  for (let i = 0; i < count; i += 1) {
    if (i > 0 && i % SHARE_LIMITS.codeMaxTries === 0) live = await newCode(sent);
    await pastThrottles(sent.shareId);
    last = await recipientBrowser(t.app).verify(sent.token, wrongCode(live));
  }
  return { last, live };
}

async function lockMails(owner: Owner) {
  const me = (await owner.call('GET', '/api/auth/me')).json().user;
  return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, me.email));
}

async function sharesOf(owner: Owner, checklistId: string): Promise<ShareSummary[]> {
  const response = await owner.call('GET', `/api/checklists/${checklistId}/shares`);
  expect(response.statusCode).toBe(200);
  return response.json().shares;
}

async function sharedChecklist(label = 'host') {
  const owner = await signInOwner(t.app, label);
  const checklist = await createChecklist(owner, { name: 'Cabin turnover' }, 2);
  const sent = await share(owner, checklist.id);
  return { owner, checklist, sent };
}

describe('the cap on wrong codes per link', () => {
  it(`locks the link at the ${CAP}th wrong code across several codes; then even the right code is refused`, async () => {
    const { owner, checklist, sent } = await sharedChecklist();
    const { last, live } = await guessWrong(sent, CAP - 1);
    expect(last?.statusCode).toBe(400);
    expect(errorOf(last as never).code).toBe('code_invalid');
    expect((await sharesOf(owner, checklist.id))[0]?.lockedAt).toBeNull();

    // The 20th wrong one (on the fourth code) locks the link.
    await pastThrottles(sent.shareId);
    const locking = await recipientBrowser(t.app).verify(sent.token, wrongCode(live));
    expect(locking.statusCode).toBe(429);
    expect(errorOf(locking)).toEqual({ code: 'code_locked', message: LOCKED_MESSAGE, linkLocked: true });
    expect(locking.headers['retry-after']).toBeUndefined();

    // No code opens it now, not even a fresh right one; and it sends no new codes.
    await pastThrottles(sent.shareId);
    const resend = await recipientBrowser(t.app).call('POST', '/api/verification/resend', {
      token: sent.token,
    });
    expect(resend.statusCode).toBe(429);
    expect(errorOf(resend)).toMatchObject({ code: 'code_locked', linkLocked: true });
    for (const code of [live, wrongCode(live)]) {
      const refused = await recipientBrowser(t.app).verify(sent.token, code);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toMatchObject({ code: 'code_locked', message: LOCKED_MESSAGE });
    }
  });

  it('a right code before the cap starts the count over (a recipient who mistypes is never locked out)', async () => {
    const { owner, checklist, sent } = await sharedChecklist();
    const { live } = await guessWrong(sent, CAP - 2);
    // The fourth code still has tries: the right one verifies.
    const browser = recipientBrowser(t.app);
    expect((await browser.verify(sent.token, live)).statusCode).toBe(200);
    const [row] = await t.db.select().from(shares).where(eq(shares.id, sent.shareId));
    expect(row?.linkWrongTries).toBe(0);
    // CAP - 1 more wrong ones do not lock it.
    const fresh = await newCode(sent);
    const { last } = await guessWrong(sent, CAP - 1, fresh);
    expect(errorOf(last as never).code).toBe('code_invalid');
    expect((await sharesOf(owner, checklist.id))[0]?.lockedAt).toBeNull();
  });

  it('guesses that arrive together compare at most the cap, and lock the link once', async () => {
    const { owner, sent } = await sharedChecklist();
    await guessWrong(sent, CAP - 3);
    const live = await newCode(sent);
    const guesses = Array.from({ length: 8 }, (_, i) => String(200000 + i)).filter((c) => c !== live);
    const answers = await Promise.all(
      guesses.map((code) => recipientBrowser(t.app).verify(sent.token, code)),
    );
    expect(answers.filter((r) => errorOf(r).code === 'code_invalid').length).toBeLessThanOrEqual(2);
    expect(answers.filter((r) => errorOf(r).linkLocked === true).length).toBeGreaterThan(0);
    expect(answers.every((r) => [400, 429].includes(r.statusCode))).toBe(true);
    const [row] = await t.db.select().from(shares).where(eq(shares.id, sent.shareId));
    expect(row?.linkWrongTries).toBe(CAP);
    expect(row?.linkLockedAt).not.toBeNull();
    expect(await lockMails(owner)).toHaveLength(1);
  });
});

describe('what the owner is told', () => {
  it('the share list says the share is locked, and one e-mail (not one per try) tells the owner', async () => {
    const { owner, checklist, sent } = await sharedChecklist('told');
    expect(await lockMails(owner)).toHaveLength(0);
    const ownerScreen = await subscribedSocket(t.app, checklist.id, { cookie: owner.cookie });
    await guessWrong(sent, CAP);
    // The owner's open checklist is told at once: its share list shows the lock without a reload.
    expect(await ownerScreen.next('shares-changed')).toEqual({
      type: 'shares-changed',
      checklistId: checklist.id,
    });
    closeAll(ownerScreen);
    for (let i = 0; i < 3; i += 1) {
      await pastThrottles(sent.shareId);
      await recipientBrowser(t.app).verify(sent.token, '123456');
    }

    const [summary] = await sharesOf(owner, checklist.id);
    expect(summary).toMatchObject({ id: sent.shareId, verified: false });
    expect(summary?.lockedAt).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(summary?.lockedAt as string)).toBeLessThan(60_000);

    const mails = await lockMails(owner);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('ListSync: a share link of “Cabin turnover” was locked');
    expect(mail?.text).toContain(
      `The link you sent to Jane (j•••e@example.com) for “Cabin turnover” was locked after ${CAP} wrong verification codes.`,
    );
    expect(mail?.text).toContain(`/checklist/${checklist.id}`);
    // Its own unsubscribe link (decision 0024), in the text and as RFC 8058's header.
    expect(mail?.text).toContain(
      'Unsubscribe from these e-mails: http://127.0.0.1:5999/api/unsubscribe?token=',
    );
    expect(mail?.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/127\.0\.0\.1:5999\/api\/unsubscribe\?token=.+>$/,
    );
    // Never the recipient's full address, never a code or the link.
    expect(mail?.text).not.toContain('jane.doe');
    expect(mail?.text).not.toContain(sent.token);
  });

  it("another owner's share list and the recipient see nothing of the lock", async () => {
    const { checklist, sent } = await sharedChecklist('private');
    await guessWrong(sent, CAP);
    const stranger = await signInOwner(t.app, 'stranger');
    expect((await stranger.call('GET', `/api/checklists/${checklist.id}/shares`)).statusCode).toBe(404);
    expect(
      (await stranger.call('POST', `/api/checklists/${checklist.id}/shares/${sent.shareId}/new-link`))
        .statusCode,
    ).toBe(404);
  });
});

describe('a new link unlocks', () => {
  it("'send a new link' from the share list: a new token and code to the same contact; the old link stays dead", async () => {
    const { owner, checklist, sent } = await sharedChecklist();
    await guessWrong(sent, CAP);
    const relinked = await owner.call(
      'POST',
      `/api/checklists/${checklist.id}/shares/${sent.shareId}/new-link`,
    );
    expect(relinked.statusCode).toBe(200);
    const fresh: ShareResponse = relinked.json();
    expect(fresh).toMatchObject({ shareId: sent.shareId, maskedEmail: 'j•••e@example.com' });
    expect(fresh.token).not.toBe(sent.token);
    expect((await sharesOf(owner, checklist.id))[0]?.lockedAt).toBeNull();

    const old = await recipientBrowser(t.app).verify(sent.token, fresh.verificationCode as string);
    expect(old.statusCode).toBe(404);
    const browser = recipientBrowser(t.app);
    await verified(browser, fresh);
    expect((await browser.call('GET', `/api/shared/checklist?token=${fresh.token}`)).statusCode).toBe(200);
    // The new link has all its wrong tries ahead of it.
    const [row] = await t.db.select().from(shares).where(eq(shares.id, sent.shareId));
    expect(row).toMatchObject({ linkWrongTries: 0, linkLockedAt: null });
  });

  it('sending to a locked share from the dialog gives it a new link even without newLink', async () => {
    const { owner, checklist, sent } = await sharedChecklist();
    await guessWrong(sent, CAP);
    await pastThrottles(sent.shareId);
    const again = await share(owner, checklist.id);
    expect(again.token).not.toBe(sent.token);
    const browser = recipientBrowser(t.app);
    await verified(browser, again);
  });

  it('answers 404 share_not_found for a share that is not live (revoked)', async () => {
    const { owner, checklist, sent } = await sharedChecklist();
    await owner.call('DELETE', `/api/checklists/${checklist.id}/shares/${sent.shareId}`);
    const relinked = await owner.call(
      'POST',
      `/api/checklists/${checklist.id}/shares/${sent.shareId}/new-link`,
    );
    expect(relinked.statusCode).toBe(404);
    expect(errorOf(relinked).code).toBe('share_not_found');
  });
});
