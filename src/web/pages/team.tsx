import { RotateCw } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TEAM_TEXTS } from '#domain/team-texts';
import { canManageMembers, type TeamResponse } from '#domain/teams';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { preloadDialogs } from '../components/ui/lazy-dialog.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { useTeam } from '../hooks/use-team.ts';
import { teamFailure } from '../hooks/use-team-actions.ts';
import { isApiError } from '../lib/api.ts';
import { whenIdle } from '../lib/lazy-chunk.tsx';
import { BackToSettings } from './settings/settings-links.tsx';
import { useConfirmation } from './team/confirmation.tsx';
import { InvitationList } from './team/invitation-list.tsx';
import { LeaveTeam } from './team/leave-team.tsx';
import { MemberList } from './team/member-list.tsx';
import { TeamOverview } from './team/team-overview.tsx';
import { TeamTimeZone } from './team/team-time-zone.tsx';

// The invite dialog (and Radix's dialog) come behind a click: fetched when the page is idle or the
// button is pointed at, never before the page's first paint.
const loadInviteDialog = () => import('./team/invite-dialog.tsx');
const InviteDialog = lazy(loadInviteDialog);

/**
 * /settings/team: the active team (issue 29). Its plan, seats and storage; its members and pending
 * invitations; what the owner and admins do to them; and leaving it. Members see the same, read-only.
 */
export default function TeamPage() {
  useDocumentTitle('Team');
  const team = useTeam();
  const { user } = useAuth();

  useEffect(
    () =>
      whenIdle(() => {
        void preloadDialogs();
        void loadInviteDialog().catch(() => undefined);
      }),
    [],
  );

  return (
    <PageContainer>
      <BackToSettings />
      <div className="mt-4 max-w-4xl">
        {team.data && user ? (
          <TeamView data={team.data} myUid={user.uid} />
        ) : team.isError ? (
          <LoadFailed error={team.error} retrying={team.isFetching} onRetry={() => void team.refetch()} />
        ) : (
          <TeamSkeleton />
        )}
      </div>
    </PageContainer>
  );
}

function TeamView({ data, myUid }: { data: TeamResponse; myUid: string }) {
  const [inviting, setInviting] = useState(false);
  const [wanted, setWanted] = useState(false);
  const { ask, dialog } = useConfirmation();
  const manage = canManageMembers(data.myRole);
  return (
    <>
      <TeamOverview
        data={data}
        onInvite={
          manage
            ? () => {
                setWanted(true);
                setInviting(true);
              }
            : undefined
        }
        onInviteIntent={() => void loadInviteDialog().catch(() => undefined)}
      />
      <MemberList data={data} myUid={myUid} ask={ask} />
      <InvitationList data={data} ask={ask} />
      <TeamTimeZone data={data} />
      <LeaveTeam data={data} myUid={myUid} ask={ask} />
      {dialog}
      {manage && wanted && (
        <Suspense fallback={null}>
          <InviteDialog open={inviting} onOpenChange={setInviting} data={data} />
        </Suspense>
      )}
    </>
  );
}

function LoadFailed({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry(): void }) {
  return (
    <Card className="p-6" role="alert">
      <h1 className="text-xl font-bold text-slate-900">{TEAM_TEXTS.loadFailed}</h1>
      {/* A 404 here says nothing a person can use ('Not found'): ours instead. */}
      <p className="mt-2 text-sm text-slate-600">
        {isApiError(error) && error.status === 404 ? TEAM_TEXTS.tryAgain : teamFailure(error)}
      </p>
      <Button className="mt-4" variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCw className={retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
        Try again
      </Button>
    </Card>
  );
}

/** The page's frame while the team loads: the same blocks, so nothing jumps when it comes. */
function TeamSkeleton() {
  return (
    <div aria-busy="true" data-testid="team-loading">
      <span className="sr-only" role="status">
        Loading your team…
      </span>
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="mt-2 h-5 w-48" />
      <Card className="mt-6 grid gap-5 p-5 sm:grid-cols-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </Card>
      <Card className="mt-6 space-y-4 p-5">
        <Skeleton className="h-5 w-32" />
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-3">
            <Skeleton className="h-10 w-10 rounded-full" />
            <div className="flex-1 space-y-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56 max-w-full" />
            </div>
          </div>
        ))}
      </Card>
    </div>
  );
}
