import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARE_MESSAGES } from '#domain/sharing';
import { shares } from '#server/db/schema/index';
import { createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import { share } from '#tests/support/sharing';
import { setupTestApp, uniqueIp } from '#tests/support/test-app';

/**
 * The service-wide ceiling of texted codes (SMS_MAX_PER_HOUR): it counts every SMS in the database,
 * so this file has a database of its own. Reached, it refuses every SMS, from every instance, and
 * logs one alert at error level, not one a refusal.
 */

const CEILING = 3;
const t = setupTestApp({ env: { SMS_MAX_PER_HOUR: String(CEILING) } });

afterEach(() => {
  vi.restoreAllMocks();
});

async function textFromNewcomer(app = t.app, phone: string) {
  // Each from an owner and an address of their own: only the service-wide count can stop them.
  const owner = await signInOwner(app, 'host', undefined, uniqueIp());
  const checklist = await createChecklist(owner);
  const response = await owner.call('POST', '/api/verification/send', {
    checklistId: checklist.id,
    phone,
    consent: true,
  });
  return { owner, checklist, response };
}

describe('the service-wide SMS ceiling', () => {
  it('texts up to SMS_MAX_PER_HOUR codes an hour, then refuses every SMS and logs one alert', async () => {
    const alerts = vi.spyOn(t.app.log, 'error');
    for (let i = 0; i < CEILING; i += 1) {
      const { response } = await textFromNewcomer(t.app, `+1415555020${i}`);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(alerts).not.toHaveBeenCalled();

    const over = await textFromNewcomer(t.app, '+14155550210');
    expect(over.response.statusCode).toBe(429);
    expect(errorOf(over.response)).toMatchObject({ code: 'rate_limited', message: SHARE_MESSAGES.smsPaused });
    const retryAfter = Number(over.response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await t.db.select().from(shares).where(eq(shares.checklistId, over.checklist.id))).toEqual([]);

    const again = await textFromNewcomer(t.app, '+14155550211');
    expect(again.response.statusCode).toBe(429);
    expect(alerts).toHaveBeenCalledTimes(1);
    const [details, line] = alerts.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(details).toMatchObject({ alert: 'sms_service_ceiling', sentLastHour: CEILING, limit: CEILING });
    expect(line).toMatch(/^SMS ceiling reached: 3 codes texted in the last hour \(SMS_MAX_PER_HOUR=3\)/);

    // E-mail goes on.
    await share(again.owner, again.checklist.id, { email: 'still@example.com' });
  });

  it('holds on every instance: another app on the same database refuses too', async () => {
    const { app: other } = await t.buildApp({ env: { SMS_MAX_PER_HOUR: String(CEILING) } });
    const refused = await textFromNewcomer(other, '+14155550212');
    expect(refused.response.statusCode).toBe(429);
    expect(errorOf(refused.response).message).toBe(SHARE_MESSAGES.smsPaused);
  });
});
