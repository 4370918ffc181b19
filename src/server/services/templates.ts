import {
  BUILT_IN_TEMPLATES,
  builtInTemplate,
  isBuiltInTemplateId,
  summarizeBuiltIn,
} from '#domain/built-in-templates';
import type { Checklist } from '#domain/checklist';
import { AppError } from '#domain/errors';
import {
  type ChecklistFromTemplateData,
  duplicateName,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  type TemplateInput,
  type TemplateSummary,
  type TemplateTask,
} from '#domain/templates';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { presentOwnTemplate } from '../presenters/templates.ts';
import { readChecklistRow } from '../repositories/checklists.ts';
import {
  countOwnTemplates,
  deleteOwnTemplate,
  insertTemplateFromChecklist,
  listOwnTemplates,
  readOwnTemplate,
} from '../repositories/templates.ts';
import { lockUser } from '../repositories/users.ts';
import { insertWithinPlanLimit } from './checklists.ts';

/**
 * Templates and copies (issue 17): what a new checklist takes from a template or from the checklist
 * it copies is its work (tasks in order, their details and photo rules), never its state (ticks,
 * photos, remarks, shares, the remarks' language). Making a checklist either way counts against the
 * plan's limit like creating one; templates themselves do not, and have a cap of their own.
 */

export const TEMPLATE_NOT_FOUND = 'Template not found';

function templateNotFound(): AppError {
  return new AppError('not_found', TEMPLATE_NOT_FOUND);
}

/** The built-in templates, then the owner's own, newest first. */
export async function listTemplates(db: Database, access: OwnerAccess): Promise<TemplateSummary[]> {
  const own = await listOwnTemplates(db, access.userId);
  return [...BUILT_IN_TEMPLATES.map(summarizeBuiltIn), ...own.map(presentOwnTemplate)];
}

/**
 * Saves the owner's checklist as a template (its current tasks, copied in the same statement). The
 * owner's row is locked first, so two saves at once cannot both pass the cap.
 */
export async function saveAsTemplate(
  db: Database,
  access: OwnerAccess,
  input: TemplateInput,
): Promise<TemplateSummary> {
  return db.transaction(async (tx) => {
    // Saves of one person queue here, so each counts what the ones before it committed.
    if (!(await lockUser(tx, access.userId))) throw new AppError('unauthenticated', 'Please sign in again.');
    if ((await countOwnTemplates(tx, access.userId)) >= TEMPLATE_LIMITS.perOwner) {
      throw new AppError('template_limit_reached', TEMPLATE_MESSAGES.limitReached, {
        limit: TEMPLATE_LIMITS.perOwner,
      });
    }
    const saved = await insertTemplateFromChecklist(tx, {
      id: newId('template'),
      userId: access.userId,
      checklistId: input.fromChecklistId,
      name: input.name,
    });
    if (!saved) throw checklistNotFound();
    return presentOwnTemplate(saved);
  });
}

/** Deletes one of the owner's templates; a built-in one cannot be, another owner's is not found. */
export async function deleteTemplate(db: Database, access: OwnerAccess, templateId: string): Promise<void> {
  if (builtInTemplate(templateId)) throw new AppError('forbidden', TEMPLATE_MESSAGES.builtInReadOnly);
  if (!(await deleteOwnTemplate(db, access.userId, templateId))) throw templateNotFound();
}

/** A template's name and tasks (own or built-in), or 404. */
export async function templateWork(
  db: Database,
  access: OwnerAccess,
  templateId: string,
): Promise<{ name: string; tasks: readonly TemplateTask[] }> {
  const template = isBuiltInTemplateId(templateId)
    ? builtInTemplate(templateId)
    : await readOwnTemplate(db, access.userId, templateId);
  if (!template) throw templateNotFound();
  return template;
}

/** A new checklist from a template (own or built-in), named `name` or after the template. */
export async function createFromTemplate(
  db: Database,
  access: OwnerAccess,
  input: ChecklistFromTemplateData,
): Promise<Checklist> {
  return db.transaction(async (tx) => {
    const template = await templateWork(tx, access, input.templateId);
    return insertWithinPlanLimit(
      tx,
      access,
      {
        name: input.name ?? template.name,
        remarks: '',
        dueAt: input.dueAt ?? null,
        requireSignature: input.requireSignature ?? false,
      },
      template.tasks,
    );
  });
}

/** A copy of the owner's checklist, named `name` or 'Name (copy)': its work, nothing of its state. */
export async function duplicateChecklist(
  db: Database,
  access: OwnerAccess,
  checklistId: string,
  input: { name?: string | undefined },
): Promise<Checklist> {
  return db.transaction(async (tx) => {
    const source = await readChecklistRow(tx, access, checklistId);
    if (!source) throw checklistNotFound();
    const name = input.name ?? duplicateName(source.name);
    // Its work and its rules: a copy of a checklist that must be signed must be signed too.
    const copy = { name, remarks: '', requireSignature: source.requireSignature };
    return insertWithinPlanLimit(tx, access, copy, source.tasks);
  });
}
