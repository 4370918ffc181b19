import { z } from 'zod';
import { ID_MAX } from './checklist.ts';
import { INVITABLE_ROLES, TEAM_ROLES } from './teams.ts';
import { timeZoneName } from './time-zone-name.ts';
import { EmailAddress } from './user-input.ts';

/** Request schemas of the team endpoints (docs/api.md "Teams"). */

const roleError = { error: 'Role must be admin or member' };

/** POST /api/team/invitations */
export const InvitationInput = z.object({
  email: EmailAddress,
  role: z.enum(INVITABLE_ROLES, roleError),
});
export type InvitationInput = z.infer<typeof InvitationInput>;

/** PATCH /api/team/members/{uid}: 'owner' hands ownership over (the owner only; they become an admin). */
export const MemberRoleInput = z.object({
  role: z.enum(TEAM_ROLES, { error: 'Role must be owner, admin or member' }),
});
export type MemberRoleInput = z.infer<typeof MemberRoleInput>;

/** PATCH /api/team: the team's settings (owners and admins). */
export const TeamSettingsInput = z.strictObject({ timeZone: timeZoneName('timeZone') });
export type TeamSettingsInput = z.infer<typeof TeamSettingsInput>;

/** POST /api/teams/active */
export const ActiveTeamInput = z.object({ teamId: z.string().min(1).max(ID_MAX) });

/**
 * An invitation's token as the link carries it: 22 URL-safe characters (128 random bits); anything
 * else is not one of ours and is answered like an unknown token.
 */
export const InvitationToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, { error: 'Invalid invitation link' });

/** POST /api/team/join */
export const JoinTeamInput = z.object({ token: InvitationToken });

export const InvitationTokenParams = z.object({ token: InvitationToken });
export const InvitationParams = z.object({ id: z.string().min(1).max(ID_MAX) });
export const MemberParams = z.object({ uid: z.string().min(1).max(200) });

/** PATCH /api/checklists/{id} {assigneeUid}: a member of the checklist's team, or null to clear it. */
export const AssigneeUid = z.string().min(1).max(200).nullable();
