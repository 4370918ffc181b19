import { describe, expect, it } from 'vitest';
import { type HeldOp, newChecklistId } from '../../sync/index.ts';
import { heldEditText } from './held-edits.tsx';

const held = (kind: 'create' | 'edit', refusal: HeldOp['refusal']): HeldOp =>
  ({
    kind,
    key: 'k1',
    checklistId: kind === 'create' ? newChecklistId('k1') : 'c1',
    context: { kind: 'owner' },
    changedAt: '2026-11-24T08:00:00.000Z',
    seq: 1,
    body: { name: 'Flat 3', tasks: [{ description: 'Oven' }] },
    ...(kind === 'edit' ? { version: 2 } : { userId: 'u1' }),
    refusal,
    heldAt: '2026-11-24T09:00:00.000Z',
  }) as HeldOp;

describe('what a kept save says', () => {
  it('a conflict: changed elsewhere, review to reapply', () => {
    const text = heldEditText(held('edit', { status: 409, code: 'version_conflict', message: 'x' }));
    expect(text.title).toBe('Your changes to “Flat 3” were not saved');
    expect(text.text).toContain('changed elsewhere');
    expect(text.review).toBe('Review my changes');
  });

  it('deleted elsewhere: offered as a new checklist', () => {
    const text = heldEditText(
      held('edit', { status: 404, code: 'not_found', message: 'Checklist not found' }),
    );
    expect(text.text).toContain('deleted elsewhere');
    expect(text.review).toBe('Review as a new checklist');
  });

  it('a refused create says the server’s reason', () => {
    const message = 'You have reached the limit of 5 checklists on the Free plan.';
    const text = heldEditText(held('create', { status: 403, code: 'plan_limit_reached', message }));
    expect(text.title).toBe('“Flat 3” was not created');
    expect(text.text).toBe(`${message} What you wrote is kept here.`);
  });
});
