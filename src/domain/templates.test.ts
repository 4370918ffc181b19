import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, builtInTemplate, isBuiltInTemplateId } from './built-in-templates.ts';
import { CHECKLIST_LIMITS, ChecklistInput } from './checklist.ts';
import { ChecklistCreateInput, duplicateName } from './templates.ts';

describe('built-in templates', () => {
  it('have stable, distinct ids that no own template can have', () => {
    const ids = BUILT_IN_TEMPLATES.map((template) => template.id);
    expect(ids).toEqual([
      'builtin-short-stay-turnover',
      'builtin-move-out-inspection',
      'builtin-boiler-service',
      'builtin-site-safety-walk',
    ]);
    for (const id of ids) {
      expect(isBuiltInTemplateId(id)).toBe(true);
      expect(builtInTemplate(id)?.id).toBe(id);
    }
    expect(isBuiltInTemplateId('template_abc')).toBe(false);
    expect(builtInTemplate('builtin-nope')).toBeUndefined();
  });

  it.each(BUILT_IN_TEMPLATES)('$name is a checklist the editor accepts, written out in full', (template) => {
    expect(template.revision).toBeGreaterThanOrEqual(1);
    expect(template.tasks.length).toBeGreaterThanOrEqual(10);
    expect(template.tasks.length).toBeLessThanOrEqual(20);
    const parsed = ChecklistInput.safeParse({ name: template.name, tasks: template.tasks });
    expect(parsed.success).toBe(true);
    // Parsing changes nothing: no stray spaces or bidi controls in the text.
    if (parsed.success) expect(parsed.data.tasks).toEqual(template.tasks);
    for (const task of template.tasks) expect(task.details.length).toBeGreaterThan(40);
    const descriptions = template.tasks.map((task) => task.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    // Proof where a real job asks for it, and not on every task.
    const photos = template.tasks.filter((task) => task.photoRequired).length;
    expect(photos).toBeGreaterThanOrEqual(2);
    expect(photos).toBeLessThan(template.tasks.length);
  });
});

describe('duplicateName', () => {
  it("adds ' (copy)', shortening a name that would not fit", () => {
    expect(duplicateName('Turnover')).toBe('Turnover (copy)');
    const long = duplicateName('x'.repeat(CHECKLIST_LIMITS.nameMax));
    expect(long).toHaveLength(CHECKLIST_LIMITS.nameMax);
    expect(long.endsWith('x (copy)')).toBe(true);
  });
});

describe('ChecklistCreateInput', () => {
  it("reads a body with templateId as a template's, any other as the editor's, each with its own messages", () => {
    expect(ChecklistCreateInput.parse({ templateId: 'builtin-boiler-service', name: ' Flat 2 ' })).toEqual({
      templateId: 'builtin-boiler-service',
      name: 'Flat 2',
    });
    expect(ChecklistCreateInput.parse({ name: 'A', tasks: [{ description: 'b' }] })).toMatchObject({
      name: 'A',
      tasks: [{ description: 'b', photoRequired: false, details: '' }],
    });
    const editor = ChecklistCreateInput.safeParse({ name: 'A', tasks: [] });
    expect(editor.error?.issues[0]?.message).toBe('Add at least one task');
    const template = ChecklistCreateInput.safeParse({ templateId: 'x', name: '' });
    expect(template.error?.issues[0]).toMatchObject({
      message: 'Checklist name is required',
      path: ['name'],
    });
  });
});
