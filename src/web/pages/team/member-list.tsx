import { Crown, UserMinus } from 'lucide-react';
import { shortDate } from '#domain/dates';
import {
  canManageMembers,
  type InvitableRole,
  TEAM_ROLES,
  type TeamMember,
  type TeamResponse,
} from '#domain/teams';
import { userInitials } from '#domain/user';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useChangeRole, useRemoveMember } from '../../hooks/use-team-actions.ts';
import type { Ask } from './confirmation.tsx';
import { InvitableRoleSelect, RoleBadge } from './roles.tsx';

const nameOf = (member: TeamMember) => member.displayName.trim() || member.email;

/** The owner first, then admins, then members; each group in the order they joined. */
function byRole(a: TeamMember, b: TeamMember): number {
  return TEAM_ROLES.indexOf(a.role) - TEAM_ROLES.indexOf(b.role) || a.joinedAt.localeCompare(b.joinedAt);
}

/**
 * The team's members: name, e-mail, role and when they joined. The owner and admins change roles
 * and remove people here; the owner also hands ownership over. Members see the list as it is.
 */
export function MemberList({ data, myUid, ask }: { data: TeamResponse; myUid: string; ask: Ask }) {
  const members = [...data.members].sort(byRole);
  return (
    <Card className="mt-6 p-5" role="region" aria-labelledby="team-members-title">
      <h2 id="team-members-title" className="text-base font-semibold text-slate-900">
        Members <span className="font-normal text-slate-500">({members.length})</span>
      </h2>
      <ul aria-label="Members" className="mt-2 divide-y divide-slate-100">
        {members.map((member) => (
          <MemberRow key={member.uid} member={member} data={data} isMe={member.uid === myUid} ask={ask} />
        ))}
      </ul>
    </Card>
  );
}

function MemberRow({
  member,
  data,
  isMe,
  ask,
}: {
  member: TeamMember;
  data: TeamResponse;
  isMe: boolean;
  ask: Ask;
}) {
  const manage = canManageMembers(data.myRole) && !isMe && member.role !== 'owner';
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4" data-testid="member">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-800"
        >
          {userInitials(member)}
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">
            <bdi>{nameOf(member)}</bdi>
            {isMe && <span className="font-normal text-slate-500"> (you)</span>}
          </p>
          <p className="truncate text-sm text-slate-600">{member.email}</p>
          <p className="text-xs text-slate-500">
            Joined <time dateTime={member.joinedAt}>{shortDate(new Date(member.joinedAt))}</time>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 ps-13 sm:justify-end sm:ps-0">
        {manage ? <RoleSelect member={member} /> : <RoleBadge role={member.role} />}
        {manage && <MemberActions member={member} data={data} ask={ask} />}
      </div>
    </li>
  );
}

/** Admin or member, changed at once (the server answers the team as it now is). */
function RoleSelect({ member }: { member: TeamMember }) {
  const change = useChangeRole();
  const mine = change.isPending && change.variables.member.uid === member.uid;
  // Only members who are not the owner get the select (MemberRow): their role is one an admin may give.
  const shown = (mine ? change.variables.role : member.role) as InvitableRole;
  // FIELD is full width: its box gives it the width of its longest role.
  return (
    <span className="inline-block w-32">
      <InvitableRoleSelect
        aria-label={`Role of ${nameOf(member)}`}
        value={shown}
        disabled={mine}
        aria-busy={mine || undefined}
        onRole={(role) => change.mutate({ member, role })}
        className="h-9 py-0 text-sm"
      />
    </span>
  );
}

function MemberActions({ member, data, ask }: { member: TeamMember; data: TeamResponse; ask: Ask }) {
  const change = useChangeRole();
  const remove = useRemoveMember();
  const name = nameOf(member);
  const team = data.team.name;
  return (
    <>
      {data.myRole === 'owner' && (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Make owner: ${name}`}
          onClick={() =>
            ask({
              title: `Make ${name} the owner?`,
              description: `${name} will own ${team}: its plan, its billing and everyone's roles. You will become an admin, and only ${name} can hand ownership back.`,
              confirmLabel: 'Make owner',
              run: () => change.mutateAsync({ member, role: 'owner' }),
            })
          }
        >
          <Crown className="h-4 w-4" aria-hidden="true" />
          Make owner
        </Button>
      )}
      <Button
        variant="destructive-ghost"
        size="sm"
        aria-label={`Remove ${name}`}
        onClick={() =>
          ask({
            title: `Remove ${name}?`,
            description: `${name} loses access to ${team} and its checklists at once. The checklists they made stay with the team, and their seat is free again.`,
            confirmLabel: 'Remove',
            destructive: true,
            run: () => remove.mutateAsync(member),
          })
        }
      >
        <UserMinus className="h-4 w-4" aria-hidden="true" />
        Remove
      </Button>
    </>
  );
}
