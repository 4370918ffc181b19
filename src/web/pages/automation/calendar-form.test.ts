import { describe, expect, it } from 'vitest';
import type { CalendarDetail } from '#domain/calendars-response';
import { calendarBody, editCalendarForm, newCalendarForm, sampleCalendarUrl } from './calendar-form.ts';
import { cadenceText, statusText } from './calendar-texts.ts';

const filled = {
  ...newCalendarForm(),
  name: 'Beach House',
  icsUrl: 'webcal://example.com/a.ics',
  timezone: 'UTC',
};

const saved: CalendarDetail = {
  id: 'calendar_1',
  name: 'Beach House',
  icsUrl: 'example.com/…',
  urlVisible: false,
  templateId: 'builtin-short-stay-turnover',
  timezone: 'Europe/Paris',
  checkoutTime: '10:00',
  checkinTime: '15:00',
  share: { recipientName: 'Ana', channel: 'email', maskedContact: 'a•••@example.com', targetLanguage: 'es' },
  status: 'synced',
  lastSyncAt: '2027-01-01T10:00:00.000Z',
  lastError: null,
  nextSyncAt: '2027-01-01T16:00:00.000Z',
  syncEveryMinutes: 360,
  createdBy: { uid: 'u1', displayName: 'Host' },
  canManage: true,
  createdAt: '2027-01-01T09:00:00.000Z',
  runs: [],
};

describe('the calendar form', () => {
  it('sends what the server takes, and says the first problem otherwise', () => {
    expect(calendarBody(filled, null)).toEqual({
      ok: true,
      body: {
        name: 'Beach House',
        icsUrl: 'webcal://example.com/a.ics',
        templateId: 'builtin-short-stay-turnover',
        timezone: 'UTC',
        checkoutTime: '11:00',
        checkinTime: '16:00',
      },
    });
    expect(calendarBody({ ...filled, icsUrl: 'ftp://example.com/a.ics' }, null)).toMatchObject({
      ok: false,
      message: expect.stringContaining('iCal address'),
    });
    const noConsent = calendarBody({ ...filled, shareOn: true, contact: 'ana@example.com' }, null);
    expect(noConsent.ok).toBe(false);
  });

  it('leaves a hidden address and a kept recipient out of an edit', () => {
    const form = editCalendarForm(saved);
    expect(form).toMatchObject({ icsUrl: '', shareOn: true, targetLanguage: 'es', checkinTime: '15:00' });
    const checked = calendarBody({ ...form, name: 'Beach House North' }, saved);
    expect(checked.ok && checked.body).toEqual({
      name: 'Beach House North',
      templateId: 'builtin-short-stay-turnover',
      timezone: 'Europe/Paris',
      checkoutTime: '10:00',
      checkinTime: '15:00',
    });
    // Sharing turned off: share null.
    const off = calendarBody({ ...form, shareOn: false }, saved);
    expect(off.ok && off.body.share).toBeNull();
  });

  it("points the sample at this computer's own address", () => {
    expect(sampleCalendarUrl({ protocol: 'http:', port: '5000' })).toBe(
      'http://127.0.0.1:5000/api/dev/sample-calendar.ics',
    );
  });
});

describe('the calendar row', () => {
  it('says the cadence and the state in words', () => {
    expect(cadenceText(15)).toBe('every 15 minutes');
    expect(cadenceText(360)).toBe('every 6 hours');
    const now = Date.parse('2027-01-01T10:03:00.000Z');
    expect(statusText(saved, now)).toBe('Synced 3 minutes ago');
    expect(statusText({ ...saved, status: 'failing', lastError: 'Timed out after 10 s' }, now)).toBe(
      'Failing: Timed out after 10 s',
    );
    expect(statusText({ ...saved, status: 'pending', lastSyncAt: null }, now)).toBe('Not synced yet');
  });
});
