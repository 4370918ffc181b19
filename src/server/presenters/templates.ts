import type { TemplateSummary } from '#domain/templates';

/** An owner's own template as the API shows it (built-in ones: domain/built-in-templates.ts). */
export function presentOwnTemplate(row: { id: string; name: string; taskCount: number }): TemplateSummary {
  return { id: row.id, name: row.name, taskCount: row.taskCount, builtIn: false };
}
