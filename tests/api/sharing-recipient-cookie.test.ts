import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { createChecklist, errorOf, signInOwner, tick } from '#tests/support/checklists';
import { closeAll, openSocket, subscribedSocket } from '#tests/support/realtime';
import { type RecipientBrowser, recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Recipient cookie fixation (issue 16, item 4): a cookie planted in a browser before it verifies is
 * never bound to a share. Every successful verification sets a new cookie; the old one grants nothing.
 */
const t = setupTestApp();

const COOKIE = 'listsync_recipient';

/** Ticks a task as this browser (the recipient routes are the owner's, authorised by the cookie). */
function tickAs(browser: RecipientBrowser, checklist: Checklist, index: number) {
  return browser.call('PATCH', `/api/checklists/${checklist.id}/tasks/${checklist.tasks[index]?.id}`, {
    completed: true,
  });
}

async function sharedChecklist(label: string) {
  const owner = await signInOwner(t.app, label);
  const checklist = await createChecklist(owner, { name: `${label} checklist` }, 2);
  return { owner, checklist };
}

describe('the recipient cookie on verification', () => {
  it('a cookie planted before verifying is not honoured after it; the one the server sets is', async () => {
    const { owner, checklist } = await sharedChecklist('fixation');
    const sent = await share(owner, checklist.id);
    // The attacker's own browser holds the cookie value it planted in the victim's browser.
    const planted = `${COOKIE}=planted-by-someone-else-0123456789abcdef`;
    const attacker = recipientBrowser(t.app);
    attacker.cookie = planted;
    const victim = recipientBrowser(t.app);
    victim.cookie = planted;

    const right = await victim.verify(sent.token, sent.verificationCode as string);
    expect(right.statusCode).toBe(200);
    const set = right.cookies.find((c) => c.name === COOKIE);
    expect(set?.value).toBeTruthy();
    expect(`${COOKIE}=${set?.value}`).not.toBe(planted);

    // The planted value opens nothing…
    const asAttacker = await attacker.call('GET', `/api/shared/checklist?token=${sent.token}`);
    expect(asAttacker.statusCode).toBe(401);
    expect(errorOf(asAttacker).code).toBe('verification_required');
    expect((await attacker.call('GET', `/api/verification/status/${sent.token}`)).json()).toEqual({
      verified: false,
      expired: false,
    });
    expect((await tickAs(attacker, checklist, 0)).statusCode).toBe(404);
    // …the new one does.
    const asVictim = await victim.call('GET', `/api/shared/checklist?token=${sent.token}`);
    expect(asVictim.statusCode).toBe(200);
    expect((await tickAs(victim, checklist, 0)).statusCode).toBe(200);
  });

  it('every verification sets a new cookie; the browser keeps its other shares, the old cookie loses them', async () => {
    const first = await sharedChecklist('first');
    const second = await sharedChecklist('second');
    const sentFirst = await share(first.owner, first.checklist.id);
    const sentSecond = await share(second.owner, second.checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sentFirst);
    const before = browser.cookie;
    await verified(browser, sentSecond);
    expect(browser.cookie).not.toBe(before);

    for (const sent of [sentFirst, sentSecond]) {
      expect((await browser.call('GET', `/api/shared/checklist?token=${sent.token}`)).statusCode).toBe(200);
    }
    const old = recipientBrowser(t.app);
    old.cookie = before;
    for (const sent of [sentFirst, sentSecond]) {
      expect((await old.call('GET', `/api/shared/checklist?token=${sent.token}`)).statusCode).toBe(401);
    }
  });

  it('a wrong code keeps the cookie the browser has (nothing is set before the code is right)', async () => {
    const { owner, checklist } = await sharedChecklist('wrong');
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const again = await share(owner, checklist.id, { email: 'other.person@example.com' });
    const cookie = browser.cookie;
    const wrong = await browser.verify(
      again.token,
      again.verificationCode === '000000' ? '111111' : '000000',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
    expect(browser.cookie).toBe(cookie);
    expect((await browser.call('GET', `/api/shared/checklist?token=${sent.token}`)).statusCode).toBe(200);
  });
});

describe('open sockets when the cookie is replaced', () => {
  it('a socket opened with the old cookie loses the checklist at once; a new socket with the new cookie follows it', async () => {
    const first = await sharedChecklist('socket-first');
    const second = await sharedChecklist('socket-second');
    const sentFirst = await share(first.owner, first.checklist.id);
    const sentSecond = await share(second.owner, second.checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sentFirst);
    // A tab follows the first checklist; in another tab the same browser verifies the second.
    const oldSocket = await subscribedSocket(t.app, first.checklist.id, { cookie: browser.cookie });
    await verified(browser, sentSecond);

    const ended = await oldSocket.next('error');
    expect(ended).toMatchObject({ checklistId: first.checklist.id, error: { code: 'not_found' } });
    // What the page's client does on that error: reconnects, with the browser's cookie as it now is.
    const newSocket = await openSocket(t.app, { cookie: browser.cookie });
    newSocket.send({ type: 'subscribe', checklistId: first.checklist.id });
    newSocket.send({ type: 'subscribe', checklistId: second.checklist.id });
    await newSocket.next('subscribed', (m) => m.checklistId === first.checklist.id);
    await newSocket.next('subscribed', (m) => m.checklistId === second.checklist.id);
    expect((await tick(first.owner, first.checklist, 1)).statusCode).toBe(200);
    expect(await newSocket.next('update', (m) => m.checklistId === first.checklist.id)).toBeTruthy();
    closeAll(oldSocket, newSocket);
  });
});
