import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ChecklistBuilder,
  findChecklistBuilders,
  PRESENTER,
  serverSources,
} from './checklist-builders.ts';

/**
 * Issue 28: one presenter owns a checklist's JSON (src/server/presenters/checklists.ts) for the HTTP
 * answers, the realtime frames and the prerendered shared page, so a new field is one edit. This fails
 * when any server module builds a checklist, a task or a frame or page block holding one by itself;
 * the fixtures below show the kinds of code it catches.
 */

const root = path.resolve(import.meta.dirname, '../..');

const BAD = {
  // A tick's answer patched by hand (what services/task-changes.ts did before).
  'src/server/services/zz-patched.ts': `
import { type Checklist, computeProgress } from '#domain/checklist';
export function afterTick(before: Checklist, taskId: string): Checklist {
  const tasks = before.tasks.map((task) => (task.id === taskId ? { ...task, completed: true } : task));
  return { ...before, ...computeProgress(tasks), tasks };
}`,
  // A realtime frame written as a string (what realtime/hub.ts did before).
  'src/server/realtime/zz-frame.ts': `
export const frame = (id: string, body: string) =>
  \`{"type":"update","checklistId":\${JSON.stringify(id)},"data":{"checklist":\${body},"recipientId":null}}\`;`,
  // A recipient's copy made without the presenter's rule.
  'src/server/services/zz-recipient.ts': `
import type { Checklist } from '#domain/checklist';
export const forRecipient = (checklist: Checklist) => ({ ...checklist, userId: null });`,
};

const GOOD = {
  // Asking the presenter is how it is done.
  'src/server/services/zz-asks.ts': `
import type { Checklist } from '#domain/checklist';
import { asSeenBy, checklistUpdateFrame } from '../presenters/checklists.ts';
export const forRecipient = (checklist: Checklist) => asSeenBy('recipient', checklist);
export const frame = (checklist: Checklist) =>
  checklistUpdateFrame('owner', { checklistId: checklist.id, revision: 1, held: { checklist, body: '{}' }, recipientId: null });
export const carrier = (checklist: Checklist) => ({ checklist, revision: 1 });`,
};

let found: ChecklistBuilder[];

beforeAll(() => {
  found = findChecklistBuilders(root, serverSources(root), { ...BAD, ...GOOD });
}, 240_000);

describe("the checklist's JSON is made by its presenter only", () => {
  it('finds no checklist, task or frame built anywhere else in the server', () => {
    const inTree = found.filter((builder) => !builder.file.includes('/zz-'));
    expect(inTree.map((b) => `${b.file}:${b.line} makes a ${b.makes}: ${b.code}`)).toEqual([]);
  });

  it('catches a checklist patched by hand, a frame spelled as text and a recipient copy', () => {
    const files = (name: string) => found.filter((builder) => builder.file === name).map((b) => b.makes);
    expect(files('src/server/services/zz-patched.ts')).toEqual(expect.arrayContaining(['Task', 'Checklist']));
    expect(files('src/server/realtime/zz-frame.ts')).toEqual(['JSON text']);
    expect(files('src/server/services/zz-recipient.ts')).toEqual(['Checklist']);
  });

  it('lets code ask the presenter, and carry what it made', () => {
    expect(found.filter((builder) => builder.file === 'src/server/services/zz-asks.ts')).toEqual([]);
  });

  it('reads the presenter itself as the one place allowed', () => {
    expect(serverSources(root)).toContain(PRESENTER);
    expect(found.some((builder) => builder.file === PRESENTER)).toBe(false);
  });
});
