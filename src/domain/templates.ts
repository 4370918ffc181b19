import { z } from 'zod';
import {
  CHECKLIST_LIMITS,
  CHECKLIST_MESSAGES,
  type ChecklistData,
  ChecklistInput,
  ID_MAX,
} from './checklist.ts';
import { withoutBidiControls } from './display-text.ts';
import { DueAtInput } from './due-date-input.ts';

/**
 * Templates (issue 17, docs/api.md "Templates", docs/decisions/0025): a checklist's work without its state. A template holds
 * the tasks in order with their details and photo rules, never ticks, photos, remarks or shares.
 * Owners save their own; a few written ones ship with the product (built-in-templates.ts).
 */

/** What a template keeps of a task. */
export interface TemplateTask {
  description: string;
  details: string;
  photoRequired: boolean;
}

/** A row of GET /api/templates. */
export interface TemplateSummary {
  id: string;
  name: string;
  taskCount: number;
  /** One of ours, the same for every owner; it cannot be deleted. */
  builtIn: boolean;
}

export const TEMPLATE_LIMITS = {
  /**
   * Own templates per owner. Templates do not count against the plan's checklists, so something else
   * must bound them: a template may hold 500 tasks of 6,000 characters, and the 'New from template'
   * list must stay one that a person reads. 100 is far above what a property manager or an inspector
   * keeps (one per kind of job); at worst it stores what 100 of the largest checklists would.
   */
  perOwner: 100,
} as const;

export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required',
  nameTooLong: `Template name must be at most ${CHECKLIST_LIMITS.nameMax} characters`,
  limitReached: `You can keep at most ${TEMPLATE_LIMITS.perOwner} templates. Delete one you no longer use to save another.`,
  builtInReadOnly: 'Built-in templates cannot be deleted.',
} as const;

/** A name for a template or for a checklist made from one: optional (the source's name is used). */
function optionalName(messages: { required: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, { error: messages.required })
    .max(CHECKLIST_LIMITS.nameMax, { error: messages.tooLong })
    .optional();
}

const TemplateId = z.string({ error: 'templateId must be a template id' }).min(1).max(ID_MAX);

/** POST /api/templates: save a checklist of one's own as a template. */
export const TemplateInput = z.strictObject({
  fromChecklistId: z.string({ error: 'fromChecklistId must be a checklist id' }).min(1).max(ID_MAX),
  name: optionalName({ required: TEMPLATE_MESSAGES.nameRequired, tooLong: TEMPLATE_MESSAGES.nameTooLong }),
});
export type TemplateInput = z.output<typeof TemplateInput>;

const checklistName = { required: CHECKLIST_MESSAGES.nameRequired, tooLong: CHECKLIST_MESSAGES.nameTooLong };

/** POST /api/checklists with a templateId: a new checklist from that template (own or built-in). */
export const ChecklistFromTemplateInput = z.strictObject({
  templateId: TemplateId,
  name: optionalName(checklistName),
  /** When the work is due (an instant, or null for none). */
  dueAt: DueAtInput.optional(),
  /** A submit must carry a signature (a template does not keep this; the checklist made from it does). */
  requireSignature: z.boolean().optional(),
  /** The spec's client sends the owner's id; it must be the session's user. */
  userId: z.string().max(ID_MAX).nullable().optional(),
});
export type ChecklistFromTemplateData = z.output<typeof ChecklistFromTemplateInput>;

/** POST /api/checklists/{id}/duplicate; the body may be left out. */
export const DuplicateInput = z
  .strictObject({ name: optionalName(checklistName) })
  .nullish()
  .transform((body) => body ?? {});

/** Path parameters of /api/templates/{id}. */
export const TemplateParams = z.object({ id: z.string().min(1).max(ID_MAX) });

function hasTemplateId(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'templateId' in value;
}

/**
 * The body of POST /api/checklists: a whole checklist (the editor's) or `{templateId, name?}`. The
 * body says which by carrying `templateId`, and is checked by that schema alone, so each kind of body
 * gets its own messages (a union would answer 'Invalid input' for both). The OpenAPI document shows
 * the union of the two.
 */
export type ChecklistCreateData = ChecklistFromTemplateData | ChecklistData;
const CreateBodies = z.union([ChecklistFromTemplateInput, ChecklistInput]);
export const ChecklistCreateInput = z.preprocess(
  (value, ctx): ChecklistCreateData => {
    const parsed = hasTemplateId(value)
      ? ChecklistFromTemplateInput.safeParse(value)
      : ChecklistInput.safeParse(value);
    // The body as sent: the union below reads it again (a transform's output, such as dueAt's Date,
    // would not pass its input's check twice).
    if (parsed.success) return value as ChecklistCreateData;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: value });
    }
    return value as ChecklistCreateData;
    // What passed goes through the union as it is: the union is what the OpenAPI document shows (a
    // preprocess step is documented by the schema after it).
  },
  CreateBodies as unknown as z.ZodType<ChecklistCreateData, ChecklistCreateData>,
);

export function isFromTemplate(body: ChecklistCreateData): body is ChecklistFromTemplateData {
  return 'templateId' in body;
}

/** The name of a checklist's copy: 'Turnover (copy)', the original's name shortened to fit the limit. */
export function duplicateName(name: string): string {
  const suffix = ' (copy)';
  const base =
    name.length + suffix.length > CHECKLIST_LIMITS.nameMax
      ? name.slice(0, CHECKLIST_LIMITS.nameMax - suffix.length).trimEnd()
      : name;
  return `${base}${suffix}`;
}
