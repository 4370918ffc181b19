import { useEffect, useRef, useState } from 'react';
import {
  LazyChecklistEditor,
  preloadChecklistEditor,
} from '../components/checklist-editor/lazy-checklist-editor.tsx';
import { DevelopmentBanner } from '../components/development-banner.tsx';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { LazyShareDialog } from '../components/share-dialog/lazy-share-dialog.tsx';
import { LazyNewFromTemplateDialog } from '../components/templates/lazy-template-dialogs.tsx';
import { LazyConfirmDialog, preloadDialogs } from '../components/ui/lazy-dialog.tsx';
import { useLiveDashboard } from '../hooks/use-live-updates.ts';
import { usePlanLimit } from '../hooks/use-plan-limit.ts';
import { useChecklistCopies } from '../hooks/use-templates.ts';
import { whenIdle } from '../lib/lazy-chunk.tsx';
import { isNewChecklistId } from '../sync/index.ts';
import { ChecklistPanel } from './dashboard/checklist-panel.tsx';
import { preloadRowMenu } from './dashboard/checklist-row.tsx';
import { HeldEdits } from './dashboard/held-edits.tsx';
import { LanguageCard } from './dashboard/language-card.tsx';
import { StatsStrip } from './dashboard/stats-strip.tsx';
import { PastDueBanner, SubscriptionCard } from './dashboard/subscription-card.tsx';
import { useDashboardActions } from './dashboard/use-dashboard-actions.ts';

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  // The list and the counters follow changes made anywhere (a recipient ticking, another tab).
  useLiveDashboard();
  const actions = useDashboardActions();
  const { editor } = actions;
  const copies = useChecklistCopies();
  const planLimit = usePlanLimit();
  const [fromTemplate, setFromTemplate] = useState(false);
  const newButtonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The row whose menu opened a dialog: focus goes back to its menu button, or to the list if it is gone. */
  const menuRowId = useRef<string | null>(null);
  const returnFocusToList = () => rowMenuTrigger(menuRowId.current) ?? headingRef.current;

  // What the list's buttons open comes after the first paint: the rows' menus at once (their buttons
  // are there as soon as the list is), the editor and the confirmation when the browser is idle. The
  // menus' chunk is asked for in a task of its own: its preload links cost a few milliseconds (more
  // on a phone), which added to the page's first effects made one long task.
  useEffect(() => {
    const menus = window.setTimeout(() => void preloadRowMenu(), 0);
    const cancelIdle = whenIdle(() => {
      void preloadChecklistEditor();
      void preloadDialogs();
    });
    return () => {
      window.clearTimeout(menus);
      cancelIdle();
    };
  }, []);

  // When the editor closes, focus goes back to the list instead of the top of the page.
  const editorWasOpen = useRef(false);
  useEffect(() => {
    if (editor.mode !== 'closed') editorWasOpen.current = true;
    else if (editorWasOpen.current) {
      editorWasOpen.current = false;
      newButtonRef.current?.focus();
    }
  }, [editor.mode]);

  return (
    <PageContainer>
      <DevelopmentBanner />
      <PastDueBanner />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
      <p className="mt-1 text-slate-600">Manage your checklists and track progress</p>

      <div className="mt-6">
        <StatsStrip />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 lg:col-span-2">
          {editor.mode === 'closed' && <HeldEdits onReview={actions.review} onDiscard={actions.release} />}
          {editor.mode === 'closed' ? (
            <ChecklistPanel
              onCreate={() => void actions.startCreate()}
              onCreateFromTemplate={() => {
                // The plan limit is checked before the list opens, as for New Checklist (spec section 5).
                void planLimit.hasRoom().then((room) => room && setFromTemplate(true));
              }}
              openingId={actions.openingId}
              headingRef={headingRef}
              newButtonRef={newButtonRef}
              actions={{
                onEdit: (checklist) => void actions.startEdit(checklist),
                onShare: (checklist) => {
                  menuRowId.current = checklist.id;
                  actions.share(checklist);
                },
                onDuplicate: (checklist) => void copies.duplicate(checklist.id),
                onDelete: (checklist) => {
                  menuRowId.current = checklist.id;
                  actions.askDelete(checklist);
                },
              }}
            />
          ) : (
            <LazyChecklistEditor
              checklist={editor.mode === 'edit' ? editor.checklist : null}
              initialDraft={editor.mode === 'create' ? editor.initial : undefined}
              initialStash={editor.mode === 'edit' ? editor.stash : undefined}
              shareable={editor.mode === 'edit' && !isNewChecklistId(editor.checklist.id)}
              onStashDismissed={() => editor.heldKey && actions.release(editor.heldKey)}
              onSave={actions.save}
              onCancel={actions.closeEditor}
              onShare={() => {
                menuRowId.current = null;
                if (editor.mode === 'edit') actions.share(editor.checklist);
              }}
            />
          )}
        </div>
        <aside aria-label="Plan and settings" className="min-w-0 space-y-6">
          <SubscriptionCard />
          <LanguageCard />
        </aside>
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
        returnFocusTo={returnFocusToList}
      />
      <LazyNewFromTemplateDialog open={fromTemplate} onOpenChange={setFromTemplate} />
      <LazyShareDialog
        open={actions.sharing?.open ?? false}
        onOpenChange={(open) => !open && actions.closeShare()}
        checklistId={actions.sharing?.id ?? null}
        checklistName={actions.sharing?.name ?? null}
        returnFocusTo={returnFocusToList}
      />
    </PageContainer>
  );
}

function rowMenuTrigger(checklistId: string | null): HTMLElement | null {
  if (!checklistId) return null;
  return document.querySelector<HTMLElement>(
    `[data-checklist-id="${CSS.escape(checklistId)}"] [aria-label="Checklist actions"]`,
  );
}
