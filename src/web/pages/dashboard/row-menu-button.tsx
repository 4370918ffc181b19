import { MoreVertical } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { ChecklistSummary } from '#domain/checklist';
import { Button } from '../../components/ui/button.tsx';
import type { StandInHandoff } from '../../components/ui/menu-handoff.ts';

export interface ChecklistRowActions {
  onEdit(checklist: ChecklistSummary): void;
  onShare(checklist: ChecklistSummary): void;
  /** A copy of it on the server (it opens); only for a checklist the server has. */
  onDuplicate(checklist: ChecklistSummary): void;
  onDelete(checklist: ChecklistSummary): void;
}

export interface RowMenuProps {
  checklist: ChecklistSummary;
  actions: ChecklistRowActions;
  shareable: boolean;
  /** What was done to the stand-in button before the menu's code arrived: the menu takes it over. */
  handoff?: StandInHandoff;
}

/** The '⋮' button of a row's menu: the menu's trigger, and its stand-in until the menu's code is there. */
export function RowMenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Checklist actions"
      aria-haspopup="menu"
      className="shrink-0 text-slate-500 data-[state=open]:bg-slate-100"
      {...props}
    >
      <MoreVertical className="h-5 w-5" aria-hidden="true" />
    </Button>
  );
}
