import { sql } from 'drizzle-orm';

/**
 * The names of a checklist's people, read in the statement that reads the checklist (no second round
 * trip): the member who made it and the one it is assigned to (docs/teams.md), by their name, else
 * their address (never empty: the team sees both in its member list). Static SQL over the
 * `checklists` row in scope: Drizzle would leave the inner columns unqualified.
 */
const nameOf = (column: string) =>
  sql<
    string | null
  >`(select coalesce(nullif(u."display_name", ''), u."email") from "users" u where u."id" = "checklists".${sql.raw(`"${column}"`)})`;

export const PEOPLE_OF_CHECKLIST = {
  createdByName: nameOf('user_id'),
  assigneeName: nameOf('assignee_uid'),
};
