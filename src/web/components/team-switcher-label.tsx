import { ChevronDown, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MyTeam } from '#domain/teams';
import { cn } from '../lib/cn.ts';

/** What the header's team switcher (team-switcher.tsx) and its lazy menu (team-menu.tsx) share. */

/**
 * The menu's props. Its trigger's look and insides come from the switcher: the menu's chunk imports
 * nothing of the first chunk's (a module both import split the entry chunk: team-keys.ts).
 */
export interface TeamMenuProps {
  teams: MyTeam[];
  active: MyTeam;
  triggerClassName: string;
  /** The trigger's insides for a team's name (the one being switched to, while it is). */
  label(name: string): ReactNode;
}

/** The trigger's look, shared by the stand-in and the menu's button. */
export function switcherClasses(compact: boolean): string {
  return cn(
    'inline-flex min-w-0 items-center gap-1.5 rounded-lg font-medium text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500',
    compact ? 'h-7 max-w-[45vw] px-1.5 text-xs' : 'h-9 max-w-[14rem] px-2.5 text-sm',
  );
}

/** The trigger's insides: an icon, the team's name (cut short with an ellipsis), a chevron. */
export function SwitcherLabel({ name, compact }: { name: string; compact: boolean }) {
  return (
    <>
      <Users
        className={cn('shrink-0 text-indigo-600', compact ? 'h-3.5 w-3.5' : 'h-4 w-4')}
        aria-hidden="true"
      />
      <span className="truncate" data-testid="active-team-name">
        {name}
      </span>
      <ChevronDown
        className={cn('shrink-0 text-slate-400', compact ? 'h-3 w-3' : 'h-4 w-4')}
        aria-hidden="true"
      />
    </>
  );
}
