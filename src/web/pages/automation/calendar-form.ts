import { CalendarInput, DEFAULT_CHECKIN_TIME, DEFAULT_CHECKOUT_TIME } from '#domain/calendars';
import type { CalendarDetail } from '#domain/calendars-response';
import type { LanguageCode } from '#domain/languages';

/** The 'Add a calendar' / 'Edit calendar' form: its fields as typed, and the body they make. */
export interface CalendarForm {
  name: string;
  icsUrl: string;
  templateId: string;
  timezone: string;
  checkoutTime: string;
  checkinTime: string;
  shareOn: boolean;
  channel: 'email' | 'sms';
  recipientName: string;
  contact: string;
  targetLanguage: LanguageCode;
  consent: boolean;
}

export const SHORT_STAY_TEMPLATE = 'builtin-short-stay-turnover';

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function newCalendarForm(): CalendarForm {
  return {
    name: '',
    icsUrl: '',
    templateId: SHORT_STAY_TEMPLATE,
    timezone: browserTimeZone(),
    checkoutTime: DEFAULT_CHECKOUT_TIME,
    checkinTime: DEFAULT_CHECKIN_TIME,
    shareOn: false,
    channel: 'email',
    recipientName: '',
    contact: '',
    targetLanguage: 'en',
    consent: false,
  };
}

/**
 * An edit starts from the calendar as answered: the address only when this member may see it whole
 * (otherwise left out of the change), the recipient's contact never (the answer masks it): an edit
 * that keeps sharing must type it again, or leaves sharing as it is.
 */
export function editCalendarForm(calendar: CalendarDetail): CalendarForm {
  return {
    ...newCalendarForm(),
    name: calendar.name,
    icsUrl: calendar.urlVisible ? calendar.icsUrl : '',
    templateId: calendar.templateId,
    timezone: calendar.timezone,
    checkoutTime: calendar.checkoutTime,
    checkinTime: calendar.checkinTime,
    shareOn: calendar.share !== null,
    channel: calendar.share?.channel ?? 'email',
    recipientName: calendar.share?.recipientName ?? '',
    targetLanguage: calendar.share?.targetLanguage ?? 'en',
  };
}

/** The share part of a body; undefined when an edit leaves sharing as it was. */
function shareOf(form: CalendarForm, editing: CalendarDetail | null) {
  if (!form.shareOn) return editing?.share ? null : undefined;
  if (editing?.share && form.contact.trim() === '') return undefined;
  return {
    recipientName: form.recipientName,
    ...(form.channel === 'email' ? { email: form.contact } : { phone: form.contact }),
    targetLanguage: form.targetLanguage,
    consent: form.consent,
  };
}

export type FormCheck = { ok: true; body: CalendarInput } | { ok: false; message: string };

/** The body to send, checked as the server will (the first problem in words). */
export function calendarBody(form: CalendarForm, editing: CalendarDetail | null): FormCheck {
  const share = shareOf(form, editing);
  const body: CalendarInput = {
    name: form.name,
    icsUrl: form.icsUrl,
    templateId: form.templateId,
    timezone: form.timezone,
    checkoutTime: form.checkoutTime,
    checkinTime: form.checkinTime,
    ...(share !== undefined ? { share } : {}),
  };
  if (editing && !editing.urlVisible && form.icsUrl.trim() === '') {
    const { icsUrl: _hidden, ...rest } = body;
    const checked = CalendarInput.omit({ icsUrl: true }).safeParse(rest);
    return checked.success
      ? { ok: true, body: rest as CalendarInput }
      : { ok: false, message: firstIssue(checked.error) };
  }
  const checked = CalendarInput.safeParse(body);
  return checked.success ? { ok: true, body } : { ok: false, message: firstIssue(checked.error) };
}

function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Check the form and try again';
}

/** Local mode's sample feed, at this computer's own address (the server reads it over loopback). */
export function sampleCalendarUrl(location: Pick<Location, 'port' | 'protocol'>): string {
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//127.0.0.1${port}/api/dev/sample-calendar.ics`;
}
