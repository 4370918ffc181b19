import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARE_MESSAGES } from '#domain/sharing';
import { shares } from '#server/db/schema/index';
import { createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import { share } from '#tests/support/sharing';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp, uniqueIp } from '#tests/support/test-app';

/**
 * The service-wide ceiling of texted codes (SMS_MAX_PER_HOUR): it counts every SMS in the database,
 * so this file has a database of its own. A part of it (SMS_RESERVED_PERCENT) is kept for established
 * senders (decision 0042): fresh accounts fill at most the rest. Reached, each refuses every SMS it
 * covers, from every instance, and logs one alert at error level, not one a refusal.
 */

const CEILING = 4;
const t = setupTestApp({ env: { SMS_MAX_PER_HOUR: String(CEILING), SMS_RESERVED_PERCENT: '50' } });

afterEach(() => {
  vi.restoreAllMocks();
});

/** Texts `phone` from a new checklist of an owner of its own, from an address of its own. */
async function textFromOwner(app = t.app, phone: string, { paid = false } = {}) {
  // Each from an owner and an address of their own: only the service-wide counts can stop them.
  const owner = await signInOwner(app, 'host', undefined, uniqueIp());
  if (paid) await setOwnedTeamTier(t.db, owner.uid, 'professional');
  const checklist = await createChecklist(owner);
  const response = await owner.call('POST', '/api/verification/send', {
    checklistId: checklist.id,
    phone,
    consent: true,
  });
  return { owner, checklist, response };
}

function expectPaused(response: Awaited<ReturnType<typeof textFromOwner>>['response']) {
  expect(response.statusCode).toBe(429);
  expect(errorOf(response)).toMatchObject({ code: 'rate_limited', message: SHARE_MESSAGES.smsPaused });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(3500);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describe('the service-wide SMS ceiling and the part kept for established senders', () => {
  it('fresh accounts text only their half; established senders the rest; then every SMS is refused, with one alert each', async () => {
    const alerts = vi.spyOn(t.app.log, 'error');
    for (let i = 0; i < CEILING / 2; i += 1) {
      const { response } = await textFromOwner(t.app, `+1415555020${i}`);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(alerts).not.toHaveBeenCalled();

    // Forty fresh accounts cannot fill the service's ceiling for every owner: they meet their part.
    const over = await textFromOwner(t.app, '+14155550210');
    expectPaused(over.response);
    expect(await t.db.select().from(shares).where(eq(shares.checklistId, over.checklist.id))).toEqual([]);
    expectPaused((await textFromOwner(t.app, '+14155550211')).response);
    expect(alerts).toHaveBeenCalledTimes(1);
    const [details, line] = alerts.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(details).toMatchObject({ alert: 'sms_new_sender_ceiling', sentLastHour: 2, limit: 2 });
    expect(line).toMatch(
      /^SMS ceiling for senders not yet established reached: 2 codes texted in the last hour \(50% of SMS_MAX_PER_HOUR=4 is kept for established senders\)/,
    );

    // The reserve is there for an owner who pays.
    for (let i = 0; i < CEILING / 2; i += 1) {
      const { response } = await textFromOwner(t.app, `+1415555030${i}`, { paid: true });
      expect(response.statusCode, response.body).toBe(200);
    }
    const paidOver = await textFromOwner(t.app, '+14155550310', { paid: true });
    expectPaused(paidOver.response);
    expectPaused((await textFromOwner(t.app, '+14155550311', { paid: true })).response);
    expect(alerts).toHaveBeenCalledTimes(2);
    const [ceiling, ceilingLine] = alerts.mock.calls[1] as unknown as [Record<string, unknown>, string];
    expect(ceiling).toMatchObject({ alert: 'sms_service_ceiling', sentLastHour: CEILING, limit: CEILING });
    expect(ceilingLine).toMatch(
      /^SMS ceiling reached: 4 codes texted in the last hour \(SMS_MAX_PER_HOUR=4\)/,
    );

    // E-mail goes on.
    await share(paidOver.owner, paidOver.checklist.id, { email: 'still@example.com' });
  });

  it('holds on every instance: another app on the same database refuses too', async () => {
    const { app: other } = await t.buildApp({ env: { SMS_MAX_PER_HOUR: String(CEILING) } });
    const refused = await textFromOwner(other, '+14155550212', { paid: true });
    expectPaused(refused.response);
  });
});
