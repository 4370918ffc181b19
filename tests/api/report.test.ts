import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderChecklistReport } from '#server/services/report';
import { reportPdf } from '#server/services/report-layout';
import { REPORT_RENDER_MS } from '#tests/support/budgets';
import { createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import { testJpeg, uploadPhoto } from '#tests/support/photos';
import { attachedData, pdfText } from '#tests/support/report-files';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { ownedTeamId } from '#tests/support/teams';
import { setupTestApp, uniqueEmail, uniqueIp } from '#tests/support/test-app';

const t = setupTestApp();

describe('the completion report', () => {
  it('is a PDF attachment with the tasks, who ticked them, the trail and a checkable hash line', async () => {
    const owner = await signInOwner(t.app, 'host');
    const checklist = await createChecklist(
      owner,
      {
        name: 'Cabin turnover: Pine Lodge',
        tasks: [
          { id: 'linen', description: 'Change the bed linen', photoRequired: true, details: 'Both bedrooms' },
          { id: 'bins', description: 'Empty the bins', photoRequired: false },
          { id: 'keys', description: 'Leave the keys in the lockbox', photoRequired: false },
        ],
      },
      3,
    );
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const [linen, bins] = checklist.tasks.map((task) => task.id);
    const photo = await testJpeg(1600, 1200);
    expect((await uploadPhoto(t.app, browser.cookie, checklist.id, linen ?? '', photo)).statusCode).toBe(200);
    await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${bins}`, { completed: true });
    await browser.call('PATCH', `/api/checklists/${checklist.id}`, { remarks: 'Towels were short by two.' });

    const response = await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="cabin-turnover-pine-lodge-report-${today}.pdf"`,
    );
    const bytes = response.rawPayload;
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, bytes);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = pdfText(bytes);
    for (const words of [
      'Cabin turnover: Pine Lodge',
      'Change the bed linen',
      'Empty the bins',
      'Leave the keys in the lockbox',
      'Towels were short by two.',
      'by Jane (j•••e@example.com)',
      'by host person (owner)',
      'In progress',
      '67%',
      '2 of 3 tasks',
    ]) {
      expect(text).toContain(words);
    }
    const sha256 = String(response.headers['x-report-sha256']);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(text).toContain(`Report SHA-256: ${sha256}`);
    expect(text).toMatch(/Made \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const flat = text.replace(/\s+/g, ' ');
    const originalSha256 = createHash('sha256').update(photo).digest('hex');
    expect(flat).toContain(`Original SHA-256 (the file as received): ${originalSha256}`);
    // Each photo by its own identifier, and the SHA-256 of the copy ListSync serves (GET /api/photos/{id}).
    const photoId = String(
      (await owner.call('GET', `/api/checklists/${checklist.id}`)).json().tasks[0].photoUrl,
    ).replace('/api/photos/', '');
    const served = (await owner.call('GET', `/api/photos/${photoId}`)).rawPayload;
    expect(text).toContain(`Photo ID ${photoId}`);
    expect(flat).toContain(
      `ListSync copy SHA-256 (as downloaded from ListSync): ${createHash('sha256').update(served).digest('hex')}`,
    );
    // The reader is told where to check the file.
    expect(flat).toContain('open http://127.0.0.1:5999/verify and drop the file there');
    expect(text).toMatch(/Page 1 of \d/);

    // The hash line is checkable: it is the SHA-256 of the data attached to the PDF.
    const data = attachedData(bytes);
    expect(createHash('sha256').update(data).digest('hex')).toBe(sha256);
    const parsed = JSON.parse(data.toString('utf8'));
    expect(parsed.tasks.map((task: { description: string }) => task.description)).toEqual([
      'Change the bed linen',
      'Empty the bins',
      'Leave the keys in the lockbox',
    ]);
    expect(parsed.activity.map((entry: { action: string }) => entry.action)).toContain('photo_added');
  });

  it('is rendered by a service the e-mail can use too', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, { name: 'Boiler service' }, 2);
    const report = await renderChecklistReport(
      {
        db: t.db,
        store: { get: async () => null },
        work: { reportPdf },
        publicUrl: new URL('https://listsync.example'),
      },
      { kind: 'owner', userId: owner.uid, teamId: await ownedTeamId(t.db, owner.uid) },
      checklist.id,
      new Date('2026-11-26T08:00:00Z'),
    );
    expect(report.filename).toBe('boiler-service-report-2026-11-26.pdf');
    expect(report.sha256).toBe(createHash('sha256').update(attachedData(report.bytes)).digest('hex'));
    expect(pdfText(report.bytes)).toContain('Made 2026-11-26 08:00 UTC');
  });

  it('prints names and tasks in the five added languages as written (pdftotext reads them back)', async () => {
    const owner = await signInOwner(t.app);
    const written = {
      name: 'Dọn phòng: Tầng 4, căn hộ Hướng Dương',
      tasks: [
        'Прибрати ванну кімнату, з’єднання крана перевірити',
        'Umyć łazienkę i wynieść śmieci z kuchni',
        'Ștergeți geamurile și aspirați covorul din încăpere',
        'Linisin ang banyo at palitan ang mga tuwalya',
      ],
    };
    const checklist = await createChecklist(
      owner,
      {
        name: written.name,
        tasks: written.tasks.map((description, i) => ({ id: `t${i}`, description, photoRequired: false })),
      },
      4,
    );
    const response = await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload).normalize('NFC');
    for (const words of [written.name, ...written.tasks]) expect(text).toContain(words);
  });

  it("is the owner's only: another owner and a recipient get 404, nobody 401", async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const stranger = await signInOwner(t.app, 'stranger');
    for (const asker of [stranger, browser]) {
      const response = await asker.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('not_found');
    }
    const nobody = await t.app.inject({ method: 'GET', url: `/api/checklists/${checklist.id}/report.pdf` });
    expect(nobody.statusCode).toBe(401);
  });

  it(
    'is limited per IP: 30 reports in 10 minutes, then 429 rate_limited',
    async () => {
      const owner = await signInOwner(t.app, 'busy', uniqueEmail('busy'), uniqueIp());
      const checklist = await createChecklist(owner, {}, 1);
      for (let count = 0; count < 30; count++) {
        expect((await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`)).statusCode).toBe(200);
      }
      const refused = await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe('rate_limited');
    },
    31 * REPORT_RENDER_MS,
  );
});
