import { z } from 'zod';
import type { Expect, Same } from './schema-types.ts';
import type { TemplateSummary } from './templates.ts';

/** The answers of the template endpoints as zod (docs/api.md "Templates"); the types are in templates.ts. */

export const TemplateSummarySchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    taskCount: z.number().int().min(1),
    builtIn: z.boolean(),
  })
  .meta({ id: 'TemplateSummary', description: "A template: one of ours (builtIn) or the owner's own" });

/** GET /api/templates: the built-in ones first (in their fixed order), then the owner's, newest first. */
export const TemplateListSchema = z
  .strictObject({ templates: z.array(TemplateSummarySchema) })
  .meta({ id: 'TemplateList', description: "Built-in templates first, then the owner's own, newest first" });

/** POST /api/templates */
export const SavedTemplateSchema = z
  .strictObject({ template: TemplateSummarySchema })
  .meta({ id: 'SavedTemplate', description: 'The template just saved' });

export type TemplateSchemasMatchTypes = [
  Expect<Same<z.infer<typeof TemplateSummarySchema>, TemplateSummary>>,
];
