import { toGsm7Line } from './gsm7.ts';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from './languages.ts';
import { SHARE_MESSAGE_CATALOGS } from './share-messages/catalogs.ts';
import { EMAIL_STYLES, emailLink, emailPage } from './share-messages/email-page.ts';
import { html, isolated, messageName, plainLine, SMS_NAME_MAX, shortened } from './share-messages/names.ts';
import { REMINDER_CATALOGS } from './share-messages/reminders.ts';
import { smsSegments } from './sms-segments.ts';

/**
 * The reminder a recipient gets an hour before a shared checklist is due (issue 31), through the
 * share's channel, in the share's language, with the share's link: the e-mail (subject, text, HTML) and
 * the SMS. Names typed by users are made safe here as in the code messages (share-messages.ts).
 */

export interface DueReminderInput {
  siteName: string;
  checklistName: string;
  /** The recipient's link (the share's own). */
  shareUrl: string;
  /** Minutes from now until the due time (at least 1). */
  minutes: number;
  recipientName?: string | undefined;
  language?: LanguageCode | undefined;
}

function wordsOf(input: DueReminderInput) {
  const language = isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE;
  const share = SHARE_MESSAGE_CATALOGS[language];
  return { language, rtl: share.dir === 'rtl', share, reminder: REMINDER_CATALOGS[language] };
}

function assertLink(url: string): void {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new Error('a share link is an http(s) address');
  }
}

const minutesOf = (input: DueReminderInput) => Math.max(1, Math.round(input.minutes));

export function buildDueReminderEmail(input: DueReminderInput): {
  subject: string;
  text: string;
  html: string;
} {
  assertLink(input.shareUrl);
  const { language, rtl, share, reminder } = wordsOf(input);
  const inText = (name: string) => (rtl ? isolated(name) : name);
  const site = plainLine(input.siteName) || 'ListSync';
  const checklist = messageName(input.checklistName) || share.email.untitled;
  const recipient = messageName(input.recipientName ?? '') || null;
  const minutes = minutesOf(input);
  const subject = reminder.subject(inText(checklist), minutes);
  const greeting = share.email.greeting(recipient && inText(recipient));
  const sentence = reminder.due(inText(checklist), minutes);
  const text = [
    greeting,
    '',
    sentence,
    '',
    share.email.openPrompt,
    input.shareUrl,
    '',
    `- ${inText(site)}`,
    '',
  ].join('\n');
  const body = emailPage({
    language,
    rtl,
    title: subject,
    siteHtml: html(site),
    body: `<p style="${EMAIL_STYLES.paragraph}">${html(greeting)}</p>
<p style="${EMAIL_STYLES.paragraph}">${html(sentence)}</p>
${emailLink(input.shareUrl, share.email.openButton, share.email.pasteLink)}`,
  });
  return { subject, text, html: body };
}

/**
 * The reminder by SMS: the checklist's name (capped, shortened if need be) while the message fits the
 * segments the share's code message may take (one GSM-7 segment for Latin-script languages, two UCS-2
 * ones for the others), else without it; the minutes and the link always.
 */
export function buildDueReminderSms(input: DueReminderInput): { body: string } {
  assertLink(input.shareUrl);
  const { rtl, share, reminder } = wordsOf(input);
  const gsm7 = share.sms.alphabet === 'gsm7';
  const line = (value: string) => (gsm7 ? toGsm7Line(value) : plainLine(value));
  const shown = (name: string) => (rtl ? isolated(name) : name);
  const site = line(input.siteName);
  const name = shortened(
    line(messageName(input.checklistName, Number.POSITIVE_INFINITY)),
    SMS_NAME_MAX,
    gsm7 ? '...' : '…',
    0,
  );
  const compose = (checklist: string | null) =>
    reminder.sms({
      site: site && shown(site),
      checklist: checklist && shown(checklist),
      minutes: minutesOf(input),
      url: input.shareUrl,
    });
  const fits = (body: string) => {
    const cost = smsSegments(body);
    return cost.segments <= share.sms.maxSegments && (!gsm7 || cost.encoding === 'gsm7');
  };
  const candidates: (string | null)[] = [];
  if (name) {
    candidates.push(name);
    for (let max = [...name].length - 1; max > 0; max -= 1) {
      const cut = shortened(name, max, gsm7 ? '...' : '…');
      if (!cut) break;
      candidates.push(cut);
    }
  }
  candidates.push(null);
  const body = candidates.map(compose).find(fits);
  return { body: body ?? compose(null) };
}
