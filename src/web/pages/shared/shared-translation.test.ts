import { describe, expect, it } from 'vitest';
import type { Checklist, Task } from '#domain/checklist';
import type { SharedChecklistResponse } from '#domain/sharing';
import { aChecklist } from '#tests/support/checklist-fixtures';
import { asWritten, translatedChecklist, translatedRemarks } from './shared-translation.ts';

const task = (id: string, description: string, details = ''): Task => ({
  id,
  description,
  details,
  completed: false,
  photoRequired: false,
  photoUrl: null,
  referencePhotoUrl: null,
  completedAt: null,
  redoNote: null,
  photoCapturedAt: null,
  photoReceivedAt: null,
  photoCaptureSource: null,
  photoLocation: null,
});

const checklist = (name: string, remarks: string, tasks: Task[]): Checklist =>
  aChecklist({
    name,
    tasks,
    remarks,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    userId: null,
  });

const answer: SharedChecklistResponse = {
  success: true,
  checklist: checklist('Limpieza', 'Llave en la maceta', [
    task('t1', 'Fregar', 'Con lejía'),
    task('t2', 'Barrer'),
  ]),
  targetLanguage: 'es',
  ownerName: 'Ann',
  recipientName: null,
  maskedContact: 'j•••e@example.com',
  message: 'ok',
  language: 'es',
  sourceLanguage: 'en',
  translated: true,
  original: {
    name: 'Cleaning',
    remarks: 'Key under the pot',
    tasks: [
      { id: 't1', description: 'Mop', details: 'With bleach' },
      { id: 't2', description: 'Sweep', details: '' },
    ],
  },
};

describe('a translated answer in the cache', () => {
  it('is kept as written, and shown translated', () => {
    const copy = asWritten(answer);
    expect(copy.checklist.name).toBe('Cleaning');
    expect(copy.checklist.tasks.map((item) => [item.description, item.details])).toEqual([
      ['Mop', 'With bleach'],
      ['Sweep', ''],
    ]);
    const shown = translatedChecklist(copy.checklist, copy.translations);
    expect(shown.name).toBe('Limpieza');
    expect(shown.tasks.map((item) => [item.description, item.details])).toEqual([
      ['Fregar', 'Con lejía'],
      ['Barrer', ''],
    ]);
    expect(translatedRemarks(copy.checklist.remarks, copy.translations)).toBe('Llave en la maceta');
  });

  it('shows a text the owner changed since as written, until it is translated again', () => {
    const copy = asWritten(answer);
    const edited = {
      ...copy.checklist,
      tasks: copy.checklist.tasks.map((item) =>
        item.id === 't1' ? { ...item, description: 'Mop twice' } : item,
      ),
    };
    const shown = translatedChecklist(edited, copy.translations);
    expect(shown.tasks.map((item) => item.description)).toEqual(['Mop twice', 'Barrer']);
    expect(translatedRemarks('New remark', copy.translations)).toBeNull();
  });

  it('leaves an untranslated answer as it is', () => {
    const plain = {
      ...answer,
      translated: false,
      original: undefined,
      checklist: checklist('Cleaning', '', []),
    };
    expect(asWritten(plain)).toBe(plain);
  });
});
