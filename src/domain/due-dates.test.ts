import { describe, expect, it } from 'vitest';
import { DueAtInput } from './due-date-input.ts';
import { DUE_MESSAGES, dueAtFromFields, dueFieldsOf, dueLabel, isOverdue } from './due-dates.ts';

describe('dueAt input', () => {
  it('reads an instant with its offset as a Date, and null as none', () => {
    expect(DueAtInput.parse('2026-12-02T15:00:00Z')).toEqual(new Date('2026-12-02T15:00:00Z'));
    expect(DueAtInput.parse('2026-12-02T16:00:00+01:00')).toEqual(new Date('2026-12-02T15:00:00Z'));
    expect(DueAtInput.parse(null)).toBeNull();
  });

  it.each([
    ['2026-12-02', DUE_MESSAGES.format],
    ['2026-12-02T15:00:00', DUE_MESSAGES.format],
    ['tomorrow', DUE_MESSAGES.format],
    ['2026-02-30T10:00:00Z', DUE_MESSAGES.format],
    ['1999-12-31T23:59:59Z', DUE_MESSAGES.range],
    ['2100-01-01T00:00:00Z', DUE_MESSAGES.range],
    ['9999-01-01T00:00:00Z', DUE_MESSAGES.range],
  ])('refuses %s', (text, message) => {
    const parsed = DueAtInput.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('accepts the bounds themselves', () => {
    expect(DueAtInput.safeParse('2000-01-01T00:00:00Z').success).toBe(true);
    expect(DueAtInput.safeParse('2099-12-31T23:59:00Z').success).toBe(true);
    expect(DueAtInput.safeParse(1_800_000_000_000).success).toBe(false);
  });
});

describe('the owner’s due label', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const paris = 'Europe/Paris';

  it('says minutes within the hour', () => {
    expect(dueLabel('2026-12-01T10:45:00Z', now, paris)).toBe('Due in 45 min');
    expect(dueLabel('2026-12-01T10:00:20Z', now, paris)).toBe('Due in 1 min');
    expect(dueLabel('2026-12-01T10:59:30Z', now, paris)).toBe('Due in 60 min');
  });

  it('says today, tomorrow and yesterday in the zone, with the local time', () => {
    expect(dueLabel('2026-12-01T14:00:00Z', now, paris)).toBe('Due today 15:00');
    expect(dueLabel('2026-12-01T23:30:00Z', now, paris)).toBe('Due tomorrow 00:30');
    expect(dueLabel('2026-12-01T23:30:00Z', now, 'UTC')).toBe('Due today 23:30');
    expect(dueLabel('2026-11-30T08:00:00Z', now, paris)).toBe('Due yesterday 09:00');
    expect(dueLabel('2026-12-01T09:00:00Z', now, paris)).toBe('Due today 10:00');
  });

  it('says the weekday and date further away, with the year when not this one', () => {
    expect(dueLabel('2026-12-08T14:00:00Z', now, paris)).toBe('Due Tue 8 Dec, 15:00');
    expect(dueLabel('2027-01-05T14:00:00Z', now, 'America/New_York')).toBe('Due Tue 5 Jan 2027, 09:00');
  });
});

describe('overdue on the device', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const base = { dueAt: '2026-12-01T09:00:00Z', overdue: false, cancelled: false, status: 'in-progress' };

  it('is overdue once the time passed, or when the server marked it', () => {
    expect(isOverdue(base, now)).toBe(true);
    expect(isOverdue({ ...base, dueAt: '2026-12-01T11:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ ...base, dueAt: null, overdue: true }, now)).toBe(true);
    expect(isOverdue({ ...base, dueAt: null }, now)).toBe(false);
  });

  it('never when completed or cancelled', () => {
    expect(isOverdue({ ...base, status: 'completed', overdue: true }, now)).toBe(false);
    expect(isOverdue({ ...base, cancelled: true, overdue: true }, now)).toBe(false);
  });
});

describe('the editor’s fields', () => {
  it('make a local instant and back; an empty date is none', () => {
    const instant = dueAtFromFields('2026-12-02', '15:30');
    expect(instant).toBeInstanceOf(Date);
    expect(dueFieldsOf(instant?.toISOString() ?? null)).toEqual({ date: '2026-12-02', time: '15:30' });
    expect(dueAtFromFields('', '15:30')).toBeNull();
    expect(dueFieldsOf(null)).toEqual({ date: '', time: '' });
    expect(dueFieldsOf(dueAtFromFields('2026-12-02', '')?.toISOString() ?? null).time).toBe('00:00');
    expect(dueAtFromFields('02/12/2026', '15:30')).toBeUndefined();
  });
});
