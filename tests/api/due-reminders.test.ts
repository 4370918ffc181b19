import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MessageSender } from '#server/adapters/messaging/message-sender';
import {
  checklists,
  jobRuns,
  notifications,
  outboxMessages,
  shareCodeSends,
  teamMembers,
} from '#server/db/schema/index';
import { type ReminderContext, sendDueReminders } from '#server/services/due-reminders';
import { loadShareSecrets } from '#server/services/share-secrets';
import { createChecklist, type Owner, signInOwner } from '#tests/support/checklists';
import { outboxTo } from '#tests/support/messaging';
import { share } from '#tests/support/sharing';
import { ownedTeamId } from '#tests/support/teams';
import { setupTestApp, TEST_PUBLIC_URL } from '#tests/support/test-app';

/**
 * The reminders (docs/automation.md "Due dates, overdue and reminders"): an hour before the due time, a
 * shared checklist not yet started reminds each live share's recipient once, by the share's channel
 * and in its language, counted by the sending limits; the assignee gets an in-app notice.
 */
const t = setupTestApp({ env: { SMS_ALLOWED_COUNTRIES: 'US' } });

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

/** Runs the reminder job now, as its minute had come round (on this one instance). */
async function runReminders() {
  await t.db
    .update(jobRuns)
    .set({ nextRunAt: sql`now() - interval '1 second'` })
    .where(eq(jobRuns.name, 'due-reminders'));
  expect(await t.app.jobs.runDue()).toContain('due-reminders');
}

const messagesTo = (to: string) => outboxTo(t.db, to);

let counter = 0;
function unique(kind: 'email' | 'phone'): string {
  counter += 1;
  return kind === 'email' ? `rita.${counter}.${Date.now()}@example.com` : `+1415555${String(2000 + counter)}`;
}

/** A new account's texts for the day used up (SMS_LIMITS.newAccountPerDay: 5, the share's code one). */
async function useUpNewAccountTexts(host: Owner, shareId: string, numbersFrom: number) {
  await t.db.insert(shareCodeSends).values(
    Array.from({ length: 4 }, (_, i) => ({
      id: `send_filler_${numbersFrom}_${i}`,
      ownerId: host.uid,
      shareId,
      channel: 'sms' as const,
      destination: `+1415555${String(numbersFrom + i)}`,
      requestedBy: 'owner' as const,
    })),
  );
}

async function remindedAt(checklistId: string) {
  const [row] = await t.db
    .select({ at: checklists.dueRemindedAt })
    .from(checklists)
    .where(eq(checklists.id, checklistId));
  return row?.at ?? null;
}

