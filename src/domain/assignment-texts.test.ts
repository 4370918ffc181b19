import { describe, expect, it } from 'vitest';
import {
  assignedToText,
  createdByLine,
  createdByText,
  isAssignedTo,
  parseAssignmentFilter,
  personInitials,
  personLabel,
} from './assignment-texts.ts';

const ANA = { uid: 'u_ana', displayName: 'Ana Lopez' };

describe('the words of assignment', () => {
  it('names the creator and the assignee, and the viewer as you', () => {
    expect(createdByText(ANA, 'u_ben')).toBe('By Ana Lopez');
    expect(createdByText(ANA, 'u_ana')).toBe('By you');
    expect(assignedToText(ANA, 'u_ben')).toBe('Assigned to Ana Lopez');
    expect(assignedToText(ANA, 'u_ana')).toBe('Assigned to you');
    expect(assignedToText({ uid: 'u_x', displayName: '  ' }, null)).toBe('Assigned to a former member');
    expect(createdByLine(ANA, 'u_ben')).toBe('Created by Ana Lopez');
    expect(createdByLine(ANA, 'u_ana')).toBe('Created by you');
    expect(personLabel(ANA, 'u_ben')).toBe('Ana Lopez');
    expect(personLabel(ANA, 'u_ana')).toBe('You');
  });

  it('reads the filter from the query only when it is one of the two', () => {
    expect(parseAssignmentFilter('mine')).toBe('mine');
    expect(parseAssignmentFilter('all')).toBe('all');
    expect(parseAssignmentFilter('MINE')).toBeNull();
    expect(parseAssignmentFilter(null)).toBeNull();
  });

  it('tells a checklist assigned to me from one assigned to another or to nobody', () => {
    expect(isAssignedTo({ assignee: ANA }, 'u_ana')).toBe(true);
    expect(isAssignedTo({ assignee: ANA }, 'u_ben')).toBe(false);
    expect(isAssignedTo({ assignee: null }, 'u_ana')).toBe(false);
    // Signed out (no uid): nothing is mine.
    expect(isAssignedTo({ assignee: ANA }, null)).toBe(false);
  });

  it('gives the chip its initials', () => {
    expect(personInitials(ANA)).toBe('AL');
    expect(personInitials({ uid: 'u', displayName: 'ben' })).toBe('B');
    expect(personInitials({ uid: 'u', displayName: '' })).toBe('?');
  });
});
