import type { TeamPerson } from './teams.ts';
import { userInitials } from './user.ts';

/**
 * The words of working together on a team's checklists (issue 29): who made a checklist, who it is
 * assigned to, and the dashboard's filter. Zod-free: the dashboard's first chunk reads them, and the
 * browser tests look for the same words.
 */

export const ASSIGNMENT_TEXTS = {
  /** The label of the field that chooses who works on a checklist. */
  assignee: 'Assignee',
  unassigned: 'Unassigned',
  /** The name of the dashboard's filter (its two choices are ASSIGNMENT_FILTER_LABELS). */
  filter: 'Show checklists',
  nothingAssigned: 'Nothing is assigned to you',
  nothingAssignedHint: 'When someone on your team assigns you a checklist, it shows up here.',
  showAll: 'Show all checklists',
  /** The assignee menu while the team's members are not known. */
  membersLoading: 'Loading your team…',
  membersFailed: 'Your team could not be loaded.',
  /** An assignee who is no longer a member of the team (the server keeps their name). */
  formerMember: 'no longer in the team',
} as const;

/** The dashboard's filter: every checklist of the active team, or those assigned to me. */
export const ASSIGNMENT_FILTERS = ['all', 'mine'] as const;
export type AssignmentFilter = (typeof ASSIGNMENT_FILTERS)[number];

export const ASSIGNMENT_FILTER_LABELS: Record<AssignmentFilter, string> = {
  all: 'All',
  mine: 'Assigned to me',
};

/** The dashboard's query parameter that keeps the filter (`/dashboard?filter=mine`). */
export const ASSIGNMENT_FILTER_PARAM = 'filter';

/** The filter a query parameter names; null when it names none (or something else). */
export function parseAssignmentFilter(value: string | null | undefined): AssignmentFilter | null {
  return value === 'all' || value === 'mine' ? value : null;
}

/** Whether a checklist is assigned to this person. */
export function isAssignedTo(checklist: { assignee: TeamPerson | null }, uid: string | null): boolean {
  return uid !== null && checklist.assignee?.uid === uid;
}

/** A person as the viewer reads them: 'you' for themself, else their name. */
function personName(person: TeamPerson, viewerUid: string | null): string {
  if (person.uid === viewerUid) return 'you';
  return person.displayName.trim() || 'a former member';
}

/** 'By Ana' (who made the checklist), 'By you' for the viewer's own. */
export function createdByText(person: TeamPerson, viewerUid: string | null): string {
  return `By ${personName(person, viewerUid)}`;
}

/** 'Created by Ana Lopez', 'Created by you': the checklist's own page, beside its Assignee. */
export function createdByLine(person: TeamPerson, viewerUid: string | null): string {
  return `Created by ${personName(person, viewerUid)}`;
}

/** The name alone, as a phone's assignee chip shows it: 'Ben Ortiz', 'You'. */
export function personLabel(person: TeamPerson, viewerUid: string | null): string {
  return person.uid === viewerUid ? 'You' : personName(person, viewerUid);
}

/** 'Assigned to Ben', 'Assigned to you'. */
export function assignedToText(person: TeamPerson, viewerUid: string | null): string {
  return `Assigned to ${personName(person, viewerUid)}`;
}

/** The initials of a person's avatar chip ('Ben Ortiz' → 'BO'); '?' for a name with no letters. */
export function personInitials(person: TeamPerson): string {
  return userInitials({ displayName: person.displayName, email: '' }) || '?';
}
