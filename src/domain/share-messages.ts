import { toGsm7Line } from './gsm7.ts';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from './languages.ts';
import type { EmailNames, ShareMessageCatalog, SmsShare } from './share-messages/catalog.ts';
import { SHARE_MESSAGE_CATALOGS } from './share-messages/catalogs.ts';
import { EMAIL_STYLES, emailLink, emailPage } from './share-messages/email-page.ts';
import { html, isolated, messageName, plainLine, SMS_NAME_MAX, shortened } from './share-messages/names.ts';
import { smsSegments } from './sms-segments.ts';

/**
 * The messages that carry a share's verification code: the e-mail (subject, plain text, HTML) and
 * the SMS, in the share's language (the texts are in share-messages/, one catalog a language). Pure
 * functions of their input; names typed by users are made safe here, once.
 */

/** How long a code is valid (docs/access.md "Recipients: verified sharing"; the code dialog's hint says the same). */
export const VERIFICATION_CODE_VALID_MINUTES = 10;

/** One SMS part in the GSM-7 alphabet. */
export const SMS_SINGLE_PART_LENGTH = 160;

export interface ShareMessageInput {
  siteName: string;
  /** The owner's display name (or what the header shows for them). */
  ownerName: string;
  checklistName: string;
  /** Six digits. */
  code: string;
  /** The recipient's link, https (http only in local mode). */
  shareUrl: string;
  recipientName?: string | undefined;
  /** The share's language; English when left out. */
  language?: LanguageCode | undefined;
}

export interface ShareVerificationEmail {
  subject: string;
  text: string;
  html: string;
}

export interface ShareVerificationSms {
  body: string;
}

function assertInput(input: ShareMessageInput): void {
  if (!/^\d{6}$/.test(input.code)) throw new Error('a verification code is six digits');
  const url = URL.canParse(input.shareUrl) ? new URL(input.shareUrl) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error('a share link is an http(s) address');
  }
}

/** The share's catalog; English for a language that is not one of the fifteen (a row older than them). */
function catalogFor(input: ShareMessageInput): ShareMessageCatalog {
  return SHARE_MESSAGE_CATALOGS[isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE];
}

/**
 * Stand-ins for the names while a catalog sentence is escaped for HTML, then replaced by the names'
 * own markup. They are private-use characters, which plainLine removes from every name.
 */
const SLOT = { owner: '\uE000', checklist: '\uE001', site: '\uE002', recipient: '\uE003' } as const;

function htmlSentence(sentence: string, fragments: Record<string, string>): string {
  return html(sentence).replace(/[\uE000-\uE003]/g, (slot) => fragments[slot] ?? '');
}

