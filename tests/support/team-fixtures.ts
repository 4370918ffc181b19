import type { Checklist, Task } from '#domain/checklist';
import type { TeamMember, TeamPerson, TeamResponse, TeamRole } from '#domain/teams';

/**
 * People, a team and a checklist for the web's component tests of working together (issue 29): the
 * answers of GET /api/team and of a checklist as the contract has them.
 */

export const ANA: TeamPerson = { uid: 'u_ana', displayName: 'Ana Lopez' };
export const BEN: TeamPerson = { uid: 'u_ben', displayName: 'Ben Ortiz' };
export const CARA: TeamPerson = { uid: 'u_cara', displayName: 'Cara Diaz' };

/** Ana as GET /api/auth/me answers her: the signed-in person of these tests. */
export const ANA_USER = { uid: ANA.uid, email: 'ana@example.com', displayName: ANA.displayName };

export function teamMember(person: TeamPerson, role: TeamRole = 'member'): TeamMember {
  return { ...person, email: `${person.uid}@example.com`, role, joinedAt: '2026-01-01T00:00:00.000Z' };
}

/** GET /api/team: a professional team of these people (the first its owner), Ana's role as given. */
export function teamResponse(
  people: TeamPerson[] = [CARA, ANA, BEN],
  myRole: TeamRole = 'owner',
): TeamResponse {
  return {
    team: {
      id: 'team_1',
      name: 'Harbour cleaning',
      tier: 'professional',
      seats: { used: people.length, limit: 10 },
      storage: { usedBytes: 0, limitBytes: null },
      timeZone: 'UTC',
    },
    myRole,
    members: people.map((person, index) => teamMember(person, index === 0 ? 'owner' : 'member')),
    invitations: [],
  };
}

export function taskFixture(id: string, description: string): Task {
  return {
    id,
    description,
    completed: false,
    photoRequired: false,
    photoUrl: null,
    referencePhotoUrl: null,
    details: '',
    completedAt: null,
    redoNote: null,
    photoCapturedAt: null,
    photoReceivedAt: null,
    photoCaptureSource: null,
    photoLocation: null,
  };
}

/** 'Cabin turnover', made by Cara, assigned to nobody, with no tasks unless given. */
export function checklistFixture(overrides: Partial<Checklist> = {}): Checklist {
  return {
    id: 'checklist_1',
    name: 'Cabin turnover',
    status: 'not-started',
    progress: 0,
    tasks: [],
    remarks: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    userId: ANA.uid,
    createdBy: CARA,
    assignee: null,
    version: 1,
    submittedAt: null,
    dueAt: null,
    overdue: false,
    cancelled: false,
    approvedAt: null,
    approvedBy: null,
    requireSignature: false,
    signature: null,
    address: null,
    addressLocation: null,
    ...overrides,
  };
}
