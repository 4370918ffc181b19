import { describe, expect, it } from 'vitest';
import { newId } from '#server/ids';
import { claimKey, deleteClaim, heldKey, keepAnswersUpdate } from '#server/repositories/idempotency-keys';
import { DAY_MS, MINUTE_MS, newBrowserHash, setupTestDatabase } from '#tests/support/access-rows';

/**
 * repositories/idempotency-keys.ts (docs/decisions/0006, 0015): the answers kept for replays are a
 * principal's own (an owner's user id, or 'recipient:' and a browser's hash). Pins: a key claimed by
 * one principal is neither held for, nor taken over by, nor deleted by another using the same key;
 * the answer kept for one principal is never read by another.
 */

const t = setupTestDatabase();

function claimOf(principal: string, key: string, now: Date) {
  return {
    principal,
    key,
    requestHash: `request of ${principal}`,
    createdAt: now,
    expiresAt: new Date(now.getTime() + DAY_MS),
  };
}

describe("a key and its kept answer are one principal's own", () => {
  it('another principal with the same key sees nothing of it and claims its own', async () => {
    const now = new Date();
    const key = newId('key');
    const owner = newId('user');
    const recipient = `recipient:${newBrowserHash()}`;
    const abandonedBefore = new Date(now.getTime() - MINUTE_MS);

    expect(await claimKey(t.db, claimOf(owner, key, now), abandonedBefore)).toBe(true);
    await t.db.execute(
      keepAnswersUpdate([
        {
          principal: owner,
          key,
          requestHash: `request of ${owner}`,
          status: 200,
          body: '{"secret":1}',
          contentType: 'application/json',
        },
      ]),
    );
    expect(await heldKey(t.db, recipient, key)).toBeUndefined();

    expect(await claimKey(t.db, claimOf(recipient, key, now), abandonedBefore)).toBe(true);
    await deleteClaim(t.db, { principal: recipient, key, requestHash: `request of ${recipient}` });
    expect(await heldKey(t.db, recipient, key)).toBeUndefined();
    expect(await heldKey(t.db, owner, key)).toEqual({
      requestHash: `request of ${owner}`,
      status: 200,
      responseBody: '{"secret":1}',
      responseType: 'application/json',
    });
  });

  it('the same principal cannot claim a live key twice', async () => {
    const now = new Date();
    const claim = claimOf(newId('user'), newId('key'), now);
    expect(await claimKey(t.db, claim, new Date(now.getTime() - MINUTE_MS))).toBe(true);
    expect(await claimKey(t.db, claim, new Date(now.getTime() - MINUTE_MS))).toBe(false);
  });
});
