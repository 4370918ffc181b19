import { AppError } from '#domain/errors';
import { daysBetween, INSIGHTS_MESSAGES, type Insights, resolveInsightsRange } from '#domain/insights';
import { TEAM_MESSAGES } from '#domain/teams';
import type { Database } from '../db/client.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { presentInsights } from '../presenters/insights.ts';
import { readInsightsFigures } from '../repositories/insights.ts';
import { findTeam } from '../repositories/teams.ts';

/**
 * Insights of the caller's active team (docs/insights.md, decision 0052): any member reads them
 * (members work on every checklist of the team, so its figures are theirs too); paid teams only
 * (free: 403 plan_limit_reached). The range is read in the team's time zone.
 */
export async function readInsights(
  db: Database,
  access: OwnerAccess,
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): Promise<Insights> {
  const team = await findTeam(db, access.teamId);
  if (!team) throw new AppError('not_found', TEAM_MESSAGES.notAMember);
  if (team.tier === 'free')
    throw new AppError('plan_limit_reached', INSIGHTS_MESSAGES.paidOnly, { limit: 0 });
  const range = resolveInsightsRange(query, team.timeZone, now);
  const figures = await readInsightsFigures(db, {
    teamId: team.id,
    timeZone: range.timeZone,
    from: range.from,
    to: range.to,
    days: daysBetween(range.from, range.to),
    startsAt: range.startsAt,
    endsBefore: range.endsBefore,
  });
  return presentInsights(range, figures);
}