describe('the due reminder', () => {
  it('e-mails the recipient once in the share’s language with its link, and tells the assignee once', async () => {
    const host = await signInOwner(t.app, 'remind-mail');
    const assignee = await signInOwner(t.app, 'remind-assignee');
    await t.db
      .insert(teamMembers)
      .values({ teamId: await ownedTeamId(t.db, host.uid), userId: assignee.uid, role: 'member' });
    const checklist = await createChecklist(host, { name: 'Cabin turnover', dueAt: inMinutes(45) });
    await host.call('PATCH', `/api/checklists/${checklist.id}`, { assigneeUid: assignee.uid });
    const email = unique('email');
    const sent = await share(host, checklist.id, { email, targetLanguage: 'es', recipientName: 'Rita' });

    await runReminders();
    await runReminders();

    const mails = await messagesTo(email);
    expect(mails).toHaveLength(2); // the code, then one reminder
    const reminder = mails[1];
    expect(reminder?.subject).toMatch(/^Recordatorio: «Cabin turnover» vence en 4\d minutos$/);
    expect(reminder?.text).toContain(`/shared/${sent.token}?lang=es`);
    expect(reminder?.text).toContain('Hola, Rita');
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.checklistId, checklist.id), eq(notifications.kind, 'due_soon')));
    expect(told.map((row) => row.ownerId)).toEqual([assignee.uid]);
    // Counted as a message to that address (the sending limits read these).
    const counted = await t.db.select().from(shareCodeSends).where(eq(shareCodeSends.destination, email));
    expect(counted).toHaveLength(2);
  });

  it('texts an SMS share with the link, within one segment', async () => {
    const host = await signInOwner(t.app, 'remind-sms');
    const checklist = await createChecklist(host, { name: 'Loft', dueAt: inMinutes(50) });
    const phone = unique('phone');
    const sent = await share(host, checklist.id, { email: undefined, phone });
    await runReminders();
    const texts = await messagesTo(phone);
    expect(texts).toHaveLength(2);
    expect(texts[1]?.text).toMatch(/^ListSync: "Loft" is due in \d+ min\. http.*\/shared\//);
    expect(texts[1]?.text).toContain(sent.token);
  });

  it('is not sent when work started, when too close or too far, or to a revoked share', async () => {
    const host = await signInOwner(t.app, 'remind-none');
    const started = await createChecklist(host, { dueAt: inMinutes(30) });
    await host.call('PATCH', `/api/checklists/${started.id}/tasks/${started.tasks[0]?.id}`, {
      completed: true,
    });
    const tooClose = await createChecklist(host, { dueAt: inMinutes(3) });
    const tooFar = await createChecklist(host, { dueAt: inMinutes(90) });
    const revoked = await createChecklist(host, { dueAt: inMinutes(30) });
    const contacts = new Map<string, string>();
    for (const checklist of [started, tooClose, tooFar, revoked]) {
      const email = unique('email');
      contacts.set(checklist.id, email);
      const sent = await share(host, checklist.id, { email });
      if (checklist === revoked) {
        const off = await host.call('DELETE', `/api/checklists/${checklist.id}/shares/${sent.shareId}`);
        expect(off.statusCode, off.body).toBe(204);
      }
    }
    await runReminders();
    for (const [, email] of contacts) expect(await messagesTo(email)).toHaveLength(1);
    expect(await remindedAt(started.id)).toBeNull();
    expect(await remindedAt(tooFar.id)).toBeNull();
    // The revoked one's checklist was reminded (of nobody): no share to send to.
    expect(await remindedAt(revoked.id)).not.toBeNull();
  });

  it('a reminder a limit refuses is skipped and not tried again', async () => {
    const host: Owner = await signInOwner(t.app, 'remind-limited');
    const checklist = await createChecklist(host, { dueAt: inMinutes(40) });
    const phone = unique('phone');
    const sent = await share(host, checklist.id, { email: undefined, phone });
    await useUpNewAccountTexts(host, sent.shareId, 9000);
    await runReminders();
    await runReminders();
    expect(await messagesTo(phone)).toHaveLength(1);
    expect(await remindedAt(checklist.id)).not.toBeNull();
    const reminders = await t.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.text, '%is due in%'));
    expect(reminders.every((message) => message.to !== phone)).toBe(true);
  });

  it('one the carrier refuses is logged and not counted; one a limit refuses is logged as skipped', async () => {
    const secrets = await loadShareSecrets(t.db, t.config.appSecret);
    const logged: { level: string; details: object; message: string }[] = [];
    const refusing: MessageSender = {
      sendEmail: () => Promise.reject(new Error('SMTP is down')),
      sendSms: () => Promise.reject(new Error('Twilio is down')),
    };
    const context: ReminderContext = {
      db: t.db,
      secrets,
      messages: refusing,
      siteName: 'ListSync',
      publicUrl: new URL(TEST_PUBLIC_URL),
      sms: { allowedCountries: ['US'], maxPerHour: 1_000, reservedPercent: 20, alarm: { reached() {} } },
      log: {
        warn: (details, message) => logged.push({ level: 'warn', details, message }),
        error: (details, message) => logged.push({ level: 'error', details, message }),
      },
    };
    const host = await signInOwner(t.app, 'remind-refused');
    const refused = await createChecklist(host, { dueAt: inMinutes(20) });
    const email = unique('email');
    await share(host, refused.id, { email });
    expect(await sendDueReminders(context, new Date())).toBeGreaterThanOrEqual(1);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'due reminder not delivered' }),
    );
    expect(
      await t.db.select().from(shareCodeSends).where(eq(shareCodeSends.destination, email)),
    ).toHaveLength(1);

    const limited = await createChecklist(host, { dueAt: inMinutes(25) });
    const phone = unique('phone');
    const sent = await share(host, limited.id, { email: undefined, phone });
    await useUpNewAccountTexts(host, sent.shareId, 9100);
    logged.length = 0;
    await sendDueReminders(context, new Date());
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'warn',
        details: expect.objectContaining({ checklistId: limited.id, code: 'rate_limited' }),
        message: expect.stringMatching(/^due reminder skipped: New accounts can text 5 codes a day/),
      }),
    ]);
  });
});
