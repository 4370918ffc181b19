import { toGsm7Line } from './gsm7.ts';
import { THEME_COLOR } from './site.ts';

/**
 * The messages that carry a share's verification code: the e-mail (subject, plain text, HTML) and
 * the SMS. Pure functions of their input; names typed by users are made safe here, once.
 */

/** How long a code is valid (DESIGN.md, "Verified sharing"; the spec's dialog hint says the same). */
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
}

export interface ShareVerificationEmail {
  subject: string;
  text: string;
  html: string;
}

export interface ShareVerificationSms {
  body: string;
}

/** Names shown in the subject and text are cut here; the checklist page shows them whole. */
const NAME_DISPLAY_MAX = 80;

function assertInput(input: ShareMessageInput): void {
  if (!/^\d{6}$/.test(input.code)) throw new Error('a verification code is six digits');
  const url = URL.canParse(input.shareUrl) ? new URL(input.shareUrl) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error('a share link is an http(s) address');
  }
}

/**
 * A user-typed name as one line of plain text: control, format (bidi override, zero-width) and
 * line-breaking characters go, so a name cannot fake a line such as a code of its own.
 */
function plainLine(value: string, max = NAME_DISPLAY_MAX): string {
  const line = value
    .normalize('NFC')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(/\p{C}/gu, '')
    .trim();
  const characters = [...line];
  return characters.length > max
    ? `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function html(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

interface EmailWords {
  site: string;
  owner: string;
  checklist: string;
  greeting: string;
}

function emailWords(input: ShareMessageInput): EmailWords {
  const site = plainLine(input.siteName) || 'ListSync';
  const recipient = plainLine(input.recipientName ?? '');
  return {
    site,
    owner: plainLine(input.ownerName) || `A ${site} user`,
    checklist: plainLine(input.checklistName) || 'a checklist',
    greeting: recipient ? `Hi ${recipient},` : 'Hello,',
  };
}

/** The verification e-mail: the code, its validity, the link, and who shared which checklist. */
export function buildShareVerificationEmail(input: ShareMessageInput): ShareVerificationEmail {
  assertInput(input);
  const w = emailWords(input);
  const minutes = VERIFICATION_CODE_VALID_MINUTES;
  const subject = `${w.owner} shared "${w.checklist}" with you on ${w.site}`;

  const text = [
    w.greeting,
    '',
    `${w.owner} shared the checklist "${w.checklist}" with you on ${w.site}.`,
    '',
    `Your verification code: ${input.code}`,
    `It is valid for ${minutes} minutes and works once.`,
    '',
    'Open the checklist and enter the code when asked:',
    input.shareUrl,
    '',
    'If you did not expect this message, you can ignore it. Do not share this code with anyone.',
    `- ${w.site}`,
    '',
  ].join('\n');

  const link = html(input.shareUrl);
  const muted = 'margin:0 0 12px;font-size:13px;line-height:1.5;color:#6b7280;';
  const paragraph = 'margin:0 0 16px;font-size:16px;line-height:1.5;';
  const htmlBody = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(subject)}</title>
</head>
<body style="margin:0;padding:24px 12px;background:#f4f4f7;color:#1f2937;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="max-width:480px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;">
<p style="margin:0 0 20px;font-size:15px;font-weight:600;color:${THEME_COLOR};">${html(w.site)}</p>
<p style="${paragraph}">${html(w.greeting)}</p>
<p style="${paragraph}"><strong>${html(w.owner)}</strong> shared the checklist <strong>&quot;${html(w.checklist)}&quot;</strong> with you.</p>
<p style="margin:0;font-size:15px;">Your verification code:</p>
<p style="margin:8px 0;font-size:32px;font-weight:700;letter-spacing:6px;font-family:Menlo,Consolas,monospace;">${input.code}</p>
<p style="${paragraph}">It is valid for ${minutes} minutes and works once.</p>
<p style="margin:0 0 24px;"><a href="${link}" style="display:inline-block;padding:12px 20px;background:${THEME_COLOR};color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none;">Open the checklist</a></p>
<p style="${muted}">Or paste this link into your browser:<br><a href="${link}" style="color:${THEME_COLOR};word-break:break-all;">${link}</a></p>
<p style="${muted}">If you did not expect this message, you can ignore it. Do not share this code with anyone.</p>
</div>
</body>
</html>
`;
  return { subject, text, html: htmlBody };
}

/** `text` cut to at most `max` characters with '...', or '' when too little of it would be left. */
function shortened(text: string, max: number, least = 6): string {
  if (text.length <= max) return text;
  if (max - 3 < least) return '';
  return `${text.slice(0, max - 3).trimEnd()}...`;
}

/**
 * The verification SMS, in the GSM-7 alphabet only, within one 160-character part whenever the link
 * allows: the code and the link always; then, as room allows, who shared it, the checklist's name
 * (shortened if need be) and a greeting.
 */
export function buildShareVerificationSms(input: ShareMessageInput): ShareVerificationSms {
  assertInput(input);
  const site = toGsm7Line(input.siteName);
  const owner = toGsm7Line(input.ownerName);
  const checklist = toGsm7Line(input.checklistName);
  const recipient = toGsm7Line(input.recipientName ?? '');
  const prefix = site ? `${site}: ` : '';
  const codeAndLink = `Code ${input.code} (valid ${VERIFICATION_CODE_VALID_MINUTES} min): ${input.shareUrl}`;
  const compose = (lead: string) => `${prefix}${lead}${codeAndLink}`;
  const sentence = (what: string) =>
    owner
      ? `${owner} shared ${what} with you. `
      : `${what[0]?.toUpperCase()}${what.slice(1)} was shared with you. `;
  const named = (name: string) => sentence(`"${name}"`);

  const leads: string[] = [];
  if (checklist) {
    if (recipient) leads.push(`Hi ${recipient}, ${named(checklist)}`);
    leads.push(named(checklist));
    const cut = shortened(checklist, SMS_SINGLE_PART_LENGTH - compose(named('')).length);
    if (cut) leads.push(named(cut));
  }
  leads.push(sentence('a checklist'), 'A checklist was shared with you. ');
  const body =
    leads.map(compose).find((candidate) => candidate.length <= SMS_SINGLE_PART_LENGTH) ?? compose('');
  return { body };
}
