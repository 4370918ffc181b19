import { Link } from 'wouter';
import { assignedToText, createdByText, personLabel } from '#domain/assignment-texts';
import { type ChecklistSummary, checklistRowSubtitle } from '#domain/checklist';
import type { TeamPerson } from '#domain/teams';
import { ApprovedChip } from '../../components/approved-chip.tsx';
import { DueBadges, DueText } from '../../components/due-badges.tsx';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { PersonInitials } from '../../components/person-initials.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { LazyMenu } from '../../components/ui/lazy-menu.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { lazyChunk } from '../../lib/lazy-chunk.tsx';
import { type ChecklistRowActions, RowMenuButton, type RowMenuProps } from './row-menu-button.tsx';

export type { ChecklistRowActions };

/**
 * A row of 'Your Checklists': name (opens it), '{n} tasks • Created {date}' and who made it, who it is
 * assigned to, status badge, menu.
 */
export function ChecklistRow({
  checklist,
  opening,
  actions,
  pending = null,
  viewerUid = null,
}: {
  checklist: ChecklistSummary;
  /** The signed-in person: 'By you', 'Assigned to you'. */
  viewerUid?: string | null;
  /** Kept on this device, not synced: created here ('create', it cannot be opened yet) or changed. */
  pending?: 'create' | 'change' | null;
  /** The checklist is being loaded for the editor. */
  opening: boolean;
  actions: ChecklistRowActions;
}) {
  return (
    <li
      className="flex items-center gap-2 px-4 py-3 sm:gap-3 sm:px-5"
      data-testid="checklist-row"
      data-checklist-id={checklist.id}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
        <div className="min-w-0 flex-1">
          {pending === 'create' ? (
            // Not on the server yet: there is no page to open until it syncs.
            <span dir="auto" className="block truncate font-medium text-slate-900">
              {checklist.name}
            </span>
          ) : (
            <Link
              dir="auto"
              href={`/checklist/${encodeURIComponent(checklist.id)}`}
              className="block truncate rounded font-medium text-slate-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {checklist.name}
            </Link>
          )}
          {/* Who made it: on a line of its own on a phone, after the spec's words and a bullet above. */}
          <p className="text-sm text-slate-500 sm:flex sm:flex-wrap sm:gap-x-1.5">
            <span className="block max-w-full truncate">
              {checklistRowSubtitle(checklist.taskCount, checklist.createdAt)}
            </span>
            {checklist.createdBy && (
              <span
                dir="auto"
                className="block max-w-full truncate sm:before:me-1.5 sm:before:content-['•']"
                data-testid="row-created-by"
              >
                {createdByText(checklist.createdBy, viewerUid)}
              </span>
            )}
            {checklist.dueAt && (
              <DueText
                checklist={checklist}
                className="block truncate sm:before:me-1.5 sm:before:content-['•']"
              />
            )}
          </p>
        </div>
        <div className="flex min-w-0 flex-wrap items-center gap-1.5 self-start sm:self-center">
          {checklist.assignee && <AssigneeChip person={checklist.assignee} viewerUid={viewerUid} />}
          {pending && <PendingSyncBadge />}
          <DueBadges checklist={checklist} />
          <StatusBadge status={checklist.status} progress={checklist.progress} />
          <ApprovedChip approvedAt={checklist.approvedAt} />
        </div>
      </div>
      {opening ? (
        <span className="flex h-10 w-10 shrink-0 items-center justify-center">
          <Spinner className="scale-75" label="Opening the editor" />
        </span>
      ) : (
        <RowMenu checklist={checklist} actions={actions} shareable={pending !== 'create'} />
      )}
    </li>
  );
}

/**
 * Who the checklist is assigned to: their initials and 'Assigned to Ben Ortiz' ('… to you'); on a phone,
 * beside the status badge, the name alone ('Ben Ortiz', 'You'), the whole sentence for screen readers.
 */
function AssigneeChip({ person, viewerUid }: { person: TeamPerson; viewerUid: string | null }) {
  const sentence = assignedToText(person, viewerUid);
  return (
    <span
      data-testid="row-assignee"
      title={sentence}
      className="inline-flex max-w-56 min-w-0 items-center gap-1 rounded-full bg-slate-100 py-0.5 ps-0.5 pe-2 text-xs font-medium text-slate-700"
    >
      <PersonInitials person={person} />
      <span dir="auto" aria-hidden="true" className="truncate sm:hidden">
        {personLabel(person, viewerUid)}
      </span>
      <span dir="auto" className="sr-only sm:not-sr-only sm:truncate">
        {sentence}
      </span>
    </span>
  );
}

/**
 * The row's menu (Radix DropdownMenu) is a chunk of its own, fetched once the list is on screen (see
 * preloadRowMenu); a row draws only its button until that is pointed at, focused or pressed (decision
 * 0033: for a list of 30 checklists, drawing every row's menu was most of a 20 ms task here, 80 on a
 * phone, when the list arrived). components/ui/lazy-menu.tsx.
 */
const rowMenu = lazyChunk<RowMenuProps>(() => import('./row-menu.tsx').then((module) => module.RowMenu));

export const preloadRowMenu = rowMenu.preload;

function RowMenu(props: RowMenuProps) {
  return <LazyMenu chunk={rowMenu} props={props} standIn={(standIn) => <RowMenuButton {...standIn} />} />;
}

/** Placeholder rows while the list loads, the same height as real ones. */
export function ChecklistRowSkeleton() {
  return (
    <li className="flex items-center gap-2 px-4 py-3 sm:gap-3 sm:px-5" aria-hidden="true">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
        <div className="min-w-0 flex-1">
          <Skeleton className="my-0.5 h-5 w-48 max-w-full" />
          <Skeleton className="mt-1 h-4 w-56 max-w-full" />
        </div>
        <Skeleton className="h-5 w-24 rounded-full" />
      </div>
      <Skeleton className="h-10 w-10 rounded-lg" />
    </li>
  );
}
