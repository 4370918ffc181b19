import { ChevronDown, UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { ASSIGNMENT_TEXTS } from '#domain/assignment-texts';
import type { TeamPerson } from '#domain/teams';
import { cn } from '../../lib/cn.ts';
import { PersonInitials } from '../person-initials.tsx';

/**
 * The Assignee field's button: who the checklist is assigned to (their initials and name) or
 * 'Unassigned', opening the menu of the team's members. The menu's trigger, and its stand-in until the
 * menu's code is there (lazy-menu.tsx). Its name says what it is and what it holds ('Assignee: Ben
 * Ortiz'), the visible name included.
 */

/** 'field': a form's full-width field (the editor); 'compact': a line of the checklist's header. */
export type AssigneeButtonLook = 'field' | 'compact';

export interface AssigneeButtonProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: TeamPerson | null;
  look: AssigneeButtonLook;
}

export function AssigneeButton({ value, look, className, ...props }: AssigneeButtonProps) {
  const shown = value ? value.displayName : ASSIGNMENT_TEXTS.unassigned;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={`${ASSIGNMENT_TEXTS.assignee}: ${shown}`}
      data-testid="assignee-button"
      className={cn(
        'inline-flex min-w-0 items-center gap-2 rounded-lg border border-slate-300 bg-white text-slate-900 transition-colors',
        'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        'disabled:pointer-events-none disabled:opacity-50 data-[state=open]:border-indigo-500 data-[state=open]:bg-slate-50',
        look === 'field' ? 'h-11 w-full px-3 text-base sm:text-sm' : 'h-9 max-w-full px-2.5 text-sm',
        className,
      )}
      {...props}
    >
      {value ? (
        <PersonInitials person={value} />
      ) : (
        <UserRound className="h-5 w-5 shrink-0 rounded-full text-slate-400" aria-hidden="true" />
      )}
      <span dir="auto" className={cn('min-w-0 truncate text-start', !value && 'text-slate-600')}>
        {shown}
      </span>
      <ChevronDown className="ms-auto h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
    </button>
  );
}
