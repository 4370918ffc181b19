import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '#domain/errors';
import type { EmailAttachment } from '../adapters/messaging/message-sender.ts';
import { REPORT_EMAIL_LIMITS, ReportEmails } from './report-emails.ts';

/**
 * Report e-mails when the worker pool is busy or too many wait (docs/decisions/0041); the API tests
 * (tests/api/report-emails.test.ts) show the interval and the shutdown as an owner sees them.
 */

const REPORT: EmailAttachment = {
  filename: 'r.pdf',
  contentType: 'application/pdf',
  content: Buffer.from('%PDF'),
};
const busy = () => new AppError('service_unavailable', 'busy');

function harness(render: (checklistId: string) => Promise<EmailAttachment>) {
  const sent: { checklistId: string; report: string | null }[] = [];
  const errors: string[] = [];
  const emails = new ReportEmails({
    render: (checklistId) => render(checklistId),
    log: { error: (_details, message) => errors.push(message) },
  });
  const schedule = (checklistId: string) =>
    emails.schedule({
      checklistId,
      teamId: 'team',
      kind: 'submitted',
      send: async (attachment) => {
        sent.push({ checklistId, report: attachment?.filename ?? null });
      },
    });
  return { emails, sent, errors, schedule };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('report e-mails', () => {
  it('try the report again a minute after the pool said busy, and send it once made', async () => {
    let tries = 0;
    const { emails, sent, errors, schedule } = harness(async () => {
      tries += 1;
      if (tries < REPORT_EMAIL_LIMITS.busyTries) throw busy();
      return REPORT;
    });
    schedule('c1');
    await emails.settle();
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(REPORT_EMAIL_LIMITS.busyRetryMs);
    await emails.settle();
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(REPORT_EMAIL_LIMITS.busyRetryMs);
    await emails.settle();
    expect(sent).toEqual([{ checklistId: 'c1', report: 'r.pdf' }]);
    expect(errors).toEqual([]);
  });

  it('after the last busy try, send the e-mail without the report (and say so in the log)', async () => {
    const { emails, sent, errors, schedule } = harness(async () => {
      throw busy();
    });
    schedule('c1');
    for (let n = 1; n < REPORT_EMAIL_LIMITS.busyTries; n++) {
      await emails.settle();
      await vi.advanceTimersByTimeAsync(REPORT_EMAIL_LIMITS.busyRetryMs);
    }
    await emails.settle();
    expect(sent).toEqual([{ checklistId: 'c1', report: null }]);
    expect(errors).toEqual(['notifications: the report could not be attached']);
  });

  it('send at once without the report when too many wait already', async () => {
    const { emails, sent, schedule } = harness(async () => REPORT);
    // One report e-mail per checklist made, then each checklist's second waits out its interval.
    for (let n = 0; n <= REPORT_EMAIL_LIMITS.maxWaiting; n++) schedule(`c${n}`);
    await emails.settle();
    expect(sent).toHaveLength(REPORT_EMAIL_LIMITS.maxWaiting + 1);
    for (let n = 0; n <= REPORT_EMAIL_LIMITS.maxWaiting; n++) schedule(`c${n}`);
    await emails.settle();
    expect(sent.slice(REPORT_EMAIL_LIMITS.maxWaiting + 1)).toEqual([{ checklistId: 'c100', report: null }]);
    await vi.advanceTimersByTimeAsync(REPORT_EMAIL_LIMITS.intervalMs);
    await emails.settle();
    const later = sent.slice(REPORT_EMAIL_LIMITS.maxWaiting + 2);
    expect(later).toHaveLength(REPORT_EMAIL_LIMITS.maxWaiting);
    expect(later.every((mail) => mail.report === 'r.pdf')).toBe(true);
  });
});
