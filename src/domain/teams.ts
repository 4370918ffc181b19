import { PLAN_LIMITS, type Tier } from './plans.ts';

/**
 * Teams (docs/teams.md, docs/decisions/0040): every owner has one from the first sign-in, a person may
 * belong to several, and the plan, its limits and its storage belong to the team. Types and pure rules
 * here (zod-free, so the header's switcher does not carry zod); request schemas in team-input.ts,
 * answers in teams-response.ts.
 */

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Roles an invitation or a role change may give: ownership only moves by handing it over. */
export const INVITABLE_ROLES = ['admin', 'member'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export const TEAM_ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Billing, roles and everything an admin does',
  admin: 'Invites and removes members, works on every checklist',
  member: 'Creates checklists and works on every checklist of the team',
};

export const TEAM_LIMITS = {
  /** An invitation's link works this long, once. */
  invitationDays: 7,
  nameMax: 100,
} as const;

/** A person as a checklist names them: who made it, who it is assigned to. */
export interface TeamPerson {
  uid: string;
  displayName: string;
}

export interface TeamMember {
  uid: string;
  email: string;
  displayName: string;
  role: TeamRole;
  joinedAt: string;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: InvitableRole;
  createdAt: string;
  expiresAt: string;
}

export interface TeamSummary {
  id: string;
  name: string;
  tier: Tier;
  /** Members plus pending invitations, and the plan's seats (null: unlimited). */
  seats: { used: number; limit: number | null };
  /** Photo bytes kept for the team's checklists, and the plan's storage (null: unlimited). */
  storage: { usedBytes: number; limitBytes: number | null };
  /** The IANA zone the team's days are counted in (insights); owners and admins set it. */
  timeZone: string;
}

/** GET /api/team: the active team. */
export interface TeamResponse {
  team: TeamSummary;
  myRole: TeamRole;
  members: TeamMember[];
  invitations: TeamInvitation[];
}

/** A row of GET /api/teams: a team I belong to, with my role there. */
export interface MyTeam {
  id: string;
  name: string;
  tier: Tier;
  role: TeamRole;
  active: boolean;
}

export interface TeamListResponse {
  teams: MyTeam[];
}

/** What GET /api/team/join/{token} tells the join page before anyone signs in. */
export type InvitationState = 'pending' | 'used' | 'expired';

export interface InvitationPreview {
  teamName: string;
  inviterName: string;
  email: string;
  role: InvitableRole;
  state: InvitationState;
  expiresAt: string;
}

/** Who may manage the team's people (invite, withdraw, resend, change roles, remove). */
export function canManageMembers(role: TeamRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** Who may pay and change the plan. */
export function canManageBilling(role: TeamRole): boolean {
  return role === 'owner';
}

/** The plan's seats: null when unlimited. */
export function seatLimit(tier: Tier): number | null {
  return PLAN_LIMITS[tier].maxSeats;
}

/** Whether one more seat (an invitation) fits: members and pending invitations count. */
export function hasFreeSeat(tier: Tier, used: number): boolean {
  const limit = seatLimit(tier);
  return limit === null || used < limit;
}

/** The name a new team gets: its first owner's ('Ana Lopez's team'), else the e-mail's local part. */
export function defaultTeamName(displayName: string, email: string): string {
  const who = displayName.trim() || email.split('@')[0] || 'My';
  const name = `${who}'s team`;
  return name.length <= TEAM_LIMITS.nameMax ? name : `${name.slice(0, TEAM_LIMITS.nameMax - 1)}…`;
}

export const TEAM_MESSAGES = {
  forbidden: 'Only the team owner and admins can manage members.',
  settingsForbidden: 'Only the team owner and admins can change the team’s settings.',
  billingOwnerOnly: 'Only the team owner can change the plan or billing.',
  seatLimitReached: (limit: number) =>
    `Your plan includes ${limit === 1 ? '1 user' : `${limit} team members`}. Upgrade to invite more people.`,
  overSeatLimit: (used: number, limit: number) =>
    `Your team uses ${used} seats, more than the ${limit === 1 ? '1 user' : `${limit} team members`} your plan includes. Nobody was removed, but new invitations are paused until the team is within the limit.`,
  alreadyMember: 'This person is already a member of the team.',
  alreadyInvited: 'This address already has a pending invitation. Resend it instead.',
  invitationNotFound: 'Invitation not found',
  invitationExpired: 'This invitation was already used, withdrawn or has expired. Ask for a new one.',
  emailMismatch: (email: string) => `This invitation is for ${email}. Sign in with that address to join.`,
  memberNotFound: 'Member not found',
  ownerCannotLeave: 'Hand over ownership to another member before you leave the team.',
  oneOwner: 'A team has exactly one owner. Use “Make owner” to hand ownership over.',
  notAMember: 'You are not a member of this team.',
  removedFromTeam:
    'You no longer have access to this team. Changes you made offline to its checklists were not saved.',
  assigneeNotMember: 'The assignee must be a member of this checklist’s team.',
} as const;
