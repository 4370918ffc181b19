import { LazyChecklistEditor } from '../../components/checklist-editor/lazy-checklist-editor.tsx';
import type { usePlanLimit } from '../../hooks/use-plan-limit.ts';
import type { useChecklistCopies } from '../../hooks/use-templates.ts';
import { isNewChecklistId } from '../../sync/index.ts';
import { ChecklistPanel } from './checklist-panel.tsx';
import { HeldEdits } from './held-edits.tsx';
import type { useDashboardActions } from './use-dashboard-actions.ts';
import type { DashboardFocus } from './use-dashboard-focus.ts';

/** The dashboard's main column: kept saves to review and the list, or the inline editor in their place. */
export function ChecklistColumn({
  actions,
  copies,
  planLimit,
  focus,
  onFromTemplate,
}: {
  actions: ReturnType<typeof useDashboardActions>;
  copies: ReturnType<typeof useChecklistCopies>;
  planLimit: ReturnType<typeof usePlanLimit>;
  focus: DashboardFocus;
  /** Opens 'New from template' (once the plan has room). */
  onFromTemplate(): void;
}) {
  const { editor } = actions;
  const { menuRowId } = focus;
  return (
    <div className="min-w-0 lg:col-span-2">
      {editor.mode === 'closed' && <HeldEdits onReview={actions.review} onDiscard={actions.release} />}
      {editor.mode === 'closed' ? (
        <ChecklistPanel
          onCreate={() => void actions.startCreate()}
          onCreateFromTemplate={() => {
            // The plan limit is checked before the list opens, as for New Checklist (spec section 5).
            void planLimit.hasRoom().then((room) => room && onFromTemplate());
          }}
          openingId={actions.openingId}
          headingRef={focus.headingRef}
          newButtonRef={focus.newButtonRef}
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
  );
}
