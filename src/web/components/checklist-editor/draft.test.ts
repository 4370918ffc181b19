import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { dueFieldsOf } from '#domain/due-dates';
import { draftFromChecklist, draftToBody, emptyTask, singleLine, temporaryTaskId } from './draft.ts';

describe('editor drafts', () => {
  it('gives new tasks distinct temporary ids with the task_ prefix, even within one millisecond', () => {
    const ids = new Set(Array.from({ length: 200 }, () => temporaryTaskId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^task_\d+[a-z0-9]+$/);
    expect(emptyTask()).toMatchObject({ description: '', photoRequired: false, details: '' });
  });

  it('starts empty for a new checklist', () => {
    expect(draftFromChecklist(null)).toEqual({
      name: '',
      tasks: [],
      dueDate: '',
      dueTime: '',
      requireSignature: false,
    });
  });

  it('sends trimmed text and keeps the order', () => {
    const body = draftToBody({
      dueDate: '',
      dueTime: '',
      requireSignature: false,
      name: '  Turnover  ',
      tasks: [
        {
          id: 'task_b',
          description: ' Second ',
          photoRequired: true,
          details: ' note ',
          // A reference photo is saved apart from the form: never part of the body.
          referencePhotoUrl: '/api/photos/photo_ref',
        },
        { id: 'task_a', description: 'First', photoRequired: false, details: '', referencePhotoUrl: null },
      ],
    });
    expect(body).toEqual({
      name: 'Turnover',
      dueAt: null,
      tasks: [
        { id: 'task_b', description: 'Second', photoRequired: true, details: 'note' },
        { id: 'task_a', description: 'First', photoRequired: false, details: '' },
      ],
    });
  });

  it('keeps a description on one line: each run of line breaks is one space', () => {
    expect(singleLine('Strip beds\nand start the laundry')).toBe('Strip beds and start the laundry');
    expect(singleLine('Strip beds \r\n\n  and start')).toBe('Strip beds and start');
    expect(singleLine('  One line, as written  ')).toBe('  One line, as written  ');
    const body = draftToBody({
      name: 'Turnover',
      dueDate: '',
      dueTime: '',
      requireSignature: false,
      tasks: [
        {
          id: 'task_a',
          description: 'Check\nthe alarm\n',
          photoRequired: false,
          details: 'a\nb',
          referencePhotoUrl: null,
        },
      ],
    });
    // Details may have lines; a description may not.
    expect(body.tasks[0]).toMatchObject({ description: 'Check the alarm', details: 'a\nb' });
  });

  it('sends the due date and time as an instant of the browser’s zone, and none when cleared', () => {
    const body = draftToBody({
      name: 'T',
      tasks: [],
      dueDate: '2026-12-02',
      dueTime: '15:00',
      requireSignature: false,
    });
    expect(body.dueAt).toBe(new Date(2026, 11, 2, 15, 0).toISOString());
    const back = draftFromChecklist({
      name: 'T',
      tasks: [],
      dueAt: body.dueAt ?? null,
    } as unknown as Checklist);
    expect(back).toMatchObject({ dueDate: '2026-12-02', dueTime: '15:00', requireSignature: false });
    expect(
      draftToBody({ name: 'T', tasks: [], dueDate: '', dueTime: '15:00', requireSignature: false }).dueAt,
    ).toBeNull();
    // Editing: left out when the fields still say the checklist's own due time (to the minute).
    const editing = { dueAt: '2026-12-02T14:00:30.000Z' };
    const fields = dueFieldsOf(editing.dueAt);
    const same = draftToBody(
      { name: 'T', tasks: [], dueDate: fields.date, dueTime: fields.time, requireSignature: false },
      editing,
    );
    expect('dueAt' in same).toBe(false);
    expect(
      draftToBody({ name: 'T', tasks: [], dueDate: '', dueTime: '', requireSignature: false }, editing).dueAt,
    ).toBeNull();
  });
});
