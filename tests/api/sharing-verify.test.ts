import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SharedChecklistResponse, VerificationStatus } from '#domain/sharing';
import { checklistActivity, shares } from '#server/db/schema/index';
import { createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import { recipientBrowser, share, verified, wrongCode } from '#tests/support/sharing';
import { setupTestApp, uniqueIp } from '#tests/support/test-app';

const t = setupTestApp();

async function sharedChecklist() {
  const owner = await signInOwner(t.app, 'host');
  const checklist = await createChecklist(owner, { name: 'Cabin turnover' }, 3);
  const sent = await share(owner, checklist.id);
  return { owner, checklist, sent };
}

/** Lets the throttle allow another code for this share at once. */
async function pastResendThrottle(shareId: string) {
  await t.db
    .update(shares)
    .set({ codeRequestedAt: new Date(Date.now() - 31_000) })
    .where(eq(shares.id, shareId));
}

describe('POST /api/verification/verify', () => {
  it('a wrong code says how many tries are left; the right one verifies this browser and sets an HttpOnly cookie', async () => {
    const { checklist, sent } = await sharedChecklist();
    const browser = recipientBrowser(t.app);
    const wrong = await browser.verify(sent.token, wrongCode(sent.verificationCode));
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'code_invalid', triesLeft: 4 });
    expect(browser.cookie).toBeNull();

    const right = await browser.verify(sent.token, sent.verificationCode as string);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({
      verified: true,
      checklistId: checklist.id,
      recipientId: sent.recipientId,
      targetLanguage: 'en',
    });
    const cookie = right.cookies.find((c) => c.name.endsWith('listsync_recipient'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('accepts a code once only', async () => {
    const { sent } = await sharedChecklist();
    const first = recipientBrowser(t.app);
    await verified(first, sent);
    const reuse = await recipientBrowser(t.app).verify(sent.token, sent.verificationCode as string);
    expect(reuse.statusCode).toBe(400);
    expect(errorOf(reuse)).toMatchObject({ code: 'code_invalid', triesLeft: 0 });
  });

  it('refuses an expired code with 410', async () => {
    const { sent } = await sharedChecklist();
    await t.db
      .update(shares)
      .set({ codeExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(shares.id, sent.shareId));
    const late = await recipientBrowser(t.app).verify(sent.token, sent.verificationCode as string);
    expect(late.statusCode).toBe(410);
    expect(errorOf(late).code).toBe('code_expired');
  });

  it('kills the code after 5 wrong tries: every later try, right or wrong, is 429 code_locked until a new code', async () => {
    const { sent } = await sharedChecklist();
    const browser = recipientBrowser(t.app);
    const bad = wrongCode(sent.verificationCode);
    const left: unknown[] = [];
    for (let i = 0; i < 5; i += 1) left.push(errorOf(await browser.verify(sent.token, bad)).triesLeft);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    for (const code of [sent.verificationCode as string, bad]) {
      const locked = await browser.verify(sent.token, code);
      expect(locked.statusCode).toBe(429);
      expect(errorOf(locked).code).toBe('code_locked');
      expect(locked.headers['retry-after']).toBeDefined();
    }

    await pastResendThrottle(sent.shareId);
    const resent = await browser.call('POST', '/api/verification/resend', { token: sent.token });
    expect(resent.statusCode).toBe(200);
    expect((await browser.verify(sent.token, resent.json().verificationCode)).statusCode).toBe(200);
  });

  // On PostgreSQL the guesses really run at once (PGlite serialises them): that run is the proof.
  it('compares at most 5 guesses of one code even when they arrive together', async () => {
    const { sent } = await sharedChecklist();
    const guesses = Array.from({ length: 12 }, (_, i) => String(100000 + i)).filter(
      (code) => code !== sent.verificationCode,
    );
    const answers = await Promise.all(
      guesses.map((code) => recipientBrowser(t.app).verify(sent.token, code)),
    );
    const compared = answers.filter((response) => errorOf(response).code === 'code_invalid');
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(answers.every((response) => [400, 429].includes(response.statusCode))).toBe(true);
    const [row] = await t.db.select().from(shares).where(eq(shares.id, sent.shareId));
    expect(row?.codeWrongTries).toBe(5);
  });

  it('limits tries on one link to 15 per 10 minutes (429 rate_limited), whatever the browser', async () => {
    const { sent } = await sharedChecklist();
    let last = await recipientBrowser(t.app).verify(sent.token, 'abc');
    expect(last.statusCode).toBe(400); // not 6 digits: refused before it counts
    for (let i = 0; i < 15; i += 1) {
      // A fresh code every 5 tries keeps the per-code lock out of the way.
      if (i % 5 === 0 && i > 0) {
        await pastResendThrottle(sent.shareId);
        await recipientBrowser(t.app).call('POST', '/api/verification/resend', { token: sent.token });
      }
      last = await recipientBrowser(t.app).verify(sent.token, '000001');
      expect(last.statusCode).toBe(400);
    }
    last = await recipientBrowser(t.app).verify(sent.token, '000001');
    expect(last.statusCode).toBe(429);
    expect(errorOf(last).code).toBe('rate_limited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits one IP to 30 tries per 10 minutes across links', async () => {
    const ip = uniqueIp();
    let status = 0;
    for (let i = 0; i < 31; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/verification/verify',
        remoteAddress: ip,
        payload: { token: `unknown-token-${i}`, code: '123456' },
      });
      status = response.statusCode;
      if (i < 30) expect(status).toBe(404);
    }
    expect(status).toBe(429);
  });

  it('answers 404 share_not_found for an unknown link', async () => {
    const response = await recipientBrowser(t.app).verify('AAAAAAAAAAAAAAAAAAAAAA', '123456');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({
      code: 'share_not_found',
      message: 'Could not find the shared checklist. Please contact the sender.',
    });
  });
});

describe('POST /api/verification/resend', () => {
  it('sends a new code to the share own contact, kills the old code, and is throttled to one per 30 s', async () => {
    const { sent } = await sharedChecklist();
    const browser = recipientBrowser(t.app);
    const tooSoon = await browser.call('POST', '/api/verification/resend', { token: sent.token });
    expect(tooSoon.statusCode).toBe(429);
    expect(errorOf(tooSoon).code).toBe('rate_limited');

    await pastResendThrottle(sent.shareId);
    const resent = await browser.call('POST', '/api/verification/resend', {
      token: sent.token,
      email: 'evil@example.com',
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ sent: true, maskedContact: 'j•••e@example.com' });
    expect((await browser.verify(sent.token, sent.verificationCode as string)).statusCode).toBe(400);
    expect((await browser.verify(sent.token, resent.json().verificationCode)).statusCode).toBe(200);
  });
});

describe('GET /api/verification/status/{token}', () => {
  it('tells only the verified browser anything; another browser and an unknown token look the same', async () => {
    const { checklist, sent } = await sharedChecklist();
    const browser = recipientBrowser(t.app);
    const before = await browser.call('GET', `/api/verification/status/${sent.token}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ verified: false, expired: false });
    await verified(browser, sent);

    const mine: VerificationStatus = (
      await browser.call('GET', `/api/verification/status/${sent.token}`)
    ).json();
    expect(mine).toEqual({
      verified: true,
      expired: false,
      recipientId: sent.recipientId,
      checklistId: checklist.id,
      targetLanguage: 'en',
      recipientName: 'Jane',
      maskedEmail: 'j•••e@example.com',
      maskedPhone: null,
      maskedContact: 'j•••e@example.com',
    });
    for (const url of [
      `/api/verification/status/${sent.token}`,
      '/api/verification/status/AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const other = await recipientBrowser(t.app).call('GET', url);
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(JSON.stringify({ verified: false, expired: false }));
    }
    expect(JSON.stringify(mine)).not.toContain('jane.doe');
  });
});

describe('GET /api/shared/checklist', () => {
  it('answers the verified browser the checklist with nothing of the owner but their name', async () => {
    const { owner, checklist, sent } = await sharedChecklist();
    const browser = recipientBrowser(t.app);
    const refused = await browser.call('GET', `/api/shared/checklist?token=${sent.token}`);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).code).toBe('verification_required');

    await verified(browser, sent);
    const response = await browser.call('GET', `/api/shared/checklist?token=${sent.token}`);
    expect(response.statusCode).toBe(200);
    const body: SharedChecklistResponse = response.json();
    expect(body).toMatchObject({
      success: true,
      ownerName: 'host person',
      recipientName: 'Jane',
      maskedContact: 'j•••e@example.com',
      targetLanguage: 'en',
      translated: false,
    });
    // Nobody of the owner's team by id: not the creator, not an assignee.
    expect(body.checklist).toEqual({ ...checklist, userId: null, createdBy: null, assignee: null });
    expect(response.body).not.toContain(owner.uid);
    // Neither the owner's address (host.…@example.com) nor the recipient's own in full.
    expect(response.body).not.toContain('host.');
    expect(response.body).not.toContain('jane.doe');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('what a verification leaves on record', () => {
  it('records the verification with the recipient name and masked contact', async () => {
    const { checklist, sent } = await sharedChecklist();
    await verified(recipientBrowser(t.app), sent);
    const rows = await t.db
      .select()
      .from(checklistActivity)
      .where(eq(checklistActivity.checklistId, checklist.id));
    expect(
      rows.map((row) => [row.action, row.shareId, row.actorKind, row.shareName, row.shareChannel]),
    ).toEqual([
      ['share_sent', sent.shareId, 'owner', 'Jane', 'email'],
      ['share_verified', sent.shareId, 'recipient', 'Jane', 'email'],
    ]);
  });
});
