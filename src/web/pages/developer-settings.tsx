import { BookOpen, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { canManageBilling, canManageMembers, type TeamResponse } from '#domain/teams';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { preloadDialogs } from '../components/ui/lazy-dialog.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useTeam } from '../hooks/use-team.ts';
import { teamFailure } from '../hooks/use-team-actions.ts';
import { whenIdle } from '../lib/lazy-chunk.tsx';
import { ManagersOnly, PaidOnly } from './developer-settings/access-notes.tsx';
import { DEVELOPER_TEXTS } from './developer-settings/texts.ts';
import { TokensSection } from './developer-settings/tokens-section.tsx';
import { WebhooksSection } from './developer-settings/webhooks-section.tsx';
import { BackToSettings } from './settings/settings-links.tsx';
import { useConfirmation } from './team/confirmation.tsx';

/**
 * /settings/developers (issue 32): the team's API tokens and webhooks. The owner and admins of a paid
 * team manage them; a free team is offered the upgrade; a member is told who manages them.
 * docs/integrations.md holds the rules; /developers the API reference.
 */
export default function DeveloperSettingsPage() {
  useDocumentTitle('Developers');
  const team = useTeam();

  useEffect(() => whenIdle(() => void preloadDialogs()), []);

  return (
    <PageContainer>
      <BackToSettings />
      <div className="mt-4 max-w-4xl space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Developers</h1>
        <p className="text-sm text-slate-600">
          Connect ListSync to your own tools: API tokens for scripts and integrations, webhooks for events.
        </p>
        <Link
          href="/developers"
          className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <BookOpen className="h-4 w-4" aria-hidden="true" />
          {DEVELOPER_TEXTS.reference}
        </Link>
      </div>
      <div className="mt-6 grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
        {team.data ? (
          <DeveloperSections data={team.data} />
        ) : team.isError ? (
          <Card className="p-6" role="alert">
            <p className="text-sm text-slate-700">{teamFailure(team.error)}</p>
            <Button className="mt-4" variant="secondary" onClick={() => void team.refetch()}>
              <RotateCw className="h-4 w-4" aria-hidden="true" /> Try again
            </Button>
          </Card>
        ) : (
          <div aria-busy="true">
            <span className="sr-only" role="status">
              Loading…
            </span>
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </div>
    </PageContainer>
  );
}

function DeveloperSections({ data }: { data: TeamResponse }) {
  const { ask, dialog } = useConfirmation();
  if (data.team.tier === 'free') return <PaidOnly owner={canManageBilling(data.myRole)} />;
  if (!canManageMembers(data.myRole)) return <ManagersOnly />;
  return (
    <>
      <TokensSection teamId={data.team.id} ask={ask} />
      <WebhooksSection teamId={data.team.id} ask={ask} />
      {dialog}
    </>
  );
}
