import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from './languages.ts';
import { html, isolated, plainLine } from './share-messages/names.ts';
import { THEME_COLOR } from './site.ts';
import { INVITATION_CATALOGS, type InvitationNames } from './team-invitation-texts.ts';
import { type InvitableRole, TEAM_LIMITS } from './teams.ts';

/**
 * The e-mail of a team invitation (docs/teams.md): who invites, to which team, as what, and the
 * single-use link valid 7 days, in the inviter's language (the words are in team-invitation-texts.ts).
 * Plain text and HTML; every name is a plain line (no markup, no bidi controls), so an inviter's name
 * cannot shape the message; in Arabic each name is isolated, so it keeps its own direction.
 */

export interface InvitationEmailInput {
  siteName: string;
  teamName: string;
  inviterName: string;
  role: InvitableRole;
  joinUrl: string;
  /** The inviter's language; English for a code outside the fifteen. */
  language: LanguageCode;
}

export function buildInvitationEmail(input: InvitationEmailInput) {
  const language = isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE;
  const words = INVITATION_CATALOGS[language];
  const rtl = words.dir === 'rtl';
  const shown = (name: string) => (rtl ? isolated(name) : name);
  const inviter = plainLine(input.inviterName);
  const names: InvitationNames = {
    site: shown(plainLine(input.siteName) || 'ListSync'),
    team: shown(plainLine(input.teamName) || words.untitled),
    inviter: inviter ? shown(inviter) : null,
  };
  const subject = words.subject(names);
  const what = words.invited(names, input.role);
  const why = words.purpose(names.site);
  const join = words.join(names.team);
  const expiry = words.expiry(TEAM_LIMITS.invitationDays);
  const text = [what, '', why, '', `${join}${words.beforeLink}${input.joinUrl}`, '', expiry].join('\n');
  // Gmail and others drop the attributes of <html> and <body>: the card says its direction again, and
  // its language when it is not English (the English e-mail stays as it was before it had languages).
  const direction = rtl ? ' dir="rtl"' : '';
  const card = language === DEFAULT_LANGUAGE ? direction : ` lang="${language}"${direction}`;
  const htmlBody = `<!doctype html>
<html lang="${language}"${direction}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(subject)}</title></head>
<body${direction} style="margin:0;padding:24px 12px;background:#f4f4f7;color:#1f2937;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div${card} style="max-width:480px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;">
<p style="margin:0 0 20px;font-size:15px;font-weight:600;color:${THEME_COLOR};">${html(names.site)}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${html(what)}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${html(why)}</p>
<p style="margin:0 0 16px;"><a href="${html(input.joinUrl)}" style="display:inline-block;padding:12px 20px;background:${THEME_COLOR};color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none;">${html(join)}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#6b7280;">${html(expiry)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html: htmlBody };
}
