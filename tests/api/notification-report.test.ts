import { describe, expect, it } from 'vitest';
import { createChecklist, signInOwner } from '#tests/support/checklists';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * The submission e-mail carries the real completion report (issue 17: the app wires
 * services/report.ts into the notifier; tests/api/notifications.test.ts checks the rest of the
 * e-mail with a fixed file), the same PDF the owner downloads.
 */
const t = setupTestApp();

describe('the submission e-mail', () => {
  it("attaches the checklist's completion report, as the owner would download it", async () => {
    const owner = await signInOwner(t.app, 'report-mail');
    const checklist = await createChecklist(owner, { name: 'Harbour View turnover' });
    const sent = await share(owner, checklist.id);
    const jane = recipientBrowser(t.app);
    await verified(jane, sent);
    expect((await jane.call('POST', `/api/checklists/${checklist.id}/submit`, {})).statusCode).toBe(200);
    await t.app.notifications.settle();

    const address = (await owner.call('GET', '/api/auth/me')).json().user.email as string;
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    const mail = (
      outbox.json().messages as {
        to: string;
        attachments: { filename: string; contentType: string; size: number; sha256: string }[];
      }[]
    ).find((message) => message.to === address);
    expect(mail?.attachments).toHaveLength(1);
    const [attached] = mail?.attachments ?? [];
    expect(attached?.contentType).toBe('application/pdf');
    expect(attached?.filename).toMatch(/^harbour-view-turnover-report-\d{4}-\d{2}-\d{2}\.pdf$/);

    const download = await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Made a moment apart, both say the same of the checklist: a real PDF of a similar size.
    expect(attached?.size).toBeGreaterThan(1000);
    expect(Math.abs((attached?.size ?? 0) - download.rawPayload.length)).toBeLessThan(2000);
  });
});
