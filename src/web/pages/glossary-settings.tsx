import { Lock, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import type { GlossaryEntry } from '#domain/glossary';
import { PLAN_LIMITS } from '#domain/plans';
import { canManageMembers, type TeamResponse } from '#domain/teams';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useGlossary, useGlossaryActions } from '../hooks/use-glossary.ts';
import { useTeam } from '../hooks/use-team.ts';
import { teamFailure } from '../hooks/use-team-actions.ts';
import { useToast } from '../hooks/use-toast.ts';
import { GlossaryEntries } from './glossary-settings/entries-list.tsx';
import { GlossaryEntryForm } from './glossary-settings/entry-form.tsx';
import { GLOSSARY_TEXTS } from './glossary-settings/texts.ts';
import { BackToSettings } from './settings/settings-links.tsx';

/**
 * /settings/glossary (issue 33): the team's terms per language, applied by every translation its
 * recipients read (docs/translation.md "Team glossary"). Every plan; the owner and admins add and
 * delete, members read.
 */
export default function GlossarySettingsPage() {
  useDocumentTitle(GLOSSARY_TEXTS.title);
  const team = useTeam();
  return (
    <PageContainer>
      <BackToSettings />
      <div className="mt-4 max-w-3xl space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{GLOSSARY_TEXTS.title}</h1>
        <p className="text-sm text-slate-600">{GLOSSARY_TEXTS.intro}</p>
        <p className="text-sm text-slate-500">{GLOSSARY_TEXTS.example}</p>
      </div>
      <div className="mt-6 max-w-3xl">
        {team.data ? (
          <GlossaryCard data={team.data} />
        ) : team.isError ? (
          <Failure message={teamFailure(team.error)} retry={() => void team.refetch()} />
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </div>
    </PageContainer>
  );
}

function Failure({ message, retry }: { message: string; retry(): void }) {
  return (
    <Card className="p-6" role="alert">
      <p className="text-sm text-slate-700">{message}</p>
      <Button className="mt-4" variant="secondary" onClick={retry}>
        <RotateCw className="h-4 w-4" aria-hidden="true" /> Try again
      </Button>
    </Card>
  );
}

function GlossaryCard({ data }: { data: TeamResponse }) {
  const glossary = useGlossary(data.team.id);
  const { remove } = useGlossaryActions();
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const canManage = canManageMembers(data.myRole);
  const languages = PLAN_LIMITS[data.team.tier].allowedLanguages;

  const onDelete = (entry: GlossaryEntry) =>
    remove.mutate(entry.id, {
      onSuccess: () => toast({ title: GLOSSARY_TEXTS.deleted(entry.source) }),
      onError: (error) =>
        toast({
          title: GLOSSARY_TEXTS.deleteFailed,
          description: teamFailure(error),
          variant: 'destructive',
        }),
    });

  if (glossary.isError)
    return <Failure message={GLOSSARY_TEXTS.loadFailed} retry={() => void glossary.refetch()} />;
  return (
    <Card className="p-4 sm:p-6" data-testid="glossary-card">
      {canManage ? (
        <>
          {!adding && (
            <Button onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" /> {GLOSSARY_TEXTS.add}
            </Button>
          )}
          {adding && (
            <GlossaryEntryForm
              languages={languages}
              onAdded={(entry) => {
                setAdding(false);
                toast({ title: GLOSSARY_TEXTS.added(entry.source) });
              }}
              onCancel={() => setAdding(false)}
            />
          )}
          {data.team.tier === 'free' && (
            <p className="mt-3 text-xs text-slate-500">{GLOSSARY_TEXTS.freePlanLanguages}</p>
          )}
        </>
      ) : (
        <p className="flex items-start gap-2 text-sm text-slate-700" data-testid="glossary-managers-only">
          <Lock className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          {GLOSSARY_TEXTS.managersOnly}
        </p>
      )}
      <div className="mt-5">
        {glossary.data ? (
          glossary.data.length === 0 ? (
            <p className="text-sm text-slate-500" data-testid="glossary-empty">
              {GLOSSARY_TEXTS.empty}
            </p>
          ) : (
            <GlossaryEntries
              entries={glossary.data}
              canManage={canManage}
              deleting={remove.isPending ? (remove.variables ?? null) : null}
              onDelete={onDelete}
            />
          )
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </div>
    </Card>
  );
}
