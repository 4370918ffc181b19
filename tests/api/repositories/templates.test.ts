import { describe, expect, it } from 'vitest';
import { newId } from '#server/ids';
import { deleteChecklistRow } from '#server/repositories/checklists';
import {
  countOwnTemplates,
  deleteOwnTemplate,
  insertTemplateFromChecklist,
  listOwnTemplates,
  readOwnTemplate,
} from '#server/repositories/templates';
import { type AccessScene, accessScene, asOwner, setupTestDatabase } from '#tests/support/access-rows';

/**
 * repositories/templates.ts, an owner's own templates (decision 0025). Pins: an owner saves a template
 * from their own checklist only (another owner's, or a deleted one, makes none); a template is listed,
 * counted, read and deleted by its owner only (another owner's read or delete finds nothing and
 * changes nothing).
 */

const t = setupTestDatabase();

const saveFrom = (userId: string, checklistId: string) =>
  insertTemplateFromChecklist(t.db, { id: newId('template'), userId, checklistId, name: undefined });

async function withTemplate(s: AccessScene) {
  const saved = await saveFrom(s.host.id, s.checklists.shared.id);
  if (!saved) throw new Error('no template saved');
  return saved;
}

describe('a template is saved from the owner’s own checklist only', () => {
  it("saves the owner's checklist's tasks under its name", async () => {
    const s = await accessScene(t.db);
    const saved = await withTemplate(s);
    expect(saved).toMatchObject({ name: 'Cabin turnover', taskCount: 2 });
    expect((await readOwnTemplate(t.db, s.host.id, saved.id))?.tasks.map((task) => task.description)).toEqual(
      ['Do task_1', 'Do task_2'],
    );
  });

  it("another owner's checklist, or a deleted one, makes no template", async () => {
    const s = await accessScene(t.db);
    expect(await saveFrom(s.stranger.id, s.checklists.shared.id)).toBeUndefined();
    expect(await countOwnTemplates(t.db, s.stranger.id)).toBe(0);
    await deleteChecklistRow(t.db, asOwner(s.host.id), s.checklists.unshared.id);
    expect(await saveFrom(s.host.id, s.checklists.unshared.id)).toBeUndefined();
    expect(await countOwnTemplates(t.db, s.host.id)).toBe(0);
  });
});

describe('a template is listed, read and deleted by its owner only', () => {
  it("another owner lists, reads and deletes nothing of the host's", async () => {
    const s = await accessScene(t.db);
    const saved = await withTemplate(s);
    expect(await listOwnTemplates(t.db, s.stranger.id)).toEqual([]);
    expect(await readOwnTemplate(t.db, s.stranger.id, saved.id)).toBeUndefined();
    expect(await deleteOwnTemplate(t.db, s.stranger.id, saved.id)).toBe(false);
    expect(await listOwnTemplates(t.db, s.host.id)).toEqual([saved]);
  });

  it('the owner deletes their own, once', async () => {
    const s = await accessScene(t.db);
    const saved = await withTemplate(s);
    expect(await deleteOwnTemplate(t.db, s.host.id, saved.id)).toBe(true);
    expect(await deleteOwnTemplate(t.db, s.host.id, saved.id)).toBe(false);
    expect(await readOwnTemplate(t.db, s.host.id, saved.id)).toBeUndefined();
  });
});
