import { describe, expect, it } from 'vitest';
import { decodeActivityCursor, encodeActivityCursor, isRealDatabaseTime } from './activity-cursors.ts';
import { createShareSecrets } from './share-secrets.ts';

/** The activity cursor: what the database writes goes through; anything else is refused (issue 30). */

describe('the activity cursor', () => {
  const key = createShareSecrets('k'.repeat(32));
  const cursor = { at: '2026-11-29 07:21:24.123456+00', id: 'activity_abc' };

  it('gives back where the page starts, for its own checklist and key only', () => {
    const text = encodeActivityCursor(key, 'checklist_1', cursor);
    expect(text).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(decodeActivityCursor(key, 'checklist_1', text)).toEqual(cursor);
    expect(() => decodeActivityCursor(key, 'checklist_2', text)).toThrow(/another checklist/);
    const otherKey = createShareSecrets('o'.repeat(32));
    expect(() => decodeActivityCursor(otherKey, 'checklist_1', text)).toThrow(/the next cursor the API gave/);
  });

  it.each([
    '2026-11-29 07:21:24.123456+00',
    '2026-11-29 07:21:24+00',
    '2026-11-29 12:51:24.5+05:30',
    '2024-02-29 23:59:59.999999-03',
    '1970-01-01T00:00:00Z',
  ])('takes %s, as PostgreSQL writes a time', (at) => {
    expect(isRealDatabaseTime(at)).toBe(true);
  });

  it.each([
    '2026-02-29 00:00:00+00',
    '2026-04-31 00:00:00+00',
    '2026-13-01 00:00:00+00',
    '2026-00-10 00:00:00+00',
    '0000-01-01 00:00:00+00',
    '1969-12-31 23:59:59+00',
    '2026-01-01 24:00:00+00',
    '2026-01-01 23:60:00+00',
    '2026-01-01 23:59:60+00',
    '2026-01-01 00:00:00+16',
    '2026-01-01 00:00:00+01:60',
    '2026-01-01 00:00:00.1234567+00',
    '2026-01-01',
    'yesterday',
    '',
  ])('refuses %s', (at) => {
    expect(isRealDatabaseTime(at)).toBe(false);
  });
});
