import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { type ChecklistSummary, checklistRowSubtitle } from '#domain/checklist';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ChunkBoundary, lazyChunk } from '../../lib/lazy-chunk.tsx';
import {
  type ChecklistRowActions,
  MENU_OPENING_KEYS,
  RowMenuButton,
  type RowMenuProps,
  type StandInHandoff,
} from './row-menu-button.tsx';

export type { ChecklistRowActions };

/** A row of 'Your Checklists': name (opens it), '{n} tasks • Created {date}', status badge, menu. */
export function ChecklistRow({
  checklist,
  opening,
  actions,
  pending = null,
}: {
  checklist: ChecklistSummary;
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
          <p className="truncate text-sm text-slate-500">
            {checklistRowSubtitle(checklist.taskCount, checklist.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5 self-start sm:self-center">
          {pending && <PendingSyncBadge />}
          <StatusBadge status={checklist.status} progress={checklist.progress} />
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
 * The row's menu (Radix DropdownMenu with its positioning: 12 KiB gzipped) is a chunk of its own,
 * fetched once the list is on screen (see preloadRowMenu). Until it is there, its button is drawn the
 * same, so nothing moves when it arrives.
 *
 * Nor is the menu drawn for every row: a row draws only its button until that is pointed at, focused
 * or pressed (decision 0033). Radix's menu is some twenty components a row; for a list of
 * 30 checklists that was most of a 20 ms task here (80 on a phone) when the list arrived.
 */
const rowMenu = lazyChunk<RowMenuProps>(() => import('./row-menu.tsx').then((module) => module.RowMenu));

export const preloadRowMenu = rowMenu.preload;

function RowMenu(props: RowMenuProps) {
  const handoff = useRef<StandInHandoff>({ focused: false, pressed: null });
  // A press after a failed download (offline before it was cached) tries again.
  const [presses, setPresses] = useState(0);
  const [wanted, setWanted] = useState(false);
  // Drawn again once the code is here. Until then the stand-in stays the same element: one swapped
  // for a Suspense fallback would lose the focus it has, and the key pressed on it.
  const [, setArrivals] = useState(0);
  const want = () => {
    setWanted(true);
    void preloadRowMenu().then(() => setArrivals((count) => count + 1));
  };
  const Menu = rowMenu.Component;
  const standIn = (
    <RowMenuButton
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={want}
      onFocus={() => {
        handoff.current.focused = true;
        want();
      }}
      onBlur={(event) => {
        // Not when it is taken away for the menu's own button: that one takes the focus over.
        if (event.currentTarget.isConnected) handoff.current.focused = false;
      }}
      onKeyDown={(event) => {
        if (!MENU_OPENING_KEYS.includes(event.key)) return;
        event.preventDefault();
        handoff.current.pressed = { key: event.key };
        want();
        setPresses((count) => count + 1);
      }}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        handoff.current.pressed = 'pointer';
        want();
        setPresses((count) => count + 1);
      }}
    />
  );
  if (!wanted || !rowMenu.isLoaded()) return standIn;
  return (
    <ChunkBoundary chunk={rowMenu} fallback={standIn} retryKey={presses}>
      <Menu {...props} handoff={handoff.current} />
    </ChunkBoundary>
  );
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
