import { describe, expect, it, vi } from 'vitest';
import type { Checklist, Task } from '#domain/checklist';
import { aChecklist } from '#tests/support/checklist-fixtures';
import { asSeenBy, checklistBodyFor, withRemarks } from './checklists.ts';

const task: Task = {
  id: 'task_1',
  description: 'Strip the beds',
  details: '',
  completed: false,
  completedAt: null,
  photoRequired: false,
  photoUrl: null,
  referencePhotoUrl: null,
  redoNote: null,
  photoCapturedAt: null,
  photoReceivedAt: null,
  photoCaptureSource: null,
  photoLocation: { latitude: 48.85, longitude: 2.35, accuracyM: 8, distanceM: 12 },
};

const person = {
  uid: 'user_1',
  displayName: 'Ana',
  email: 'ana@example.com',
} as unknown as Checklist['createdBy'];

const checklist = aChecklist({
  name: 'Cabin turnover',
  tasks: [task],
  createdBy: person,
  assignee: person,
});

const held = (of: Checklist) => ({ checklist: of, body: JSON.stringify(of) });

describe('the JSON body of a checklist for its reader', () => {
  it('the owner gets the cached body; a recipient a copy without the team or where photos were taken', () => {
    expect(checklistBodyFor('owner', held(checklist))).toBe(JSON.stringify(checklist));
    const body = checklistBodyFor('recipient', held(checklist));
    expect(body).toBe(JSON.stringify(asSeenBy('recipient', checklist)));
    const seen = JSON.parse(body) as Checklist;
    expect(seen.userId).toBeNull();
    expect(seen.createdBy).toBeNull();
    expect(seen.tasks[0]?.photoLocation).toBeNull();
  });

  it('a recipient’s copy is made once per checklist, and anew for the next revision', () => {
    const first = checklistBodyFor('recipient', held(checklist));
    // The same checklist, held again (a tick's answer, then the screens' frame): not encoded again.
    const again = held(checklist);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(checklistBodyFor('recipient', again)).toBe(first);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
    const next = withRemarks(checklist, {
      remarks: 'Keys left',
      updatedAt: new Date('2026-11-30T09:00:00Z'),
    });
    const after = JSON.parse(checklistBodyFor('recipient', held(next))) as Checklist;
    expect(after.remarks).toBe('Keys left');
    expect(after.updatedAt).toBe('2026-11-30T09:00:00.000Z');
    expect(after.userId).toBeNull();
  });
});
