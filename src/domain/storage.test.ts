import { describe, expect, it } from 'vitest';
import { notificationDetail, notificationTitle } from './notification-texts.ts';
import { storageLevel, storageLimitOf, storagePercent, storageUsedOf, wouldExceed } from './storage.ts';

const GIB = 1024 ** 3;

describe('storage rules (docs/storage.md)', () => {
  it('the limits of the cards: free 1 GiB, professional 50 GiB, enterprise none', () => {
    expect([storageLimitOf('free'), storageLimitOf('professional'), storageLimitOf('enterprise')]).toEqual([
      GIB,
      50 * GIB,
      null,
    ]);
  });

  it('reaching the limit exactly is allowed, one byte more is not; no limit never refuses', () => {
    expect(wouldExceed({ usedBytes: GIB - 10, limitBytes: GIB }, 10)).toBe(false);
    expect(wouldExceed({ usedBytes: GIB - 10, limitBytes: GIB }, 11)).toBe(true);
    expect(wouldExceed({ usedBytes: 900 * GIB, limitBytes: null }, GIB)).toBe(false);
  });

  it('levels: ok under 80%, warning from 80%, full at the limit; unlimited is ok', () => {
    expect(storageLevel({ usedBytes: Math.ceil(GIB * 0.8) - 1, limitBytes: GIB })).toBe('ok');
    expect(storageLevel({ usedBytes: Math.ceil(GIB * 0.8), limitBytes: GIB })).toBe('warning');
    expect(storageLevel({ usedBytes: GIB, limitBytes: GIB })).toBe('full');
    expect(storageLevel({ usedBytes: 2 * GIB, limitBytes: GIB })).toBe('full');
    expect(storageLevel({ usedBytes: 2 * GIB, limitBytes: null })).toBe('ok');
  });

  it('percent rounds, says 100 only when full, and nothing for no limit', () => {
    expect(storagePercent({ usedBytes: Math.round(GIB * 0.85), limitBytes: GIB })).toBe(85);
    expect(storagePercent({ usedBytes: GIB - 1, limitBytes: GIB })).toBe(99);
    expect(storagePercent({ usedBytes: GIB, limitBytes: GIB })).toBe(100);
    expect(storagePercent({ usedBytes: -5, limitBytes: GIB })).toBe(0);
    expect(storagePercent({ usedBytes: 5, limitBytes: null })).toBeNull();
    expect(storageUsedOf({ usedBytes: 870 * 1024 ** 2, limitBytes: GIB })).toBe('870 MB of 1 GB');
    expect(storageUsedOf({ usedBytes: 0, limitBytes: null })).toBe('0 MB of Unlimited');
  });

  it("the owners' notifications name the team and carry the reason", () => {
    const warning = {
      kind: 'storage_warning' as const,
      checklistName: 'Harbour Cleaning',
      reason: 'x',
      by: null,
      recipient: null,
    };
    expect(notificationTitle(warning)).toBe('“Harbour Cleaning” has used 80% of its storage');
    expect(notificationDetail(warning)).toBe('x');
    expect(notificationTitle({ ...warning, kind: 'storage_full' })).toBe(
      "A recipient's photo was refused: the storage of “Harbour Cleaning” is full",
    );
  });
});
