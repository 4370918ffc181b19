import { ownerEmailHtml, ownerEmailText, ownerNoticeFooter } from './owner-notice-email.ts';
import { html, plainLine } from './share-messages/names.ts';
import { SHARE_LIMITS } from './sharing.ts';

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
  /** The signed link that turns these e-mails off (decision 0024). */
  unsubscribeUrl: string;
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
  const footer = ownerNoticeFooter('link_locked', input.unsubscribeUrl);
  const text = ownerEmailText(
    site,
    [lines.what, '', lines.why, '', lines.next, input.checklistUrl],
    footer.text,
  );
  const htmlBody = ownerEmailHtml({
    site,
    subject,
    paragraphs: [
      `The link you sent to <strong><bdi>${html(name || contact)}</bdi></strong>${name ? ` (<bdi>${html(contact)}</bdi>)` : ''} for <strong><bdi>${html(checklist)}</bdi></strong> was locked after ${tries} wrong verification codes.`,
      html(lines.why),
      html(lines.next),
    ],
    buttonLabel: 'Open the checklist',
    buttonUrl: input.checklistUrl,
    footer: footer.html,
  });
  return { subject, text, html: htmlBody };
}
