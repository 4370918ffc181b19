import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';
import {
  ALL_LANGUAGES_LINE,
  DEFAULT_TIER,
  formatMaxLists,
  isAtPlanLimit,
  PLAN_CARDS,
  PLAN_LIMIT_TITLE,
  PLAN_LIMITS,
  type PlanCard,
  planFeatures,
  planLimitMessage,
  TIER_DISPLAY_NAMES,
  TIERS,
} from './plans.ts';

describe('plans (spec section 9)', () => {
  it('three tiers, free by default', () => {
    expect(TIERS).toEqual(['free', 'professional', 'enterprise']);
    expect(DEFAULT_TIER).toBe('free');
    expect(TIER_DISPLAY_NAMES).toEqual({ free: 'Free', professional: 'Pro', enterprise: 'Enterprise' });
  });

  it('limits: free 5 lists in English and Spanish, professional 100, enterprise unlimited', () => {
    const GIB = 1024 ** 3;
    // The cards' '1 user' / '10 team members' / 'Unlimited users' and '1 GB' / '50 GB' / 'Unlimited storage'.
    expect(PLAN_LIMITS.free).toEqual({
      maxLists: 5,
      allowedLanguages: ['en', 'es'],
      maxSeats: 1,
      storageBytes: GIB,
    });
    expect(PLAN_LIMITS.professional).toEqual({
      maxLists: 100,
      allowedLanguages: LANGUAGE_CODES,
      maxSeats: 10,
      storageBytes: 50 * GIB,
    });
    expect(PLAN_LIMITS.enterprise).toEqual({
      maxLists: null,
      allowedLanguages: LANGUAGE_CODES,
      maxSeats: null,
      storageBytes: null,
    });
    expect(LANGUAGE_CODES).toHaveLength(15);
  });

  it('the plan cards: prices, the popular one, the yearly discount', () => {
    expect(
      PLAN_CARDS.map((card) => [card.id, card.name, card.price, card.popular, card.yearlyDiscount]),
    ).toEqual([
      ['free', 'Free', 0, false, null],
      ['professional', 'Professional', 49, true, 'Save 20% yearly'],
      ['enterprise', 'Enterprise', 299, false, 'Save 20% yearly'],
    ]);
    expect(PLAN_CARDS[0]?.features).toContain('Up to 5 checklists');
    expect(PLAN_CARDS[1]?.features).toContain('Up to 100 checklists');
    expect(PLAN_CARDS[2]?.features).toContain('Unlimited checklists');
  });

  it('the cards name the languages each plan really has (all of them for the paid ones)', () => {
    expect(PLAN_CARDS[0]?.features).toContain('English and Spanish translation');
    expect(ALL_LANGUAGES_LINE).toBe('All 15 languages');
    for (const card of PLAN_CARDS.slice(1)) {
      expect(card.features).toContain(ALL_LANGUAGES_LINE);
      expect(card.features.join(' ')).not.toMatch(/Unlimited languages/);
    }
  });

  it('without a translation engine the cards sell the pages’ languages, not translation', () => {
    const [free, professional, enterprise] = PLAN_CARDS.map((card) => planFeatures(card, false));
    expect(free).toContain('Recipient pages in English and Spanish');
    expect(free?.join(' ')).not.toMatch(/translation/i);
    for (const lines of [professional, enterprise]) {
      expect(lines).toContain(`Recipient pages in all ${LANGUAGE_CODES.length} languages`);
      expect(lines).not.toContain(ALL_LANGUAGES_LINE);
    }
    // Every other line is the card's own, in its place.
    expect(planFeatures(PLAN_CARDS[1] as PlanCard, false)).toHaveLength(PLAN_CARDS[1]?.features.length ?? 0);
    for (const card of PLAN_CARDS) expect(planFeatures(card, true)).toEqual(card.features);
  });

  it('no card sells live updates as a paid feature: every plan has them', () => {
    for (const card of PLAN_CARDS) expect(card.features.join(' ')).not.toMatch(/real-time sync/i);
  });

  it("unlimited shows as '∞'", () => {
    expect(formatMaxLists(null)).toBe('∞');
    expect(formatMaxLists(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatMaxLists(5)).toBe('5');
    expect(formatMaxLists(100)).toBe('100');
    expect(formatMaxLists(0)).toBe('0');
  });

  it('the limit is reached at the maximum, never when unlimited', () => {
    expect(isAtPlanLimit(4, 5)).toBe(false);
    expect(isAtPlanLimit(5, 5)).toBe(true);
    expect(isAtPlanLimit(6, 5)).toBe(true);
    expect(isAtPlanLimit(99, 100)).toBe(false);
    expect(isAtPlanLimit(100_000, null)).toBe(false);
    expect(isAtPlanLimit(100_000, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('the limit-reached toast', () => {
    expect(PLAN_LIMIT_TITLE).toBe('Checklist Limit Reached');
    expect(planLimitMessage(5)).toBe(
      "You've reached your plan's limit of 5 checklists. Please upgrade to create more.",
    );
  });
});