/** The verification e-mail: the code, its validity, the link, and who shared which checklist. */
export function buildShareVerificationEmail(input: ShareMessageInput): ShareVerificationEmail {
  assertInput(input);
  const { language, dir, email: words } = catalogFor(input);
  const rtl = dir === 'rtl';
  // The site's name is the operator's; the others are typed by users (messageName: no links).
  const site = plainLine(input.siteName) || 'ListSync';
  const owner = messageName(input.ownerName) || null;
  const checklist = messageName(input.checklistName) || words.untitled;
  const recipient = messageName(input.recipientName ?? '') || null;
  const minutes = VERIFICATION_CODE_VALID_MINUTES;

  // In right-to-left text each name is isolated, in the plain text (and subject) as in the HTML.
  const inText = (name: string) => (rtl ? isolated(name) : name);
  const inHtml = (name: string) => (rtl ? `<bdi>${html(name)}</bdi>` : html(name));
  const textNames: EmailNames = {
    site: inText(site),
    owner: owner && inText(owner),
    checklist: inText(checklist),
  };
  const subject = words.subject(textNames);

  const text = [
    words.greeting(recipient && inText(recipient)),
    '',
    words.shared(textNames),
    '',
    words.codeLine(input.code),
    words.validity(minutes),
    '',
    words.openPrompt,
    // On a line of its own: a left-to-right paragraph even in Arabic text, and linkified whole.
    input.shareUrl,
    '',
    words.ignore,
    `- ${inText(site)}`,
    '',
  ].join('\n');

  const fragments = {
    [SLOT.owner]: `<strong>${inHtml(owner ?? '')}</strong>`,
    [SLOT.checklist]: `<strong>${inHtml(checklist)}</strong>`,
    [SLOT.site]: inHtml(site),
    [SLOT.recipient]: inHtml(recipient ?? ''),
  };
  const slots: EmailNames = { site: SLOT.site, owner: owner && SLOT.owner, checklist: SLOT.checklist };
  const greetingHtml = htmlSentence(words.greeting(recipient && SLOT.recipient), fragments);
  const sharedHtml = htmlSentence(words.shared(slots), fragments);

  const { paragraph, muted } = EMAIL_STYLES;
  const htmlBody = emailPage({
    language,
    rtl,
    title: subject,
    siteHtml: inHtml(site),
    body: `<p style="${paragraph}">${greetingHtml}</p>
<p style="${paragraph}">${sharedHtml}</p>
<p style="margin:0;font-size:15px;">${html(words.codeLabel)}</p>
<p style="margin:8px 0;font-size:32px;font-weight:700;letter-spacing:6px;font-family:Menlo,Consolas,monospace;"><span dir="ltr">${input.code}</span></p>
<p style="${paragraph}">${html(words.validity(minutes))}</p>
${emailLink(input.shareUrl, words.openButton, words.pasteLink)}
<p style="${muted}">${html(words.ignore)}</p>`,
  });
  return { subject, text, html: htmlBody };
}

/**
 * The verification SMS in the share's language, within the segments its catalog allows whenever the
 * link leaves room (names capped at SMS_NAME_MAX characters, and left out when they carry a link or
 * a number) (one GSM-7 segment for the Latin-script languages, two UCS-2 segments for the
 * others): the code and the link always; then, as room allows, who shared it, the checklist's name
 * (shortened if need be) and a greeting. In a GSM-7 language names are transliterated to GSM-7, so
 * a name never turns the message into UCS-2.
 */
export function buildShareVerificationSms(input: ShareMessageInput): ShareVerificationSms {
  assertInput(input);
  const { dir, sms } = catalogFor(input);
  const gsm7 = sms.alphabet === 'gsm7';
  const line = (value: string) => (gsm7 ? toGsm7Line(value) : plainLine(value));
  // A user's name: none if it carries a link or a number, else capped (the operator's site name is not).
  const userName = (value: string) =>
    shortened(line(messageName(value, Number.POSITIVE_INFINITY)), SMS_NAME_MAX, gsm7 ? '...' : '…', 0);
  const shown = (name: string) => (dir === 'rtl' ? isolated(name) : name);
  const site = line(input.siteName);
  const owner = userName(input.ownerName);
  const checklist = userName(input.checklistName);
  const recipient = userName(input.recipientName ?? '');

  const compose = (share: SmsShare | null) =>
    sms.message({
      site: site && shown(site),
      code: input.code,
      minutes: VERIFICATION_CODE_VALID_MINUTES,
      url: input.shareUrl,
      share,
    });
  const named = (checklistName: string | null, recipientName: string | null = null): SmsShare => ({
    recipient: recipientName && shown(recipientName),
    owner: owner ? shown(owner) : null,
    checklist: checklistName && shown(checklistName),
  });
  const fits = (body: string) => {
    const cost = smsSegments(body);
    return cost.segments <= sms.maxSegments && (!gsm7 || cost.encoding === 'gsm7');
  };

  const candidates: SmsShare[] = [];
  if (checklist) {
    if (recipient) candidates.push(named(checklist, recipient));
    candidates.push(named(checklist));
    // Then the longest cut of the name that fits, then none.
    for (let max = [...checklist].length - 1; max > 0; max -= 1) {
      const cut = shortened(checklist, max, gsm7 ? '...' : '…');
      if (!cut) break;
      candidates.push(named(cut));
    }
  }
  candidates.push(named(null), { recipient: null, owner: null, checklist: null });
  const body = candidates.map(compose).find(fits);
  return { body: body ?? compose(null) };
}
