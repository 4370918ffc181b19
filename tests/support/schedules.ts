import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ScheduleInput } from '#domain/schedules';
import type { Schedule } from '#domain/schedules-response';
import type { TeamRole } from '#domain/teams';
import type { Database } from '#server/db/client';
import { addToTeam } from './access-rows.ts';
import { type Owner, signInOwner } from './checklists.ts';
import { ownedTeamId, setOwnedTeamTier } from './teams.ts';

/** Recurring schedules in API tests (tests/api/schedules*.test.ts). */

export const TURNOVER = 'builtin-short-stay-turnover';

/** A valid POST /api/schedules body: every Monday at 08:00 in Paris, from the turnover template. */
export function scheduleBody(overrides: Partial<ScheduleInput> = {}): ScheduleInput {
  return {
    templateId: TURNOVER,
    name: 'Weekly round',
    recurrence: { frequency: 'weekly', byWeekday: ['MO'], time: '08:00', timezone: 'Europe/Paris' },
    ...overrides,
  };
}

/** An owner whose team is on Professional. */
export async function paidOwner(app: FastifyInstance, db: Database, label = 'owner'): Promise<Owner> {
  const owner = await signInOwner(app, label);
  await setOwnedTeamTier(db, owner.uid, 'professional');
  return owner;
}

/** Someone who joined the owner's team with this role and works in it (their active team). */
export async function colleagueOf(
  app: FastifyInstance,
  db: Database,
  owner: Owner,
  role: TeamRole,
  label: string = role,
): Promise<Owner> {
  const colleague = await signInOwner(app, label);
  const teamId = await ownedTeamId(db, owner.uid);
  await addToTeam(db, teamId, colleague.uid, role);
  const switched = await colleague.call('POST', '/api/teams/active', { teamId });
  expect(switched.statusCode, switched.body).toBe(200);
  return colleague;
}

export async function createSchedule(
  owner: Owner,
  overrides: Partial<ScheduleInput> = {},
): Promise<Schedule> {
  const response = await owner.call('POST', '/api/schedules', scheduleBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().schedule;
}

export async function schedulesOf(owner: Owner): Promise<Schedule[]> {
  const response = await owner.call('GET', '/api/schedules');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().schedules;
}
