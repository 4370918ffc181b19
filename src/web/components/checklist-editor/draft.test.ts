import { describe, expect, it } from 'vitest';
import { draftFromChecklist, draftToBody, emptyTask, singleLine, temporaryTaskId } from './draft.ts';

describe('editor drafts', () => {
  it('gives new tasks distinct temporary ids with the task_ prefix, even within one millisecond', () => {
    const ids = new Set(Array.from({ length: 200 }, () => temporaryTaskId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^task_\d+[a-z0-9]+$/);
    expect(emptyTask()).toMatchObject({ description: '', photoRequired: false, details: '' });
  });

  it('starts empty for a new checklist', () => {
    expect(draftFromChecklist(null)).toEqual({ name: '', tasks: [] });
  });

  it('sends trimmed text and keeps the order', () => {
    const body = draftToBody({
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
});
