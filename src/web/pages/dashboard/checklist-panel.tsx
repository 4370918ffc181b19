import { Download, LayoutTemplate, Plus, UserRoundCheck } from 'lucide-react';
import type { Ref } from 'react';
import { ASSIGNMENT_TEXTS, type AssignmentFilter, isAssignedTo } from '#domain/assignment-texts';
import { CHECKLIST_EXPORT_PATH } from '#domain/checklist-export';
import { preloadChecklistEditor } from '../../components/checklist-editor/lazy-checklist-editor.tsx';
import { ConnectionStatus } from '../../components/connection-status.tsx';
import { preloadNewFromTemplateDialog } from '../../components/templates/lazy-template-dialogs.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useAuth } from '../../hooks/use-auth.tsx';
import { AssignmentFilterTabs, FILTER_PANEL_ID, filterTabId } from './assignment-filter.tsx';
import { ChecklistRow, type ChecklistRowActions, ChecklistRowSkeleton } from './checklist-row.tsx';
import { useAssignmentFilter } from './use-assignment-filter.ts';
import { useChecklistRows } from './use-checklist-rows.ts';

interface ChecklistPanelProps {
  actions: ChecklistRowActions;
  onCreate(): void;
  /** Opens 'New from template'. */
  onCreateFromTemplate(): void;
  /** The id of a checklist being loaded for the editor. */
  openingId: string | null;
  headingRef?: Ref<HTMLHeadingElement>;
  newButtonRef?: Ref<HTMLButtonElement>;
}

/** The panel's title line: 'Your Checklists', the connection, Export CSV, New from template and New Checklist. */
function PanelHeader({
  onCreate,
  onCreateFromTemplate,
  headingRef,
  newButtonRef,
}: Pick<ChecklistPanelProps, 'onCreate' | 'onCreateFromTemplate' | 'headingRef' | 'newButtonRef'>) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-3 border-b border-slate-100 px-4 py-3 sm:px-5">
      <div className="flex min-w-0 flex-col items-start sm:flex-row sm:items-center sm:gap-3">
        <h2
          id="your-checklists-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold whitespace-nowrap text-slate-900 focus:outline-none sm:text-lg"
        >
          Your Checklists
        </h2>
        <ConnectionStatus className="h-5 sm:h-6" />
      </div>
      {/* On a phone the buttons take a line of their own under the title. */}
      <div className="ms-auto flex shrink-0 items-center gap-2">
        {/* A plain download: the browser sends the session cookie; the server streams the file. */}
        <Button asChild variant="secondary" size="sm" className="h-10 w-10 px-0 sm:w-auto sm:px-3">
          <a href={CHECKLIST_EXPORT_PATH} download title="Export CSV">
            <Download className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Export CSV</span>
          </a>
        </Button>
        <Button
          variant="secondary"
          onClick={onCreateFromTemplate}
          onPointerEnter={preloadNewFromTemplateDialog}
          onFocus={preloadNewFromTemplateDialog}
          size="sm"
          className="h-10 w-10 px-0 sm:w-auto sm:px-3"
          title="New from template"
        >
          <LayoutTemplate className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">New from template</span>
        </Button>
        <Button
          ref={newButtonRef}
          onClick={onCreate}
          onPointerEnter={() => void preloadChecklistEditor()}
          onFocus={() => void preloadChecklistEditor()}
          size="sm"
          className="h-10"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          New Checklist
        </Button>
      </div>
    </div>
  );
}

/**
 * The rows once loaded (or the empty state: none at all, or none assigned to me), a way to try again when
 * they could not be, else placeholders. The tabs' panel: what the filter shows.
 */
