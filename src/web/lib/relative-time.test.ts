import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe('relativeTime', () => {
  it('says just now under a minute', () => {
    expect(relativeTime(ago(0), NOW)).toBe('just now');
    expect(relativeTime(ago(59_000), NOW)).toBe('just now');
  });

  it('counts minutes, hours, days and weeks in words', () => {
    expect(relativeTime(ago(5 * MINUTE), NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(60 * MINUTE), NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(3 * 60 * MINUTE), NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 60 * MINUTE), NOW)).toBe('yesterday');
    expect(relativeTime(ago(3 * 24 * 60 * MINUTE), NOW)).toBe('3 days ago');
    expect(relativeTime(ago(14 * 24 * 60 * MINUTE), NOW)).toBe('2 weeks ago');
    expect(relativeTime(ago(400 * 24 * 60 * MINUTE), NOW)).toBe('last year');
  });

  it('answers nothing for a date it cannot read', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});
