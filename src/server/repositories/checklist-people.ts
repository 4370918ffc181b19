import { sql } from 'drizzle-orm';

/**
 * The names of a checklist's people, read in the statement that reads the checklist (no second round
 * trip): the member who made it and the one it is assigned to (docs/teams.md). Static SQL over the
 * `checklists` row in scope: Drizzle would leave the inner columns unqualified.
 */
export const PEOPLE_OF_CHECKLIST = {
  createdByName: sql<
    string | null
  >`(select u."display_name" from "users" u where u."id" = "checklists"."user_id")`,
  assigneeName: sql<
    string | null
  >`(select u."display_name" from "users" u where u."id" = "checklists"."assignee_uid")`,
};
