import { describe, expect, it } from 'vitest';
import { canRetry, durationText, eventsSummary, lastUsedText, responseText } from './texts.ts';

const NOW = Date.parse('2026-11-29T14:00:00.000Z');

describe('the Developers settings’ words', () => {
  it('says when a token was last used, or that it never was', () => {
    expect(lastUsedText(null, NOW)).toBe('Never used');
    expect(lastUsedText('2026-11-29T13:59:30.000Z', NOW)).toBe('Last used just now');
    expect(lastUsedText('2026-11-29T13:55:00.000Z', NOW)).toBe('Last used 5 minutes ago');
    expect(lastUsedText('2026-11-28T14:00:00.000Z', NOW)).toBe('Last used yesterday');
    expect(lastUsedText('not a date', NOW)).toBe('Never used');
  });

  it('writes a delivery’s duration and answer, with a dash before the first attempt', () => {
    expect(durationText(null)).toBe('—');
    expect(durationText(42)).toBe('42 ms');
    expect(durationText(10_000)).toBe('10.0 s');
    expect(responseText({ responseStatus: null })).toBe('—');
    expect(responseText({ responseStatus: 503 })).toBe('503');
  });

  it('offers Retry on a failed or waiting delivery, never on one that arrived', () => {
    expect(canRetry({ status: 'failed' })).toBe(true);
    expect(canRetry({ status: 'pending' })).toBe(true);
    expect(canRetry({ status: 'succeeded' })).toBe(false);
  });

  it('sums up an endpoint’s events', () => {
    expect(eventsSummary(8, 8)).toBe('All events');
    expect(eventsSummary(2, 8)).toBe('2 of 8 events');
  });
});
