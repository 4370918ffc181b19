import { Download, RotateCw, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Insights } from '#domain/insights';
import { localDateOf } from '#domain/time-zones';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { insightsCsvUrl, isPaidOnly, useActiveTeamPlan, useInsights } from '../hooks/use-insights.ts';
import { teamFailure } from '../hooks/use-team-actions.ts';
import { dateText } from './insights/figures.ts';
import { InsightsView } from './insights/insights-view.tsx';
import { type RangeChoice, RangePicker, rangeQuery } from './insights/range-picker.tsx';
import { sampleInsights } from './insights/sample.ts';

/**
 * /insights (issue 33, docs/insights.md): what the active team's work looked like over a range:
 * checklists completed, on time and how fast, by day, by person and by task. Paid teams; a free
 * team sees an example of the page, marked as one, and the upgrade.
 */
export default function InsightsPage() {
  useDocumentTitle('Insights');
  // The presets end today in the team's zone (the server counts days there), once an answer named
  // it: this device's date is a day behind a team east of it late in the evening.
  const [teamZone, setTeamZone] = useState<string | null>(null);
  const today = localDateOf(new Date(), teamZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [choice, setChoice] = useState<RangeChoice>({ preset: 30 });
  const query = rangeQuery(choice, today);
  // A free team is not asked for figures it cannot have (its 403 would only land in the console);
  // its plan is read first. If that read fails, the figures are asked for and a 403 says it.
  const plan = useActiveTeamPlan();
  const insights = useInsights(query, plan === 'paid' || plan === 'unknown');
  const paidOnly = plan === 'free' || isPaidOnly(insights.error);
  const answeredZone = insights.data?.timeZone;
  useEffect(() => {
    if (answeredZone) setTeamZone(answeredZone);
  }, [answeredZone]);
  return (
    <PageContainer>
      <div className="flex max-w-5xl flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Insights</h1>
          <p className="text-sm text-slate-600">
            How your team’s checklists went: completed, on time, how long they took, and by whom.
          </p>
        </div>
        {insights.data && insights.data.completed + createdIn(insights.data) > 0 && (
          <Button asChild variant="secondary" size="sm" className="self-start sm:self-auto">
            <a href={insightsCsvUrl(query)} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        )}
      </div>
      <div className="mt-6 grid max-w-5xl gap-4 sm:gap-6">
        {paidOnly ? (
          <FreePreview today={today} />
        ) : (
          <>
            <RangePicker choice={choice} today={today} onChoose={setChoice} />
            {insights.data ? (
              <RangeFigures insights={insights.data} />
            ) : insights.isError ? (
              <LoadFailed
                error={insights.error}
                retrying={insights.isFetching}
                onRetry={() => void insights.refetch()}
              />
            ) : (
              <InsightsSkeleton />
            )}
          </>
        )}
      </div>
    </PageContainer>
  );
}

function createdIn(insights: Insights): number {
  return insights.byDay.reduce((sum, day) => sum + day.created, 0);
}

function RangeFigures({ insights }: { insights: Insights }) {
  const range = `${dateText(insights.from, true)} to ${dateText(insights.to, true)}`;
  if (insights.completed === 0 && createdIn(insights) === 0) {
    return (
      <Card className="p-6 text-center" data-testid="insights-empty">
        <h2 className="text-lg font-semibold text-slate-900">Nothing in this range yet</h2>
        <p className="mt-1 text-sm text-slate-600">
          No checklist was created or completed from {range}. Try a longer range.
        </p>
      </Card>
    );
  }
  return (
    <>
      <p className="text-sm text-slate-600" data-testid="insights-range">
        {range} · days in {insights.timeZone.replaceAll('_', ' ')}
      </p>
      <InsightsView insights={insights} />
    </>
  );
}

/** A free team: the page with made-up figures, marked as an example, and the upgrade. */
function FreePreview({ today }: { today: string }) {
  return (
    <>
      <Card
        className="flex flex-col gap-3 border-indigo-200 bg-indigo-50/70 p-5 sm:flex-row sm:items-center"
        role="note"
      >
        <Sparkles className="h-6 w-6 shrink-0 text-indigo-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-indigo-950">Insights are part of Professional</p>
          <p className="mt-0.5 text-sm text-indigo-900">
            See how your team’s checklists go: on-time rate, time to complete, by person and by task. Below is
            an example with made-up figures.
          </p>
        </div>
        <Button asChild className="self-start sm:self-auto">
          <Link href="/pricing">Upgrade to Professional</Link>
        </Button>
      </Card>
      <section
        aria-label="Example insights with made-up figures"
        data-testid="insights-example"
        className="relative"
      >
        <p className="mb-3 inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">
          Example · made-up figures
        </p>
        <InsightsView insights={sampleInsights(today)} />
      </section>
    </>
  );
}

function LoadFailed({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry(): void }) {
  return (
    <Card className="p-6" role="alert">
      <h2 className="text-lg font-semibold text-slate-900">Insights could not be loaded</h2>
      <p className="mt-1 text-sm text-slate-600">{teamFailure(error)}</p>
      <Button className="mt-4" variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCw className={retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
        Try again
      </Button>
    </Card>
  );
}

function InsightsSkeleton() {
  return (
    <div aria-busy="true" data-testid="insights-loading" className="grid gap-4 sm:gap-6">
      <span className="sr-only" role="status">
        Loading insights…
      </span>
      <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-80" />
      <Skeleton className="h-56" />
    </div>
  );
}
