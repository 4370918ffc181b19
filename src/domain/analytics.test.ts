import { describe, expect, it } from 'vitest';
import { AnalyticsEventInput, isPersonalValue, referrerOrigin, scrubPath, scrubProps } from './analytics.ts';

describe('scrubPath', () => {
  it.each([
    // Tokens, ids, query strings and fragments go; the route stays.
    ['/shared/AbCdEf0123456789xyzQ?lang=fr', '/shared/:token'],
    ['/shared/checklist/AbCdEf0123456789xyzQ', '/shared/checklist/:token'],
    ['/checklist/checklist_1732451234', '/checklist/:id'],
    ['/checklist/checklist_1732451234/edit', '/checklist/:id'],
    ['/billing/test-checkout/cs_local_abc', '/billing/test-checkout/:id'],
    ['/subscription/success?session_id=cs_test_123', '/subscription/success'],
    ['/verify?checklist=abc&code=123456#top', '/verify'],
    ['/dashboard#new', '/dashboard'],
    // Plain routes are left alone, and there is always a path.
    ['/pricing', '/pricing'],
    ['/shared', '/shared'],
    ['pricing', '/pricing'],
    ['', '/'],
    ['?x=1', '/'],
    [`/${'a'.repeat(300)}`, `/${'a'.repeat(99)}`],
  ])('%s → %s', (path, route) => {
    expect(scrubPath(path)).toBe(route);
  });
});

describe('referrerOrigin', () => {
  const own = 'https://lists.example.com';
  it("keeps another site's origin only", () => {
    expect(referrerOrigin('https://news.example.org/a/b?u=ann%40example.com', own)).toBe(
      'https://news.example.org',
    );
    expect(referrerOrigin('https://lists.example.com/shared/abc', own)).toBeUndefined();
    expect(referrerOrigin('android-app://com.example', own)).toBeUndefined();
    expect(referrerOrigin('not a url', own)).toBeUndefined();
    expect(referrerOrigin('', own)).toBeUndefined();
    expect(referrerOrigin(undefined, own)).toBeUndefined();
  });
});

describe('scrubProps', () => {
  it('drops e-mails, phone numbers, codes, tokens, ids and free text, and keeps words, numbers, flags', () => {
    const kept = {
      tier: 'professional',
      interval: 'year',
      source: 'share_dialog_language_upsell',
      language: 'fr',
      count: 3,
      yearly: true,
    };
    const dropped = {
      email: 'ann@example.com',
      phone: '+1 (415) 555-0100',
      phone_digits: '+14155550100',
      code: '123456',
      code_number: 123456,
      token: 'AbCdEf0123456789xyzQ_-',
      letters_only_token: 'qWeRtYuIoPaSdFgHjKlZ',
      id: 'checklist_1732451234',
      name: 'Kitchen close-down',
    };
    expect(scrubProps({ ...kept, ...dropped })).toEqual(kept);
  });

  it('judges one value at a time', () => {
    expect(isPersonalValue('email')).toBe(false);
    expect(isPersonalValue('sms')).toBe(false);
    expect(isPersonalValue(false)).toBe(false);
    expect(isPersonalValue(99_999)).toBe(false);
    expect(isPersonalValue('x ann@example.com')).toBe(true);
    expect(isPersonalValue('555-0100-22')).toBe(true);
    expect(isPersonalValue('see cs_test_a1B2c3D4e5F6g7H8')).toBe(true);
  });
});

describe('AnalyticsEventInput', () => {
  it('accepts a known name with small props and refuses anything else', () => {
    expect(AnalyticsEventInput.parse({ name: 'upgrade_clicked', props: { source: 'pricing' } })).toEqual({
      name: 'upgrade_clicked',
      path: '/',
      props: { source: 'pricing' },
    });
    expect(AnalyticsEventInput.parse({ name: 'pageview', path: '/pricing' })).toEqual({
      name: 'pageview',
      path: '/pricing',
      props: {},
    });
    expect(AnalyticsEventInput.safeParse({ name: 'anything' }).success).toBe(false);
    expect(AnalyticsEventInput.safeParse({}).success).toBe(false);
    expect(AnalyticsEventInput.safeParse({ name: 'pageview', props: { 'Bad-Key': 1 } }).success).toBe(false);
    expect(AnalyticsEventInput.safeParse({ name: 'pageview', props: { ['a'.repeat(41)]: 1 } }).success).toBe(
      false,
    );
    expect(
      AnalyticsEventInput.safeParse({ name: 'pageview', props: { note: 'x'.repeat(101) } }).success,
    ).toBe(false);
    expect(AnalyticsEventInput.safeParse({ name: 'pageview', props: { n: Number.NaN } }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${'a'.repeat(i)}`, i]));
    expect(AnalyticsEventInput.safeParse({ name: 'pageview', props: many }).success).toBe(false);
    expect(AnalyticsEventInput.safeParse({ name: 'pageview', props: { nested: { a: 1 } } }).success).toBe(
      false,
    );
    expect(AnalyticsEventInput.safeParse({ name: 'pageview', path: 'x'.repeat(501) }).success).toBe(false);
  });
});
