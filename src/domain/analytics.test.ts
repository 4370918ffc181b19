import { describe, expect, it } from 'vitest';
import { AnalyticsEventInput, scrubPath, scrubProps } from './analytics.ts';

describe('scrubPath', () => {
  it('keeps the route and drops tokens, ids, query strings and fragments', () => {
    expect(scrubPath('/shared/AbCdEf0123456789xyzQ?lang=fr')).toBe('/shared/:token');
    expect(scrubPath('/shared/checklist/AbCdEf0123456789xyzQ')).toBe('/shared/checklist/:token');
    expect(scrubPath('/checklist/checklist_1732451234')).toBe('/checklist/:id');
    expect(scrubPath('/billing/test-checkout/cs_local_abc')).toBe('/billing/test-checkout/:id');
    expect(scrubPath('/subscription/success?session_id=cs_test_123')).toBe('/subscription/success');
    expect(scrubPath('/verify?checklist=abc#top')).toBe('/verify');
    expect(scrubPath('pricing')).toBe('/pricing');
    expect(scrubPath('')).toBe('/');
  });
});

describe('scrubProps', () => {
  it('drops e-mails, phone numbers, codes and tokens, and keeps plain words and numbers', () => {
    expect(
      scrubProps({
        tier: 'professional',
        count: 3,
        yearly: true,
        email: 'ann@example.com',
        phone: '+1 (415) 555-0100',
        code: '123456',
        token: 'AbCdEf0123456789xyzQ_-',
      }),
    ).toEqual({ tier: 'professional', count: 3, yearly: true });
  });
});

describe('AnalyticsEventInput', () => {
  it('accepts a known name with small props and refuses anything else', () => {
    expect(AnalyticsEventInput.parse({ name: 'upgrade_clicked', props: { source: 'pricing' } })).toEqual({
      name: 'upgrade_clicked',
      path: '/',
      props: { source: 'pricing' },
    });
    expect(AnalyticsEventInput.safeParse({ name: 'anything' }).success).toBe(false);
    expect(AnalyticsEventInput.safeParse({ name: 'pageview', props: { 'Bad-Key': 1 } }).success).toBe(false);
    expect(
      AnalyticsEventInput.safeParse({ name: 'pageview', props: { note: 'x'.repeat(101) } }).success,
    ).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${'a'.repeat(i)}`, i]));
    expect(AnalyticsEventInput.safeParse({ name: 'pageview', props: many }).success).toBe(false);
    expect(AnalyticsEventInput.safeParse({ name: 'pageview', props: { nested: { a: 1 } } }).success).toBe(
      false,
    );
  });
});
