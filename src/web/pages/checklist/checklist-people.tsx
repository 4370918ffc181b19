import { ASSIGNMENT_TEXTS, createdByLine } from '#domain/assignment-texts';
import type { TeamPerson } from '#domain/teams';
import { AssigneePicker } from '../../components/assignee/assignee-picker.tsx';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { useAuth } from '../../hooks/use-auth.tsx';
import type { PendingView } from '../../sync/index.ts';

/**
 * Who works on the checklist (the Assignee field: the team's members, or nobody) and who made it, on
 * the owner's page. A new assignee shows at once and goes through the offline queue; until the server
 * has it, it is marked as waiting to sync.
 */
export function ChecklistPeople({
  view,
  onAssign,
}: {
  /** The checklist with what is pending on this device laid over it. */
  view: PendingView;
  onAssign(assignee: TeamPerson | null): void;
}) {
  const uid = useAuth().user?.uid ?? null;
  const { assignee, createdBy } = view.checklist;
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600"
      data-testid="checklist-people"
    >
      <div className="flex min-w-0 max-w-full items-center gap-2">
        {/* The button's own name says 'Assignee: …'; this is its visible label. */}
        <span aria-hidden="true" className="font-medium text-slate-700">
          {ASSIGNMENT_TEXTS.assignee}
        </span>
        <AssigneePicker value={assignee} onChange={onAssign} look="compact" />
      </div>
      {view.assigneePending && <PendingSyncBadge />}
      {createdBy && (
        <span dir="auto" className="min-w-0 truncate" data-testid="created-by">
          {createdByLine(createdBy, uid)}
        </span>
      )}
    </div>
  );
}
