import { DEFAULT_LANGUAGE, isLanguageCode } from './languages.ts';
import { REMINDER_CATALOGS } from './share-messages/reminders.ts';
import { type ShareNoticeInput, shareNoticeEmail, shareNoticeSms } from './share-notice-messages.ts';

/**
 * The reminder a recipient gets an hour before a shared checklist is due (issue 31), through the
 * share's channel, in the share's language, with the share's link: the e-mail (subject, text, HTML) and
 * the SMS, in the frame every notice to a recipient shares (share-notice-messages.ts).
 */

export interface DueReminderInput extends ShareNoticeInput {
  /** Minutes from now until the due time (at least 1). */
  minutes: number;
}

const minutesOf = (input: DueReminderInput) => Math.max(1, Math.round(input.minutes));
const reminderOf = (input: DueReminderInput) =>
  REMINDER_CATALOGS[isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE];

export function buildDueReminderEmail(input: DueReminderInput): {
  subject: string;
  text: string;
  html: string;
} {
  const reminder = reminderOf(input);
  const minutes = minutesOf(input);
  return shareNoticeEmail(input, {
    subject: (checklist) => reminder.subject(checklist, minutes),
    sentence: (checklist) => reminder.due(checklist, minutes),
  });
}

/** The reminder by SMS: the minutes and the link always, the checklist's name when it fits. */
export function buildDueReminderSms(input: DueReminderInput): { body: string } {
  const reminder = reminderOf(input);
  return shareNoticeSms(input, (parts) => reminder.sms({ ...parts, minutes: minutesOf(input) }));
}
