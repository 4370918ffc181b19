import { html, plainLine } from './share-messages/names.ts';
import { THEME_COLOR } from './site.ts';
import { type InvitableRole, TEAM_LIMITS, TEAM_ROLE_LABELS } from './teams.ts';

/**
 * The e-mail of a team invitation (docs/teams.md): who invites, to which team, as what, and the
 * single-use link valid 7 days. Plain text and HTML; every name is a plain line (no markup, no bidi
 * controls), so an inviter's name cannot shape the message.
 */

export interface InvitationEmailInput {
  siteName: string;
  teamName: string;
  inviterName: string;
  role: InvitableRole;
  joinUrl: string;
}

export function buildInvitationEmail(input: InvitationEmailInput) {
  const site = plainLine(input.siteName) || 'ListSync';
  const team = plainLine(input.teamName) || 'a team';
  const inviter = plainLine(input.inviterName) || 'A colleague';
  const role = TEAM_ROLE_LABELS[input.role].toLowerCase();
  const subject = `${inviter} invited you to ${team} on ${site}`;
  const what = `${inviter} invited you to join ${team} on ${site} as ${role === 'admin' ? 'an admin' : 'a member'}.`;
  const why = `${site} is where the team keeps its checklists and the proof that work was done.`;
  const expiry = `The link works once and for ${TEAM_LIMITS.invitationDays} days. If you did not expect this, ignore this e-mail.`;
  const text = [what, '', why, '', `Join ${team}: ${input.joinUrl}`, '', expiry].join('\n');
  const htmlBody = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f4f4f7;color:#1f2937;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="max-width:480px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;">
<p style="margin:0 0 20px;font-size:15px;font-weight:600;color:${THEME_COLOR};">${html(site)}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${html(what)}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${html(why)}</p>
<p style="margin:0 0 16px;"><a href="${html(input.joinUrl)}" style="display:inline-block;padding:12px 20px;background:${THEME_COLOR};color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none;">${html(`Join ${team}`)}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#6b7280;">${html(expiry)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html: htmlBody };
}