function PanelRows({
  list,
  filter,
  onShowAll,
  viewerUid,
  openingId,
  actions,
}: {
  list: ReturnType<typeof useChecklistRows>;
  filter: AssignmentFilter;
  onShowAll(): void;
  viewerUid: string | null;
  openingId: string | null;
  actions: ChecklistRowActions;
}) {
  const { checklists, rows, empty } = list;
  const shown =
    rows && filter === 'mine' ? rows.filter(({ summary }) => isAssignedTo(summary, viewerUid)) : rows;
  return shown ? (
    rows?.length === 0 && (empty || filter === 'all') ? (
      <p className="px-4 py-12 text-center text-sm text-slate-500 sm:px-5">
        No checklists yet. Create your first one!
      </p>
    ) : shown.length === 0 ? (
      <NothingAssigned onShowAll={onShowAll} />
    ) : (
      <>
        <ul aria-label="Checklists" className="divide-y divide-slate-100">
          {shown.map(({ summary, pending }) => (
            <ChecklistRow
              key={summary.id}
              checklist={summary}
              pending={pending}
              opening={openingId === summary.id}
              actions={actions}
              viewerUid={viewerUid}
            />
          ))}
        </ul>
        <ShowMore checklists={checklists} />
      </>
    )
  ) : checklists.isError ? (
    <div className="px-4 py-10 text-center text-sm text-slate-600 sm:px-5">
      <p>Your checklists could not be loaded.</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={() => void checklists.refetch()}>
        Try again
      </Button>
    </div>
  ) : (
    <ul aria-label="Loading checklists" aria-busy="true" className="divide-y divide-slate-100">
      <ChecklistRowSkeleton />
      <ChecklistRowSkeleton />
      <ChecklistRowSkeleton />
    </ul>
  );
}

/**
 * The next page of the list, on demand (decision 0063): a button under the rows while the server names
 * a next page. It stays where it is while the page loads (focus is not lost) and says so.
 */
function ShowMore({ checklists }: { checklists: ReturnType<typeof useChecklistRows>['checklists'] }) {
  if (!checklists.hasNextPage) return null;
  const loading = checklists.isFetchingNextPage;
  return (
    <div className="border-t border-slate-100 px-4 py-3 text-center sm:px-5">
      <Button
        variant="secondary"
        size="sm"
        className="h-10 w-full sm:w-auto"
        aria-busy={loading}
        onClick={() => !loading && void checklists.fetchNextPage()}
      >
        {loading ? 'Loading more checklists…' : 'Show more checklists'}
      </Button>
    </div>
  );
}

/** 'Assigned to me' with nothing assigned: what will show here, and the way back to all of them. */
function NothingAssigned({ onShowAll }: { onShowAll(): void }) {
  return (
    <div className="px-4 py-12 text-center sm:px-5" data-testid="nothing-assigned">
      <UserRoundCheck className="mx-auto h-8 w-8 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-medium text-slate-900">{ASSIGNMENT_TEXTS.nothingAssigned}</p>
      <p className="mx-auto mt-1 max-w-xs text-sm text-slate-500">{ASSIGNMENT_TEXTS.nothingAssignedHint}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onShowAll}>
        {ASSIGNMENT_TEXTS.showAll}
      </Button>
    </div>
  );
}

/**
 * 'Your Checklists': the New Checklist button, the filter 'All' / 'Assigned to me' (on this device, over
 * the active team's list), the rows, the empty state (spec section 2).
 */
export function ChecklistPanel({
  actions,
  onCreate,
  onCreateFromTemplate,
  openingId,
  headingRef,
  newButtonRef,
}: ChecklistPanelProps) {
  const [filter, setFilter] = useAssignmentFilter();
  const list = useChecklistRows(filter);
  const viewerUid = useAuth().user?.uid ?? null;
  return (
    <Card className="overflow-hidden" role="region" aria-labelledby="your-checklists-title">
      <PanelHeader
        onCreate={onCreate}
        onCreateFromTemplate={onCreateFromTemplate}
        headingRef={headingRef}
        newButtonRef={newButtonRef}
      />
      <div className="border-b border-slate-100 px-4 py-2 sm:px-5">
        <AssignmentFilterTabs value={filter} onChange={setFilter} />
      </div>
      <div role="tabpanel" id={FILTER_PANEL_ID} aria-labelledby={filterTabId(filter)}>
        <PanelRows
          list={list}
          filter={filter}
          onShowAll={() => setFilter('all')}
          viewerUid={viewerUid}
          openingId={openingId}
          actions={actions}
        />
      </div>
    </Card>
  );
}
