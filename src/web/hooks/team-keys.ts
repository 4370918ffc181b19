/**
 * The team queries' keys, with nothing else in the module: the first chunk (the header's switcher,
 * use-teams.ts) and the team screens' chunks (use-team.ts, use-team-actions.ts) share it. A shared
 * hook module there instead made Rolldown move part of TanStack Query out of the entry chunk into a
 * chunk of its own: +0.5 KiB gzipped on every page's first load, the shared page's included.
 */
export const TEAM_KEY = ['/api/team'] as const;
export const TEAMS_KEY = ['/api/teams'] as const;
