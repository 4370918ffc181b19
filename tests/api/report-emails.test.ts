import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createChecklist, signInOwner } from '#tests/support/checklists';
import { until } from '#tests/support/server-process';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { buildTestApp, setupTestApp, type TestAppOptions } from '#tests/support/test-app';

/**
 * A recipient's submissions cannot make reports without limit (issue 30 item 1, docs/decisions/0041):
 * the owner hears of each one in the app at once, but the e-mail with the report goes at most once
 * per checklist every 10 minutes; submissions in between wait and go as one e-mail, with the report
 * as it is then, or at once without the report when the server stops.
 */

const REPORT = Buffer.from('%PDF-1.7\n% a known report\n%%EOF\n');
const reportsMade: string[] = [];
const attachReport: TestAppOptions['attachReport'] = async (checklistId) => {
  reportsMade.push(checklistId);
  return { bytes: REPORT, filename: 'turnover-report.pdf', contentType: 'application/pdf' };
};

const t = setupTestApp({ attachReport });

interface OutboxMail {
  to: string;
  subject: string | null;
  text: string;
  attachments: { filename: string }[];
}

async function mailsTo(app: FastifyInstance, address: string): Promise<OutboxMail[]> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  expect(response.statusCode).toBe(200);
  return (response.json().messages as OutboxMail[]).filter((mail) => mail.to === address).reverse();
}

/** An owner's checklist shared with Jane, Jane's verified browser, and a way to submit as her. */
async function sharedWithJane(app: FastifyInstance, label: string) {
  const owner = await signInOwner(app, label);
  const checklist = await createChecklist(owner, { name: `Turnover ${label}` });
  const jane = recipientBrowser(app);
  await verified(jane, await share(owner, checklist.id));
  const address = (await owner.call('GET', '/api/auth/me')).json().user.email as string;
  const submit = async () => {
    expect((await jane.call('POST', `/api/checklists/${checklist.id}/submit`, {})).statusCode).toBe(200);
  };
  const notices = async () => {
    await app.notifications.settle();
    return (await owner.call('GET', '/api/notifications')).json().notifications as { kind: string }[];
  };
  return { checklist, address, submit, notices };
}

const made = (checklistId: string) => reportsMade.filter((id) => id === checklistId).length;

describe("a recipient's submissions", () => {
  it('three in a row: three notices in the app, one e-mail with the report; the others wait', async () => {
    const { checklist, address, submit, notices } = await sharedWithJane(t.app, 'thrice');
    await submit();
    await submit();
    await submit();
    expect((await notices()).map((notice) => notice.kind)).toEqual(['submitted', 'submitted', 'submitted']);
    const mails = await mailsTo(t.app, address);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.attachments.map((file) => file.filename)).toEqual(['turnover-report.pdf']);
    expect(made(checklist.id)).toBe(1);
  });

  it('once the interval is over, those in between go as one e-mail with the report as it is then', async () => {
    const { app } = await t.buildApp({ attachReport, notifications: { reportEmailIntervalMs: 1_000 } });
    const { checklist, address, submit } = await sharedWithJane(app, 'coalesced');
    await submit();
    await app.notifications.settle();
    await submit();
    await submit();
    await app.notifications.settle();
    expect(await mailsTo(app, address)).toHaveLength(1);
    await until(async () => (await mailsTo(app, address)).length === 2);
    await app.notifications.settle();
    const mails = await mailsTo(app, address);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe(`ListSync: “Turnover coalesced” was submitted`);
      expect(mail.attachments.map((file) => file.filename)).toEqual(['turnover-report.pdf']);
    }
    expect(made(checklist.id)).toBe(2);
  });

  it('when the server stops, the e-mail still waiting goes at once, without the report', async () => {
    const { app } = await buildTestApp(t.testDatabase, { attachReport });
    try {
      const { checklist, address, submit } = await sharedWithJane(app, 'stopping');
      await submit();
      await app.notifications.settle();
      await submit();
      await app.notifications.settle();
      expect(await mailsTo(app, address)).toHaveLength(1);
      await app.close();
      const mails = await mailsTo(t.app, address);
      expect(mails).toHaveLength(2);
      expect(mails[1]?.attachments).toEqual([]);
      expect(mails[1]?.text).toContain('Open the checklist to see every task, its photo and the remarks.');
      expect(made(checklist.id)).toBe(1);
    } finally {
      await app.close();
    }
  });
});
