import { useState } from 'react';
import { DevelopmentBanner } from '../components/development-banner.tsx';
import { readDismissed } from '../components/development-banner-dismissal.ts';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { LazyShareDialog } from '../components/share-dialog/lazy-share-dialog.tsx';
import { LazyNewFromTemplateDialog } from '../components/templates/lazy-template-dialogs.tsx';
import { LazyConfirmDialog } from '../components/ui/lazy-dialog.tsx';
import { useLiveDashboard } from '../hooks/use-live-updates.ts';
import { usePlanLimit } from '../hooks/use-plan-limit.ts';
import { useChecklistCopies } from '../hooks/use-templates.ts';
import { HydrateLater } from '../lib/hydration-pieces.tsx';
import { ChecklistColumn } from './dashboard/checklist-column.tsx';
import { LanguageCard } from './dashboard/language-card.tsx';
import { StatsStrip } from './dashboard/stats-strip.tsx';
import { PastDueBanner, SubscriptionCard } from './dashboard/subscription-card.tsx';
import { useDashboardActions } from './dashboard/use-dashboard-actions.ts';
import { useDashboardFocus } from './dashboard/use-dashboard-focus.ts';
import { usePreloadListActions } from './dashboard/use-preload-list-actions.ts';

function PlanAside() {
  return (
    <aside aria-label="Plan and settings" className="min-w-0 space-y-6">
      <SubscriptionCard />
      <LanguageCard />
    </aside>
  );
}

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  // Hydrated in a task of its own after the app's frame, and its parts each in one after it
  // (lib/hydration-pieces.tsx): the page's hooks and the banner were most of one long task.
  return (
    <HydrateLater>
      <DashboardMain />
    </HydrateLater>
  );
}

function DashboardMain() {
  // The list and the counters follow changes made anywhere (a recipient ticking, another tab).
  useLiveDashboard();
  const actions = useDashboardActions();
  const copies = useChecklistCopies();
  const planLimit = usePlanLimit();
  const [fromTemplate, setFromTemplate] = useState(false);
  usePreloadListActions();
  const focus = useDashboardFocus(actions.editor.mode);
  // A piece draws one element: the banner is one only while it is shown (it reads a cookie).
  const [bannerShown] = useState(() => !readDismissed());

  return (
    <PageContainer>
      {bannerShown && (
        <HydrateLater>
          <DevelopmentBanner />
        </HydrateLater>
      )}
      <PastDueBanner />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
      <p className="mt-1 text-slate-600">Manage your checklists and track progress</p>

      <div className="mt-6">
        {/* Hydrated each in a task of its own after the page's frame (lib/hydration-pieces.tsx). */}
        <HydrateLater>
          <StatsStrip />
        </HydrateLater>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3 lg:items-start">
        <HydrateLater>
          <ChecklistColumn
            actions={actions}
            copies={copies}
            planLimit={planLimit}
            focus={focus}
            onFromTemplate={() => setFromTemplate(true)}
          />
        </HydrateLater>
        <HydrateLater>
          <PlanAside />
        </HydrateLater>
      </div>

      <LazyConfirmDialog
        open={actions.deleting !== null}
        onOpenChange={(open) => !open && actions.cancelDelete()}
        title="Are you sure?"
        description="This action cannot be undone. This will permanently delete the checklist and all associated tasks and photos."
        confirmLabel="Delete"
        destructive
        pending={actions.deletePending}
        onConfirm={() => void actions.confirmDelete()}
        returnFocusTo={focus.returnFocusToList}
      />
      <LazyNewFromTemplateDialog open={fromTemplate} onOpenChange={setFromTemplate} />
      <LazyShareDialog
        open={actions.sharing?.open ?? false}
        onOpenChange={(open) => !open && actions.closeShare()}
        checklistId={actions.sharing?.id ?? null}
        checklistName={actions.sharing?.name ?? null}
        returnFocusTo={focus.returnFocusToList}
      />
    </PageContainer>
  );
}
