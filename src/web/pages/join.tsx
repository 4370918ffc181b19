import { useParams } from 'wouter';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { useInvitationPreview } from '../hooks/use-team.ts';
import { useJoinTeam } from '../hooks/use-team-actions.ts';
import {
  InvitationEnded,
  JoinTeam,
  LoadFailed,
  SignInToJoin,
  UnknownLink,
  WrongAccount,
} from './join/join-states.tsx';
import { joinView } from './join/join-view.ts';

/**
 * /join/{token}: an invitation's link from its e-mail (issue 29). Public: it says who invited whom to
 * what before anyone signs in, signs in with the app's popup, and joins once the right address is
 * signed in (the joined team becomes the active one, and the dashboard opens on it).
 */
export default function JoinPage() {
  useDocumentTitle('Join a team');
  const { token = '' } = useParams<{ token: string }>();
  const preview = useInvitationPreview(token);
  const { status, user, signIn, signingIn, signOut } = useAuth();
  const join = useJoinTeam();
  const view = joinView({
    invitation: preview.data,
    previewError: preview.error,
    auth: { status, email: user?.email ?? null },
    joinError: join.error,
  });
  const signedIn = status === 'signed-in';

  function content() {
    switch (view.kind) {
      case 'loading':
        return (
          <div className="flex min-h-[40vh] items-center justify-center">
            <Spinner label="Opening your invitation…" />
          </div>
        );
      case 'unknown':
        return <UnknownLink signedIn={signedIn} />;
      case 'failed':
        return (
          <LoadFailed
            error={view.error}
            retrying={preview.isFetching}
            onRetry={() => void preview.refetch()}
          />
        );
      case 'ended':
        return <InvitationEnded state={view.state} invitation={view.invitation} signedIn={signedIn} />;
      case 'sign-in':
        return (
          <SignInToJoin invitation={view.invitation} signingIn={signingIn} onSignIn={() => void signIn()} />
        );
      case 'mismatch':
        return (
          <WrongAccount
            invitedEmail={view.invitedEmail}
            signedInAs={view.signedInAs}
            onSignOut={() => {
              join.reset();
              void signOut();
            }}
          />
        );
      case 'join':
        return (
          <JoinTeam
            invitation={view.invitation}
            email={user?.email ?? ''}
            pending={join.isPending}
            error={join.error}
            onJoin={() => join.mutate({ token, teamName: view.invitation.teamName })}
            signingIn={signingIn}
            onSignIn={() => void signIn().then((signedIn) => signedIn && join.reset())}
          />
        );
    }
  }

  return <PageContainer>{content()}</PageContainer>;
}
