import { TEAM_MESSAGES } from '#domain/teams';
import { isApiError } from '../lib/api.ts';

/**
 * The refusal a person meets once they are no longer a member of a checklist's team (removed, or they
 * left): 404 with TEAM_MESSAGES.removedFromTeam to anything sent for its checklists. Apart from
 * send-failures.ts, which the app's entry holds: the team's words come with the code that tells them
 * (queue-effects.ts, the checklist's page, the editor's save), not with every page's first load.
 */
export function isRemovedFromTeam(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.serverMessage === TEAM_MESSAGES.removedFromTeam;
}
