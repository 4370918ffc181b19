import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';

/** How often a paid plan is billed. */
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** A plan's subscription state: `none` for free (docs/api.md "Plans and billing"). */
export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Plans and their limits (spec section 9). The server enforces the limits; the UI shows the cards. */
export const TIERS = ['free', 'professional', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];
export const DEFAULT_TIER: Tier = 'free';

export const TIER_DISPLAY_NAMES: Record<Tier, string> = {
  free: 'Free',
  professional: 'Pro',
  enterprise: 'Enterprise',
};

export interface PlanLimits {
  /** null means unlimited (shown as '∞'). */
  maxLists: number | null;
  allowedLanguages: LanguageCode[];
  /**
   * Seats of the team: its members plus its pending invitations (the cards' '1 user', '10 team
   * members', 'Unlimited users'). Recipients of shares never take one. null: unlimited.
   */
  maxSeats: number | null;
  /** Photo storage of the team, in bytes (the cards' '1 GB storage', '50 GB storage'); null: unlimited. */
  storageBytes: number | null;
}

const GIB = 1024 ** 3;

export const PLAN_LIMITS: Record<Tier, PlanLimits> = {
  free: { maxLists: 5, allowedLanguages: ['en', 'es'], maxSeats: 1, storageBytes: GIB },
  professional: { maxLists: 100, allowedLanguages: LANGUAGE_CODES, maxSeats: 10, storageBytes: 50 * GIB },
  enterprise: { maxLists: null, allowedLanguages: LANGUAGE_CODES, maxSeats: null, storageBytes: null },
};

export interface PlanCard {
  id: Tier;
  name: string;
  /** Monthly price in US dollars. */
  price: number;
  description: string;
  features: string[];
  popular: boolean;
  /** The card's yearly-discount line, or null. */
  yearlyDiscount: string | null;
}

export const PLAN_CARDS: PlanCard[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    description: 'For individuals getting started with verified checklists.',
    features: [
      'Up to 5 checklists',
      '1 user',
      'Manual sync every 6 hours',
      'English and Spanish translation',
      '1 GB storage',
      'Community support',
    ],
    popular: false,
    yearlyDiscount: null,
  },
  {
    id: 'professional',
    name: 'Professional',
    price: 49,
    description: 'For growing teams that need real-time collaboration.',
    features: [
      'Up to 100 checklists',
      '10 team members',
      'Real-time sync',
      'All 10 languages',
      '50 GB storage',
      'Analytics',
      'API access',
      'Workflow automation',
      'Integrations',
      '14-day free trial',
    ],
    popular: true,
    yearlyDiscount: 'Save 20% yearly',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 299,
    description: 'For organisations with custom needs and scale.',
    features: [
      'Unlimited checklists',
      'Unlimited users',
      'Unlimited storage',
      'All 10 languages',
      'Custom deployment',
      'SLA',
      '30-day free trial',
    ],
    popular: false,
    yearlyDiscount: 'Save 20% yearly',
  },
];

export function formatMaxLists(maxLists: number | null): string {
  return maxLists === null || !Number.isFinite(maxLists) ? '∞' : String(maxLists);
}

/** GET /api/user/{uid}/subscription */
export interface SubscriptionInfo {
  tier: Tier;
  usage: { listSyncCount: number };
  limits: { maxLists: number | null };
  /** The team's stored bytes and its plan's storage (null: unlimited); docs/storage.md. */
  storage: { usedBytes: number; limitBytes: number | null };
  allowedLanguages: LanguageCode[];
  /** The paid subscription behind the tier: 'none' on free (or a tier set by hand). */
  status: SubscriptionStatus;
  /** The paid subscription's billing interval; null without one. */
  interval: BillingInterval | null;
  /** ISO time the current period ends (renewal, or the end of a cancelled plan); null without one. */
  currentPeriodEnd: string | null;
  /** The plan ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: boolean;
  /** ISO time the free trial ends while trialing; null otherwise. */
  trialEnd: string | null;
  /** The owner has a billing account: 'Manage billing' opens the portal. */
  canManageBilling: boolean;
}

/** The subscription part of SubscriptionInfo for an owner who never paid (free, or a tier set by hand). */
export const NO_SUBSCRIPTION: Pick<
  SubscriptionInfo,
  'status' | 'interval' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'trialEnd' | 'canManageBilling'
> = {
  status: 'none',
  interval: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  trialEnd: null,
  canManageBilling: false,
};

export const PLAN_LIMIT_TITLE = 'Checklist Limit Reached';

export function planLimitMessage(limit: number): string {
  return `You've reached your plan's limit of ${limit} checklists. Please upgrade to create more.`;
}

/** Whether an owner with `count` checklists may not create another (null maximum: unlimited). */
export function isAtPlanLimit(count: number, maxLists: number | null): maxLists is number {
  return maxLists !== null && Number.isFinite(maxLists) && count >= maxLists;
}
