import type { LanguageCode } from '#domain/languages';
import type { Frequency, Weekday } from '#domain/recurrence';
import { type ScheduleInput, ScheduleInput as ScheduleInputSchema } from '#domain/schedules';
import type { Schedule } from '#domain/schedules-response';

/**
 * The 'New schedule' and 'Edit schedule' form as plain state, and the request body it makes. The
 * body is checked with the server's own schema (domain/schedules.ts), so the form shows the same
 * messages the API would answer, under the fields they are about.
 */

export interface ScheduleFormState {
  templateId: string;
  name: string;
  frequency: Frequency;
  interval: string;
  weekdays: Weekday[];
  monthDay: string;
  time: string;
  timezone: string;
  /** Whole hours after the run the checklist is due; empty: no due time. */
  dueAfterHours: string;
  /** '' for nobody. */
  assigneeUid: string;
  shareOn: boolean;
  channel: 'email' | 'sms';
  email: string;
  phone: string;
  recipientName: string;
  targetLanguage: LanguageCode;
  consent: boolean;
}

/** Field name -> the message to show under it; `form` for what no field holds. */
export type FormProblems = Partial<Record<keyof ScheduleFormState | 'form', string>>;

/** The browser's zone, else UTC (a browser that names none). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function emptyScheduleForm(timezone = browserTimeZone()): ScheduleFormState {
  return {
    templateId: '',
    name: '',
    frequency: 'weekly',
    interval: '1',
    weekdays: ['MO'],
    monthDay: '1',
    time: '08:00',
    timezone,
    dueAfterHours: '',
    assigneeUid: '',
    shareOn: false,
    channel: 'email',
    email: '',
    phone: '',
    recipientName: '',
    targetLanguage: 'en',
    // Consent is asked again on every save of a share, as the share dialog asks it on every send.
    consent: false,
  };
}

export function scheduleFormOf(schedule: Schedule): ScheduleFormState {
  const { recurrence, share } = schedule;
  return {
    ...emptyScheduleForm(recurrence.timezone),
    templateId: schedule.templateId,
    name: schedule.name,
    frequency: recurrence.frequency,
    interval: String(recurrence.interval),
    weekdays: recurrence.byWeekday ?? ['MO'],
    monthDay: String(recurrence.byMonthDay ?? 1),
    time: recurrence.time,
    dueAfterHours: schedule.dueAfterMinutes ? String(schedule.dueAfterMinutes / 60) : '',
    assigneeUid: schedule.assignee?.uid ?? '',
    shareOn: share !== null,
    channel: share?.channel ?? 'email',
    email: share?.email ?? '',
    phone: share?.phone ?? '',
    recipientName: share?.recipientName ?? '',
    targetLanguage: share?.targetLanguage ?? 'en',
  };
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The issue's path in the body -> the form field that holds it. */
const FIELD_OF_PATH: Record<string, keyof ScheduleFormState> = {
  templateId: 'templateId',
  name: 'name',
  'recurrence.frequency': 'frequency',
  'recurrence.interval': 'interval',
  'recurrence.byWeekday': 'weekdays',
  'recurrence.byMonthDay': 'monthDay',
  'recurrence.time': 'time',
  'recurrence.timezone': 'timezone',
  dueAfterMinutes: 'dueAfterHours',
  assigneeUid: 'assigneeUid',
  'share.email': 'email',
  'share.phone': 'phone',
  'share.recipientName': 'recipientName',
  'share.targetLanguage': 'targetLanguage',
  'share.consent': 'consent',
  'share.channel': 'channel',
};

/** Where a server or schema issue path ('recurrence.byWeekday.0') shows in the form. */
export function fieldOfPath(path: string): keyof ScheduleFormState | 'form' {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length--) {
    const field = FIELD_OF_PATH[parts.slice(0, length).join('.')];
    if (field) return field;
  }
  return 'form';
}

export function scheduleBodyOf(state: ScheduleFormState): ScheduleInput {
  const hours = toNumber(state.dueAfterHours);
  return {
    templateId: state.templateId,
    ...(state.name.trim() ? { name: state.name } : {}),
    recurrence: {
      frequency: state.frequency,
      interval: toNumber(state.interval),
      ...(state.frequency === 'weekly' ? { byWeekday: state.weekdays } : {}),
      ...(state.frequency === 'monthly' ? { byMonthDay: toNumber(state.monthDay) } : {}),
      time: state.time,
      timezone: state.timezone,
    },
    dueAfterMinutes: state.dueAfterHours.trim() === '' ? null : Math.round(hours * 60),
    assigneeUid: state.assigneeUid || null,
    share: state.shareOn
      ? {
          channel: state.channel,
          ...(state.channel === 'email' ? { email: state.email } : { phone: state.phone }),
          recipientName: state.recipientName,
          targetLanguage: state.targetLanguage,
          consent: state.consent,
        }
      : null,
  };
}

/** The body, or the problems the server's schema finds in it (the first message per field). */
export function checkScheduleForm(
  state: ScheduleFormState,
): { body: ScheduleInput; problems: null } | { body: null; problems: FormProblems } {
  const body = scheduleBodyOf(state);
  const parsed = ScheduleInputSchema.safeParse(body);
  if (parsed.success) return { body, problems: null };
  const problems: FormProblems = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path.join('.'));
    problems[field] ??= issue.message;
  }
  return { body: null, problems };
}
