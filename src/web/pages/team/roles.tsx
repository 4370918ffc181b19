import type { ComponentProps } from 'react';
import { INVITABLE_ROLES, type InvitableRole, TEAM_ROLE_LABELS, type TeamRole } from '#domain/teams';
import { FIELD } from '../../components/ui/field.tsx';
import { cn } from '../../lib/cn.ts';

/** A role as the Team page shows it (a badge) and chooses it (a select of the roles one may give). */

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

/** Admin or Member: the roles an invitation or a role change may give (ownership is handed over). */
export function InvitableRoleSelect({
  value,
  onRole,
  className,
  ...props
}: Omit<ComponentProps<'select'>, 'value' | 'onChange'> & {
  value: InvitableRole;
  onRole(role: InvitableRole): void;
}) {
  return (
    <select
      value={value}
      onChange={(event) => onRole(event.target.value as InvitableRole)}
      className={cn(FIELD, className)}
      {...props}
    >
      {INVITABLE_ROLES.map((role) => (
        <option key={role} value={role}>
          {TEAM_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}
