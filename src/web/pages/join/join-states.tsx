import { Clock, Link2Off, LogIn, LogOut, RotateCw, UserRoundX, Users, WifiOff } from 'lucide-react';
import { Link } from 'wouter';
import { shortDate } from '#domain/dates';
import { TEAM_TEXTS } from '#domain/team-texts';
import {
  type InvitationPreview,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  TEAM_ROLE_DESCRIPTIONS,
  TEAM_ROLE_LABELS,
} from '#domain/teams';
import { Button } from '../../components/ui/button.tsx';
import { teamFailure } from '../../hooks/use-team-actions.ts';
import { isApiError } from '../../lib/api.ts';
import { JoinCard } from './join-card.tsx';

/** The join page's cards, one a state (join-view.ts decides which). */

/** 'Go to your dashboard' when signed in, else the home page. */
function AwayLink({ signedIn }: { signedIn: boolean }) {
  return (
    <Button asChild variant="secondary">
      <Link href={signedIn ? '/dashboard' : '/'}>{signedIn ? 'Go to your dashboard' : 'Go to ListSync'}</Link>
    </Button>
  );
}

/** Who invited me, to what, as what, until when. */
function InvitationFacts({ invitation }: { invitation: InvitationPreview }) {
  return (
    <>
      <p className="text-base text-slate-700">
        {TEAM_TEXTS.invitedBy(invitation.inviterName, invitation.teamName, invitation.role)}
      </p>
      <p>
        <span className="font-medium text-slate-800">{TEAM_ROLE_LABELS[invitation.role]}:</span>{' '}
        {TEAM_ROLE_DESCRIPTIONS[invitation.role].toLowerCase()}.
      </p>
      <p className="text-xs text-slate-500">
        {TEAM_TEXTS.expiresOn(shortDate(new Date(invitation.expiresAt)))}
      </p>
    </>
  );
}

export function UnknownLink({ signedIn }: { signedIn: boolean }) {
  return (
    <JoinCard
      testId="join-unknown"
      tone="red"
      icon={<Link2Off />}
      title="This invitation link doesn't work"
      actions={<AwayLink signedIn={signedIn} />}
    >
      <p>
        It may be incomplete or mistyped. Open the link from the invitation e-mail again, or ask the person
        who invited you to send a new invitation.
      </p>
    </JoinCard>
  );
}

export function LoadFailed({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry(): void;
}) {
  return (
    <JoinCard
      testId="join-failed"
      tone="amber"
      icon={<WifiOff />}
      title="We couldn't open your invitation"
      actions={
        <Button onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined}>
          <RotateCw className={retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
          Try again
        </Button>
      }
    >
      <p role="alert">{teamFailure(error)}</p>
    </JoinCard>
  );
}

const ENDED_TITLES = {
  used: 'This invitation was already used',
  expired: 'This invitation has expired',
  unknown: 'This invitation can no longer be used',
} as const;

export function InvitationEnded({
  state,
  invitation,
  signedIn,
}: {
  state: 'used' | 'expired' | null;
  invitation: InvitationPreview | null;
  signedIn: boolean;
}) {
  const why =
    state === 'used'
      ? `An invitation link works once.${invitation ? ` If you already joined ${invitation.teamName}, choose it in the team menu at the top of your dashboard.` : ''}`
      : state === 'expired'
        ? `An invitation link works for ${TEAM_LIMITS.invitationDays} days.`
        : TEAM_MESSAGES.invitationExpired;
  return (
    <JoinCard
      testId="join-ended"
      tone="amber"
      icon={<Clock />}
      title={ENDED_TITLES[state ?? 'unknown']}
      actions={<AwayLink signedIn={signedIn} />}
    >
      <p>{why}</p>
      <p className="font-medium text-slate-800">{TEAM_TEXTS.askForNew}</p>
    </JoinCard>
  );
}

export function SignInToJoin({
  invitation,
  signingIn,
  onSignIn,
}: {
  invitation: InvitationPreview;
  signingIn: boolean;
  onSignIn(): void;
}) {
  return (
    <JoinCard
      testId="join-sign-in"
      icon={<Users />}
      title={`Join ${invitation.teamName}`}
      actions={
        <Button size="lg" onClick={onSignIn} disabled={signingIn} aria-busy={signingIn || undefined}>
          <LogIn className="h-5 w-5" aria-hidden="true" />
          {signingIn ? 'Signing in…' : 'Sign in to join'}
        </Button>
      }
    >
      <InvitationFacts invitation={invitation} />
      <p className="mt-2 rounded-lg bg-indigo-50 p-3 font-medium text-indigo-900">
        {TEAM_TEXTS.signInWith(invitation.email)}
      </p>
    </JoinCard>
  );
}

export function WrongAccount({
  invitedEmail,
  signedInAs,
  onSignOut,
}: {
  invitedEmail: string;
  signedInAs: string;
  onSignOut(): void;
}) {
  return (
    <JoinCard
      testId="join-mismatch"
      tone="amber"
      icon={<UserRoundX />}
      title="This invitation is for another account"
      actions={
        <>
          <Button size="lg" onClick={onSignOut}>
            <LogOut className="h-5 w-5" aria-hidden="true" />
            Sign out
          </Button>
          <AwayLink signedIn />
        </>
      }
    >
      <p className="text-base text-slate-700">{TEAM_MESSAGES.emailMismatch(invitedEmail)}</p>
      <p>{TEAM_TEXTS.signedInAs(signedInAs)}</p>
      <p>Sign out, then sign in with {invitedEmail} on this page.</p>
    </JoinCard>
  );
}

export function JoinTeam({
  invitation,
  email,
  pending,
  error,
  onJoin,
  signingIn,
  onSignIn,
}: {
  invitation: InvitationPreview;
  email: string;
  pending: boolean;
  error: unknown;
  onJoin(): void;
  signingIn: boolean;
  onSignIn(): void;
}) {
  // The session ended while the page was open (401): signing in again comes first.
  const signInAgain = isApiError(error) && error.status === 401;
  return (
    <JoinCard
      testId="join-ready"
      icon={<Users />}
      title={`Join ${invitation.teamName}`}
      actions={
        <>
          {signInAgain ? (
            <Button size="lg" onClick={onSignIn} disabled={signingIn} aria-busy={signingIn || undefined}>
              <LogIn className="h-5 w-5" aria-hidden="true" />
              {signingIn ? 'Signing in…' : 'Sign in again'}
            </Button>
          ) : (
            <Button size="lg" onClick={onJoin} disabled={pending} aria-busy={pending || undefined}>
              {pending ? 'Joining…' : `Join ${invitation.teamName}`}
            </Button>
          )}
          <AwayLink signedIn />
        </>
      }
    >
      <InvitationFacts invitation={invitation} />
      <p>{TEAM_TEXTS.signedInAs(email)}</p>
      {Boolean(error) && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {teamFailure(error)}
        </p>
      )}
    </JoinCard>
  );
}
