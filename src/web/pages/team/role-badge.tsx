import { TEAM_ROLE_LABELS, type TeamRole } from '#domain/teams';
import { cn } from '../../lib/cn.ts';

const COLOURS: Record<TeamRole, string> = {
  owner: 'bg-indigo-100 text-indigo-800 ring-indigo-300',
  admin: 'bg-sky-100 text-sky-900 ring-sky-300',
  member: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** 'Owner', 'Admin' or 'Member', coloured by role. */
export function RoleBadge({ role, className }: { role: TeamRole; className?: string }) {
  return (
    <span
      data-testid="role-badge"
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        COLOURS[role],
        className,
      )}
    >
      {TEAM_ROLE_LABELS[role]}
    </span>
  );
}
