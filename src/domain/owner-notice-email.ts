import { EMAIL_KIND_LABELS, type EmailedNotificationKind, emailKindOf } from './notification-texts.ts';
import { html, plainLine } from './share-messages/names.ts';
import { THEME_COLOR } from './site.ts';

/**
 * The e-mails that tell an owner what happened to a shared checklist (decision 0024): submitted,
 * first and last tick, a recipient who got no code. To the owner, in English like the owner's app.
 * Every one ends with the unsubscribe line of its kind. The link-locked e-mail is
 * link-locked-message.ts (same footer, ownerNoticeFooter).
 */

export interface OwnerNoticeInput {
  siteName: string;
  kind: Exclude<EmailedNotificationKind, 'link_locked'>;
  checklistName: string;
  /** 'Jane (j•••e@example.com)', or null when the share is gone. */
  recipient: string | null;
  /** The owner's page of the checklist. */
  checklistUrl: string;
  /** This kind's signed unsubscribe link. */
  unsubscribeUrl: string;
  /** The completion report's file name, when it is attached. */
  reportFilename?: string | null | undefined;
}

export interface OwnerNoticeEmail {
  subject: string;
  text: string;
  html: string;
}

const PARAGRAPH = 'margin:0 0 16px;font-size:16px;line-height:1.5;';

/** The footer's words: which kind this is, and how to stop it. */
export function ownerNoticeFooter(kind: EmailedNotificationKind, unsubscribeUrl: string) {
  const label = EMAIL_KIND_LABELS[emailKindOf(kind)];
  const why = `You get this e-mail because “${label}” is on in your notification settings.`;
  return {
    text: `${why}\nUnsubscribe from these e-mails: ${unsubscribeUrl}`,
    html: `<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#6b7280;">${html(why)} <a href="${html(unsubscribeUrl)}" style="color:#6b7280;">Unsubscribe from these e-mails</a></p>`,
  };
}

/** The plain text of an owner e-mail: its lines, the signature, the unsubscribe footer. */
export function ownerEmailText(site: string, lines: string[], footer: string): string {
  return [...lines, '', `- ${site}`, '', footer, ''].join('\n');
}

/** The shell every owner e-mail shares (the same look as the link-locked one). */
export function ownerEmailHtml(options: {
  site: string;
  subject: string;
  paragraphs: string[];
  buttonLabel: string;
  buttonUrl: string;
  footer: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(options.subject)}</title>
</head>
<body style="margin:0;padding:24px 12px;background:#f4f4f7;color:#1f2937;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="max-width:480px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;">
<p style="margin:0 0 20px;font-size:15px;font-weight:600;color:${THEME_COLOR};">${html(options.site)}</p>
${options.paragraphs.map((paragraph) => `<p style="${PARAGRAPH}">${paragraph}</p>`).join('\n')}
<p style="margin:0 0 8px;"><a href="${html(options.buttonUrl)}" style="display:inline-block;padding:12px 20px;background:${THEME_COLOR};color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none;">${html(options.buttonLabel)}</a></p>
${options.footer}
</div>
</body>
</html>
`;
}

export function buildOwnerNoticeEmail(input: OwnerNoticeInput): OwnerNoticeEmail {
  const site = plainLine(input.siteName) || 'ListSync';
  const checklist = plainLine(input.checklistName) || 'Untitled checklist';
  const who = plainLine(input.recipient ?? '') || 'Your recipient';
  const report = input.reportFilename ? plainLine(input.reportFilename, 200) : null;
  const quoted = `“${checklist}”`;
  const lines = (() => {
    switch (input.kind) {
      case 'submitted':
        return {
          subject: `${site}: ${quoted} was submitted`,
          what: `${who} submitted ${quoted}.`,
          next: report
            ? `The completion report is attached (${report}): every task, its tick time, who ticked it, its photo and the activity.`
            : 'Open the checklist to see every task, its photo and the remarks.',
          button: 'Open the checklist',
        };
      case 'first_tick':
        return {
          subject: `${site}: work started on ${quoted}`,
          what: `${who} ticked the first task of ${quoted}.`,
          next: 'You will be told again when every task is ticked and when it is submitted.',
          button: 'Follow it live',
        };
      case 'last_tick':
        return {
          subject: `${site}: every task of ${quoted} is ticked`,
          what: `${who} ticked the last task of ${quoted}.`,
          next: report
            ? `The report as it stands is attached (${report}). It is not submitted yet.`
            : 'It is not submitted yet.',
          button: 'Open the checklist',
        };
      case 'code_not_received':
        return {
          subject: `${site}: ${who} didn't get a code for ${quoted}`,
          what: `${who} says the verification code for ${quoted} did not arrive.`,
          next: 'From the checklist page you can send a new code, or share it again with another e-mail address or phone number.',
          button: 'Send a new code',
        };
    }
  })();
  const footer = ownerNoticeFooter(input.kind, input.unsubscribeUrl);
  const text = [
    lines.what,
    '',
    lines.next,
    '',
    `${lines.button}: ${input.checklistUrl}`,
    '',
    `- ${site}`,
    '',
    footer.text,
    '',
  ].join('\n');
  const htmlBody = ownerEmailHtml({
    site,
    subject: lines.subject,
    paragraphs: [
      html(lines.what)
        .replace(html(who), () => `<strong><bdi>${html(who)}</bdi></strong>`)
        .replace(html(quoted), () => `<strong><bdi>${html(quoted)}</bdi></strong>`),
      html(lines.next),
    ],
    buttonLabel: lines.button,
    buttonUrl: input.checklistUrl,
    footer: footer.html,
  });
  return { subject: lines.subject, text, html: htmlBody };
}
