import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TemplateTask } from '#domain/templates';
import type { Database } from '../db/client.ts';
import { checklists, checklistTemplates } from '../db/schema/index.ts';
import { isInTeamsOf } from './access.ts';

/**
 * An owner's own templates (checklist_templates). Every statement is scoped by the owner, so another
 * owner's template reads as absent. Built-in templates are constants (domain/built-in-templates.ts).
 */

const taskCount = sql<number>`cast(jsonb_array_length(${checklistTemplates.tasks}) as int)`.mapWith(Number);

const summaryColumns = {
  id: checklistTemplates.id,
  name: checklistTemplates.name,
  taskCount,
};

const ownedBy = (userId: string, templateId: string) =>
  and(eq(checklistTemplates.id, templateId), eq(checklistTemplates.userId, userId));

/** The owner's templates, newest first. */
export async function listOwnTemplates(db: Database, userId: string) {
  return db
    .select(summaryColumns)
    .from(checklistTemplates)
    .where(eq(checklistTemplates.userId, userId))
    .orderBy(desc(checklistTemplates.createdAt), desc(checklistTemplates.id));
}

export async function countOwnTemplates(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(checklistTemplates)
    .where(eq(checklistTemplates.userId, userId));
  return row?.n ?? 0;
}

/**
 * The checklist's tasks as a template's, in order: description, details and photo rule, nothing of
 * their state (ticks, photos, times).
 */
const CHECKLIST_TASKS_AS_TEMPLATE = sql.raw(`(
  select coalesce(jsonb_agg(jsonb_build_object(
    'description', t.description,
    'details', t.details,
    'photoRequired', t.photo_required
  ) order by t.position, t.id), '[]'::jsonb)
  from tasks t where t.checklist_id = "checklists"."id"
)`);

/**
 * Saves the owner's checklist as a template, in one statement (the checklist's tasks copied by the
 * database); named `name`, else the checklist's name. Undefined when the checklist is out of reach.
 */
export async function insertTemplateFromChecklist(
  db: Database,
  template: { id: string; userId: string; checklistId: string; name: string | undefined },
) {
  const name = template.name === undefined ? sql`${checklists.name}` : sql`cast(${template.name} as text)`;
  const [row] = await db
    .insert(checklistTemplates)
    // Columns in the table's order: id, user_id, name, tasks, created_at.
    .select(
      // The template is the saver's, whoever in the team made the checklist (docs/teams.md).
      sql`select cast(${template.id} as text), cast(${template.userId} as text), ${name}, ${CHECKLIST_TASKS_AS_TEMPLATE}, now() from ${checklists} where ${and(eq(checklists.id, template.checklistId), isInTeamsOf(template.userId))}`,
    )
    .returning(summaryColumns);
  return row;
}

/** The owner's template with its tasks; undefined when it is not theirs or not there. */
export async function readOwnTemplate(
  db: Database,
  userId: string,
  templateId: string,
): Promise<{ name: string; tasks: TemplateTask[] } | undefined> {
  const [row] = await db
    .select({ name: checklistTemplates.name, tasks: checklistTemplates.tasks })
    .from(checklistTemplates)
    .where(ownedBy(userId, templateId));
  return row;
}

/** Deletes the owner's template; whether there was one. */
export async function deleteOwnTemplate(db: Database, userId: string, templateId: string) {
  const deleted = await db
    .delete(checklistTemplates)
    .where(ownedBy(userId, templateId))
    .returning({ id: checklistTemplates.id });
  return deleted.length > 0;
}
