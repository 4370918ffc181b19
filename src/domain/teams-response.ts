import { z } from 'zod';
import { IsoDateTime } from './checklist-response.ts';
import { TIERS } from './plans.ts';
import type { Expect, Same } from './schema-types.ts';
import {
  INVITABLE_ROLES,
  type InvitationPreview,
  type MyTeam,
  TEAM_ROLES,
  type TeamInvitation,
  type TeamListResponse,
  type TeamMember,
  type TeamResponse,
} from './teams.ts';

/** The answers of the team endpoints as zod (docs/api.md "Teams"); the types are in teams.ts. */

export const TeamMemberSchema = z
  .strictObject({
    uid: z.string(),
    email: z.string(),
    displayName: z.string(),
    role: z.enum(TEAM_ROLES),
    joinedAt: IsoDateTime,
  })
  .meta({ id: 'TeamMember', description: 'A member of the team' });

export const TeamInvitationSchema = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    role: z.enum(INVITABLE_ROLES),
    createdAt: IsoDateTime,
    expiresAt: IsoDateTime,
  })
  .meta({ id: 'TeamInvitation', description: 'A pending invitation (it takes a seat)' });

const limit = z.number().int().min(0).nullable();

/** GET /api/team */
export const TeamResponseSchema = z
  .strictObject({
    team: z.strictObject({
      id: z.string(),
      name: z.string(),
      tier: z.enum(TIERS),
      seats: z.strictObject({ used: z.number().int().min(0), limit }),
      storage: z.strictObject({ usedBytes: z.number().int().min(0), limitBytes: limit }),
      timeZone: z.string(),
    }),
    myRole: z.enum(TEAM_ROLES),
    members: z.array(TeamMemberSchema),
    invitations: z.array(TeamInvitationSchema),
  })
  .meta({
    id: 'Team',
    description: 'The active team: plan, seats, storage, members and pending invitations',
  });

/** GET /api/teams */
export const TeamListSchema = z
  .strictObject({
    teams: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        tier: z.enum(TIERS),
        role: z.enum(TEAM_ROLES),
        active: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'TeamList', description: 'The teams I belong to, with my role; one is active' });

/** POST /api/team/invitations (201) and POST /api/team/invitations/{id}/resend */
export const InvitationAnswerSchema = z
  .strictObject({ invitation: TeamInvitationSchema })
  .meta({ id: 'InvitationAnswer', description: 'The invitation, e-mailed' });

/** GET /api/team/join/{token} */
export const InvitationPreviewSchema = z
  .strictObject({
    invitation: z.strictObject({
      teamName: z.string(),
      inviterName: z.string(),
      email: z.string(),
      role: z.enum(INVITABLE_ROLES),
      state: z.enum(['pending', 'used', 'expired']),
      expiresAt: IsoDateTime,
    }),
  })
  .meta({ id: 'InvitationPreview', description: 'What the join page says before anyone signs in' });

export type TeamSchemasMatchTypes = [
  Expect<Same<z.infer<typeof TeamMemberSchema>, TeamMember>>,
  Expect<Same<z.infer<typeof TeamInvitationSchema>, TeamInvitation>>,
  Expect<Same<z.infer<typeof TeamResponseSchema>, TeamResponse>>,
  Expect<Same<z.infer<typeof TeamListSchema>, TeamListResponse>>,
  Expect<Same<z.infer<typeof TeamListSchema>['teams'][number], MyTeam>>,
  Expect<Same<z.infer<typeof InvitationPreviewSchema>['invitation'], InvitationPreview>>,
];
