import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  checklists,
  jobRuns,
  notifications,
  outboxMessages,
  shareCodeSends,
  teamMembers,
} from '#server/db/schema/index';
import { createChecklist, type Owner, signInOwner } from '#tests/support/checklists';
import { share } from '#tests/support/sharing';
import { ownedTeamId } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

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

async function messagesTo(to: string) {
  return t.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(outboxMessages.createdAt);
}

let counter = 0;
function unique(kind: 'email' | 'phone'): string {
  counter += 1;
  return kind === 'email' ? `rita.${counter}.${Date.now()}@example.com` : `+1415555${String(2000 + counter)}`;
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
    // A new account's texts for the day used up (SMS_LIMITS.newAccountPerDay: 5, this share's code one).
    await t.db.insert(shareCodeSends).values(
      Array.from({ length: 4 }, (_, i) => ({
        id: `send_filler_${counter}_${i}`,
        ownerId: host.uid,
        shareId: sent.shareId,
        channel: 'sms' as const,
        destination: `+1415555${String(9000 + i)}`,
        requestedBy: 'owner' as const,
      })),
    );
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
});
