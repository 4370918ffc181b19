import { html, plainLine } from './share-messages/names.ts';
import { SHARE_LIMITS } from './sharing.ts';
import { THEME_COLOR } from './site.ts';

/**
 * The e-mail that tells an owner one of their share links was locked (too many wrong codes,
 * docs/decisions/0018). To the owner, in English like the rest of the owner's app. Names typed by
 * users are one plain line (no control or bidi characters) and escaped in the HTML.
 */

export interface LinkLockedInput {
  siteName: string;
  checklistName: string;
  /** The recipient as the owner named them, or null. */
  recipientName: string | null;
  /** 'j•••e@example.com' or '+1 ••• ••• 0132': the contact the link was sent to, masked. */
  maskedContact: string;
  /** The owner's page of the checklist, where 'Send a new link' is. */
  checklistUrl: string;
}

export interface LinkLockedEmail {
  subject: string;
  text: string;
  html: string;
}

export function buildLinkLockedEmail(input: LinkLockedInput): LinkLockedEmail {
  const site = plainLine(input.siteName) || 'ListSync';
  const checklist = plainLine(input.checklistName) || 'Untitled checklist';
  const name = plainLine(input.recipientName ?? '');
  const contact = plainLine(input.maskedContact);
  const recipient = name ? `${name} (${contact})` : contact;
  const tries = SHARE_LIMITS.linkMaxWrongTries;
  const subject = `${site}: a share link of “${checklist}” was locked`;
  const lines = {
    what: `The link you sent to ${recipient} for “${checklist}” was locked after ${tries} wrong verification codes.`,
    why: 'Someone who has the link may be guessing codes, or your recipient may have mistyped them. Nobody got in: the link now refuses every code, the right one included.',
    next: 'If you still want to share the checklist, send your recipient a new link from the checklist page. The locked link stays dead.',
  };
  const text = [lines.what, '', lines.why, '', lines.next, input.checklistUrl, '', `- ${site}`, ''].join(
    '\n',
  );
  const link = html(input.checklistUrl);
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
<p style="margin:0 0 20px;font-size:15px;font-weight:600;color:${THEME_COLOR};">${html(site)}</p>
<p style="${paragraph}">The link you sent to <strong><bdi>${html(name || contact)}</bdi></strong>${name ? ` (<bdi>${html(contact)}</bdi>)` : ''} for <strong><bdi>${html(checklist)}</bdi></strong> was locked after ${tries} wrong verification codes.</p>
<p style="${paragraph}">${html(lines.why)}</p>
<p style="${paragraph}">${html(lines.next)}</p>
<p style="margin:0 0 24px;"><a href="${link}" style="display:inline-block;padding:12px 20px;background:${THEME_COLOR};color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none;">Open the checklist</a></p>
</div>
</body>
</html>
`;
  return { subject, text, html: htmlBody };
}
