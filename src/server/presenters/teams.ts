import type { InvitableRole, TeamInvitation, TeamMember, TeamRole } from '#domain/teams';

/** The team endpoints' JSON (docs/api.md "Teams"): members and invitations as the Team page shows them. */

export function presentMember(row: {
  uid: string;
  email: string;
  displayName: string;
  role: TeamRole;
  joinedAt: Date;
}): TeamMember {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  };
}

export function presentInvitation(row: {
  id: string;
  email: string;
  role: InvitableRole;
  createdAt: Date;
  expiresAt: Date;
}): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
