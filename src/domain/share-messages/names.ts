/**
 * How names typed by users (owner, checklist, recipient) and the operator's site name are shown in the
 * code messages: one plain line, capped, escaped for HTML, and isolated in right-to-left text.
 */

/** Names shown in the subject and text are cut here; the checklist page shows them whole. */
export const NAME_DISPLAY_MAX = 80;

/**
 * A user-typed name as one line of plain text: control, format (bidi override, zero-width, isolate)
 * and line-breaking characters go, so a name cannot fake a line such as a code of its own.
 */
export function plainLine(value: string, max = NAME_DISPLAY_MAX): string {
  const line = value
    .normalize('NFC')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(/\p{C}/gu, '')
    .trim();
  return shortened(line, max, '…', 0);
}

/** Names in an SMS are cut here (with the link, the code and the fixed text they stay in the segments). */
export const SMS_NAME_MAX = 40;

/** A scheme ('https://', 'mailto:'), 'www.', or a host with a top-level domain ('evil.example', 'a@b.co'). */
const LINK_LIKE =
  /[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|tel|sms|callto|whatsapp|skype):|\bwww\d{0,3}\.|[\p{L}\p{N}_-]\.[a-z]{2,24}(?![\p{L}\p{N}])|@[\p{L}\p{N}-]+\./iu;

/** A date written with digits ('2024-06-01', '1.6.2024', '06/01/25'): linkified by nobody as a number. */
const DATE_LIKE =
  /(?<![\p{Nd}])(?:\p{Nd}{4}[-./]\p{Nd}{1,2}[-./]\p{Nd}{1,2}|\p{Nd}{1,2}[-./]\p{Nd}{1,2}[-./]\p{Nd}{2,4})(?![\p{Nd}])/gu;

/** A run of digits and the separators phone numbers are written with. */
const NUMBER_RUN = /\+?\p{Nd}[\p{Nd}\s()./-]*/gu;

/** Digits in one run from which a phone or a mail client may dial it. */
const PHONE_DIGITS_MIN = 7;

/**
 * Whether a name typed by a user carries what a mail client or a phone would turn into a link under
 * our name: a web or mail address, a host name, or a phone number (7 digits or more in one run, dates
 * aside). Such a name is left out of our messages (decision 0017): no scheme of breaking it up is
 * proof against every client's link detection, and a name that reads as a call to act on a number
 * or address has no place in a message that carries a code.
 */
export function carriesLinkOrNumber(name: string): boolean {
  if (LINK_LIKE.test(name)) return true;
  const withoutDates = name.replace(DATE_LIKE, ' ');
  for (const [run] of withoutDates.matchAll(NUMBER_RUN)) {
    if ((run.match(/\p{Nd}/gu)?.length ?? 0) >= PHONE_DIGITS_MIN) return true;
  }
  return false;
}

/** A user-typed name for a message: one plain line (capped), or '' when it carries a link or number. */
export function messageName(value: string, max = NAME_DISPLAY_MAX): string {
  const line = plainLine(value, Number.POSITIVE_INFINITY);
  return carriesLinkOrNumber(line) ? '' : shortened(line, max, '…', 0);
}

/**
 * `text` cut to at most `max` characters (code points) ending in `ellipsis`, or '' when fewer than
 * `least` of its own characters would be left.
 */
export function shortened(text: string, max: number, ellipsis: string, least = 6): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  const kept = max - [...ellipsis].length;
  if (kept < least) return '';
  return `${characters.slice(0, kept).join('').trimEnd()}${ellipsis}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function html(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * A name inside right-to-left text, between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: it keeps
 * its own direction and cannot pull the punctuation or digits beside it into its run ('Anna (HQ)'
 * would otherwise show its parenthesis on the wrong side). plainLine removed any isolate of its own.
 */
export function isolated(name: string): string {
  return `\u2068${name}\u2069`;
}
