import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, RotateCw, UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { ASSIGNMENT_TEXTS } from '#domain/assignment-texts';
import type { TeamMember, TeamPerson } from '#domain/teams';
import { useAuth } from '../../hooks/use-auth.tsx';
import { useTeam } from '../../hooks/use-team.ts';
import { cn } from '../../lib/cn.ts';
import { PersonInitials } from '../person-initials.tsx';
import { type StandInHandoff, takeOver } from '../ui/menu-handoff.ts';
import { AssigneeButton, type AssigneeButtonLook } from './assignee-button.tsx';

/**
 * The Assignee menu (a chunk of its own, assignee-picker.tsx): 'Unassigned' and the active team's
 * members, one of them chosen. A choice is made on purpose (a click, Enter), never by moving through
 * the list: each one assigns, and tells the person it names.
 */

export interface AssigneeMenuProps {
  value: TeamPerson | null;
  onChange(person: TeamPerson | null): void;
  look: AssigneeButtonLook;
  disabled?: boolean | undefined;
  /** What was done to the stand-in button before this code arrived. */
  handoff?: StandInHandoff;
}

const ITEM =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg py-2 ps-2 pe-3 text-sm text-slate-800 outline-none select-none data-disabled:cursor-default data-disabled:text-slate-500 data-highlighted:bg-slate-100';

/** The radio value of 'Unassigned' (a uid is never empty). */
const NOBODY = '';

function byName(a: TeamMember, b: TeamMember): number {
  return a.displayName.localeCompare(b.displayName, undefined, { sensitivity: 'base' });
}

export function AssigneeMenu({ value, onChange, look, disabled, handoff }: AssigneeMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  // After Radix's own effects (its children's), so the press reaches a menu that listens.
  useEffect(() => takeOver(button.current, handoff), [handoff]);
  const team = useTeam();
  // The signed-in person: '(you)' beside them.
  const viewerUid = useAuth().user?.uid ?? null;
  const members = [...(team.data?.members ?? [])].sort(byName);
  // Someone the checklist still names who has left the team: shown, so the choice is not a blank.
  const former = value && team.data && !members.some((member) => member.uid === value.uid) ? value : null;

  function choose(uid: string) {
    if (uid === (value?.uid ?? NOBODY)) return;
    const member = members.find((item) => item.uid === uid);
    onChange(member ? { uid: member.uid, displayName: member.displayName } : null);
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild disabled={disabled}>
        <AssigneeButton ref={button} value={value} look={look} disabled={disabled} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          // Named for what it chooses; Radix would name it after its button, value and all.
          aria-labelledby={undefined}
          aria-label={ASSIGNMENT_TEXTS.assignee}
          className={cn(
            'z-50 max-h-[min(24rem,70vh)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg',
            // A form's field: as wide as the field; on the checklist's page, room for a long name.
            look === 'field'
              ? 'w-(--radix-dropdown-menu-trigger-width) min-w-56'
              : 'w-[min(20rem,calc(100vw-1rem))]',
          )}
        >
          <DropdownMenu.RadioGroup value={value?.uid ?? NOBODY} onValueChange={choose}>
            <Choice value={NOBODY} mark={<UserRound className="h-5 w-5 text-slate-400" aria-hidden="true" />}>
              {ASSIGNMENT_TEXTS.unassigned}
            </Choice>
            {former && (
              <Choice value={former.uid} mark={<PersonInitials person={former} />} disabled>
                {former.displayName}
                <span className="text-xs text-slate-500"> ({ASSIGNMENT_TEXTS.formerMember})</span>
              </Choice>
            )}
            {members.map((member) => (
              <Choice key={member.uid} value={member.uid} mark={<PersonInitials person={member} />}>
                {member.displayName}
                {member.uid === viewerUid && <span className="text-slate-500"> (you)</span>}
              </Choice>
            ))}
          </DropdownMenu.RadioGroup>
          <TeamState team={team} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Choice({
  value,
  mark,
  disabled,
  children,
}: {
  value: string;
  mark: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.RadioItem value={value} disabled={disabled} className={ITEM}>
      {mark}
      <span dir="auto" className="min-w-0 flex-1 truncate">
        {children}
      </span>
      <DropdownMenu.ItemIndicator className="shrink-0 text-indigo-600">
        <Check className="h-4 w-4" aria-hidden="true" />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}

/** While the members are on their way, or could not be had: 'Unassigned' still works. */
function TeamState({ team }: { team: ReturnType<typeof useTeam> }) {
  if (team.data) return null;
  if (team.isError) {
    return (
      <>
        <p role="status" className="px-3 pt-2 pb-1 text-xs text-slate-600">
          {ASSIGNMENT_TEXTS.membersFailed}
        </p>
        <DropdownMenu.Item
          onSelect={(event) => {
            event.preventDefault();
            void team.refetch();
          }}
          className={cn(ITEM, 'text-indigo-700')}
        >
          <RotateCw className="h-4 w-4" aria-hidden="true" />
          Try again
        </DropdownMenu.Item>
      </>
    );
  }
  return (
    <p role="status" className="px-3 py-2 text-xs text-slate-600">
      {ASSIGNMENT_TEXTS.membersLoading}
    </p>
  );
}
