import { personInitials } from '#domain/assignment-texts';
import type { TeamPerson } from '#domain/teams';
import { cn } from '../lib/cn.ts';

/**
 * A team member's round initials (who made a checklist, who it is assigned to): a colour of their
 * own, the same on every screen, so a glance down the dashboard tells people apart. Decorative: their
 * name is always written beside it (or in its accessible name).
 */

/** Light backgrounds with text dark enough for 4.5:1 at the chip's small size. */
const COLOURS = [
  'bg-indigo-100 text-indigo-800',
  'bg-emerald-100 text-emerald-800',
  'bg-amber-100 text-amber-900',
  'bg-sky-100 text-sky-800',
  'bg-rose-100 text-rose-800',
  'bg-violet-100 text-violet-800',
  'bg-teal-100 text-teal-800',
  'bg-orange-100 text-orange-900',
] as const;

/** The same colour for the same person, wherever they appear. */
function colourOf(uid: string): string {
  let hash = 0;
  for (const character of uid) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length] as string;
}

export function PersonInitials({ person, className }: { person: TeamPerson; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="person-initials"
      className={cn(
        'inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-[10px] leading-none font-semibold select-none',
        colourOf(person.uid),
        className,
      )}
    >
      {personInitials(person)}
    </span>
  );
}
