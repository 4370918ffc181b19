import { toGsm7Line } from './gsm7.ts';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from './languages.ts';
import { SHARE_MESSAGE_CATALOGS } from './share-messages/catalogs.ts';
import { EMAIL_STYLES, emailLink, emailPage } from './share-messages/email-page.ts';
import { html, isolated, messageName, plainLine, SMS_NAME_MAX, shortened } from './share-messages/names.ts';
import { smsSegments } from './sms-segments.ts';

/**
 * A notice to a share's recipient about their checklist, through the share's channel, in the share's
 * language, with the share's link: the due reminder (due-reminder-messages.ts) and the redo request
 * (redo-messages.ts) say different words in the same frame. Names typed by users are made safe here
 * as in the code messages (share-messages.ts).
 */

export interface ShareNoticeInput {
  siteName: string;
  checklistName: string;
  /** The recipient's link (the share's own). */
  shareUrl: string;
  recipientName?: string | undefined;
  language?: LanguageCode | undefined;
}

/** What one kind of notice says by e-mail, given the checklist's name as it is shown. */
export interface NoticeEmailWords {
  subject(checklist: string): string;
  sentence(checklist: string): string;
}

function languageOf(input: ShareNoticeInput) {
  const language = isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE;
  const share = SHARE_MESSAGE_CATALOGS[language];
  return { language, rtl: share.dir === 'rtl', share };
}

function assertLink(url: string): void {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new Error('a share link is an http(s) address');
  }
}

export function shareNoticeEmail(
  input: ShareNoticeInput,
  words: NoticeEmailWords,
): { subject: string; text: string; html: string } {
  assertLink(input.shareUrl);
  const { language, rtl, share } = languageOf(input);
  const inText = (name: string) => (rtl ? isolated(name) : name);
  const site = plainLine(input.siteName) || 'ListSync';
  const checklist = messageName(input.checklistName) || share.email.untitled;
  const recipient = messageName(input.recipientName ?? '') || null;
  const subject = words.subject(inText(checklist));
  const greeting = share.email.greeting(recipient && inText(recipient));
  const sentence = words.sentence(inText(checklist));
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
 * A notice by SMS: the checklist's name (capped, shortened if need be) while the message fits the
 * segments the share's code message may take (one GSM-7 segment for Latin-script languages, two UCS-2
 * ones for the others), else without it; the link always. `compose` gets the site and the name as
 * they are shown (the name null: left out for room).
 */
export function shareNoticeSms(
  input: ShareNoticeInput,
  compose: (parts: { site: string; checklist: string | null; url: string }) => string,
): { body: string } {
  assertLink(input.shareUrl);
  const { rtl, share } = languageOf(input);
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
  const composed = (checklist: string | null) =>
    compose({ site: site && shown(site), checklist: checklist && shown(checklist), url: input.shareUrl });
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
  const body = candidates.map(composed).find(fits);
  return { body: body ?? composed(null) };
}
