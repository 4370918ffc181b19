import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreVertical, Pencil, Share2, Trash2 } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'wouter';
import { type ChecklistSummary, checklistRowSubtitle } from '#domain/checklist';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';

export interface ChecklistRowActions {
  onEdit(checklist: ChecklistSummary): void;
  onShare(checklist: ChecklistSummary): void;
  onDelete(checklist: ChecklistSummary): void;
}

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
            <span className="block truncate font-medium text-slate-900">{checklist.name}</span>
          ) : (
            <Link
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

function RowMenu({
  checklist,
  actions,
  shareable,
}: {
  checklist: ChecklistSummary;
  actions: ChecklistRowActions;
  shareable: boolean;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Checklist actions"
          className="shrink-0 text-slate-500 data-[state=open]:bg-slate-100"
        >
          <MoreVertical className="h-5 w-5" aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <MenuItem icon={Pencil} onSelect={() => actions.onEdit(checklist)}>
            Edit
          </MenuItem>
          {shareable && (
            <MenuItem icon={Share2} onSelect={() => actions.onShare(checklist)}>
              Share Link
            </MenuItem>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <MenuItem icon={Trash2} onSelect={() => actions.onDelete(checklist)} destructive>
            Delete
          </MenuItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuItem({
  icon: Icon,
  onSelect,
  destructive,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  onSelect(): void;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className={cn(
        'flex h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none select-none',
        destructive
          ? 'text-red-700 data-highlighted:bg-red-50'
          : 'text-slate-800 data-highlighted:bg-slate-100',
      )}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {children}
    </DropdownMenu.Item>
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
