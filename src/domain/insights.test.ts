import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { datesOf, daysBetween, isCalendarDate, resolveInsightsRange } from './insights.ts';

/** The range rules of insights (docs/insights.md "The range"). */
describe('resolveInsightsRange', () => {
  it('defaults to the last 30 days ending today in the team’s zone', () => {
    // 11:30 UTC on Jan 31 is already Feb 1 in Auckland (UTC+13).
    const range = resolveInsightsRange({}, 'Pacific/Auckland', new Date('2026-01-31T11:30:00Z'));
    expect([range.from, range.to]).toEqual(['2026-01-03', '2026-02-01']);
    expect(range.startsAt.toISOString()).toBe('2026-01-02T11:00:00.000Z');
    expect(range.endsBefore.toISOString()).toBe('2026-02-01T11:00:00.000Z');
  });

  it('counts a daylight-saving day as it is: 23 hours in spring, 25 in autumn', () => {
    const spring = resolveInsightsRange({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Paris', new Date());
    expect(spring.endsBefore.getTime() - spring.startsAt.getTime()).toBe(23 * 3_600_000);
    expect(spring.startsAt.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    const autumn = resolveInsightsRange({ from: '2026-10-25', to: '2026-10-25' }, 'Europe/Paris', new Date());
    expect(autumn.endsBefore.getTime() - autumn.startsAt.getTime()).toBe(25 * 3_600_000);
  });

  it('takes up to 366 days and refuses 367, or a start after the end', () => {
    expect(resolveInsightsRange({ from: '2024-01-01', to: '2024-12-31' }, 'UTC', new Date()).to).toBe(
      '2024-12-31',
    );
    const refused = (query: { from?: string; to?: string }) => {
      try {
        resolveInsightsRange(query, 'UTC', new Date('2026-06-01T00:00:00Z'));
        return null;
      } catch (error) {
        return error instanceof AppError ? [error.code, error.message] : error;
      }
    };
    expect(refused({ from: '2024-01-01', to: '2025-01-01' })).toEqual([
      'validation_failed',
      'Choose a range of at most 366 days',
    ]);
    expect(refused({ from: '2026-06-02' })).toEqual([
      'validation_failed',
      'The start date must be on or before the end date',
    ]);
  });
});

describe('dates', () => {
  it('knows a real date from a lookalike', () => {
    expect(['2024-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', '2026-01-01T00:00', ''].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('lists every day across a month and a year', () => {
    expect(datesOf('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
  });
});
