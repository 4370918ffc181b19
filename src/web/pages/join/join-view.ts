import { normalizeEmail } from '#domain/email';
import type { InvitationPreview } from '#domain/teams';
import type { AuthStatus } from '../../hooks/use-auth.tsx';
import { isApiError } from '../../lib/api.ts';

/** What the join page shows, decided from the link's invitation, who is signed in and the join's answer. */
export type JoinView =
  | { kind: 'loading' }
  /** No such link (404): mistyped, cut short, or not one of ours. */
  | { kind: 'unknown' }
  /** The invitation could not be read (offline, the server failed): try again. */
  | { kind: 'failed'; error: unknown }
  /** Used, withdrawn or past its days; `state` null when only the join's 410 said so. */
  | { kind: 'ended'; state: 'used' | 'expired' | null; invitation: InvitationPreview | null }
  | { kind: 'sign-in'; invitation: InvitationPreview }
  | { kind: 'mismatch'; invitedEmail: string; signedInAs: string }
  | { kind: 'join'; invitation: InvitationPreview };

/** The address a 403 invitation_email_mismatch names, else null. */
function mismatchOf(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'invitation_email_mismatch') return null;
  const invited = (error.body as { error?: { invitedEmail?: unknown } } | null)?.error?.invitedEmail;
  return typeof invited === 'string' ? invited : '';
}

const gone = (error: unknown) => isApiError(error) && error.status === 410;

export function joinView(input: {
  invitation: InvitationPreview | undefined;
  previewError: unknown;
  auth: { status: AuthStatus; email: string | null };
  joinError: unknown;
}): JoinView {
  const { invitation, previewError, auth, joinError } = input;
  if (gone(joinError)) return { kind: 'ended', state: null, invitation: invitation ?? null };
  const mismatch = mismatchOf(joinError);
  if (mismatch !== null && auth.email) {
    return { kind: 'mismatch', invitedEmail: mismatch || invitation?.email || '', signedInAs: auth.email };
  }
  if (!invitation) {
    if (!previewError) return { kind: 'loading' };
    if (gone(previewError)) return { kind: 'ended', state: 'expired', invitation: null };
    const unknown = isApiError(previewError) && (previewError.status === 404 || previewError.status === 400);
    return unknown ? { kind: 'unknown' } : { kind: 'failed', error: previewError };
  }
  if (invitation.state !== 'pending') return { kind: 'ended', state: invitation.state, invitation };
  if (auth.status === 'loading') return { kind: 'loading' };
  if (auth.status === 'signed-out' || !auth.email) return { kind: 'sign-in', invitation };
  if (normalizeEmail(auth.email) !== normalizeEmail(invitation.email)) {
    return { kind: 'mismatch', invitedEmail: invitation.email, signedInAs: auth.email };
  }
  return { kind: 'join', invitation };
}
