import { z } from 'zod';

/**
 * Page views and named events (spec section 7: page views and events such as upgrade_clicked; section
 * 4: the success and cancel pages record a payment event). A closed list of names, small bounded
 * props, and never anything personal: paths are reduced to their route and values that look like an
 * e-mail, a phone number, a code or a token are dropped, on the server whatever the client sent.
 */

export const ANALYTICS_EVENT_NAMES = [
  'pageview',
  'upgrade_clicked',
  'checkout_started',
  'subscription_success',
  'subscription_cancelled',
  'billing_portal_opened',
  'checklist_created',
  'checklist_updated',
  'checklist_deleted',
  'checklist_shared',
  'share_verified',
  'checklist_submitted',
  'photo_uploaded',
  'mailing_list_signup',
  'sms_consent_recorded',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const MAX_ANALYTICS_PROPS = 10;

export const AnalyticsEventInput = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES, { error: 'Unknown event name.' }),
  path: z.string().max(500).default('/'),
  props: z
    .record(
      z.string().regex(/^[a-z_]{1,40}$/, { error: 'Prop names are lower-case words joined by _.' }),
      z.union([z.string().max(100), z.number().finite(), z.boolean()]),
    )
    .refine((props) => Object.keys(props).length <= MAX_ANALYTICS_PROPS, {
      error: `At most ${MAX_ANALYTICS_PROPS} props.`,
    })
    .default({}),
});
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventInput>;
export type AnalyticsProps = Record<string, string | number | boolean>;

/** Routes whose second part names a secret or an id: the path keeps the route, never the value. */
const ROUTE_PATTERNS: [RegExp, string][] = [
  [/^\/shared\/checklist\/[^/]+/, '/shared/checklist/:token'],
  [/^\/shared\/[^/]+/, '/shared/:token'],
  [/^\/checklist\/[^/]+/, '/checklist/:id'],
  [/^\/billing\/test-checkout\/[^/]+/, '/billing/test-checkout/:id'],
];

/** '/shared/abc?lang=fr#x' → '/shared/:token'. Query strings and fragments never leave. */
export function scrubPath(path: string): string {
  const bare = (path.split(/[?#]/, 1)[0] ?? '/') || '/';
  const clean = bare.startsWith('/') ? bare : `/${bare}`;
  for (const [pattern, route] of ROUTE_PATTERNS) {
    if (pattern.test(clean)) return route;
  }
  return clean.length > 100 ? clean.slice(0, 100) : clean;
}

const PERSONAL = [
  /@/, // an e-mail address
  /^\+?[\d\s().-]{7,}$/, // a phone number
  /^\d{6}$/, // a verification code
  /[A-Za-z0-9_-]{20,}/, // a token, a session or checkout id
];

/** The props with every value that could name or reach a person (or unlock something) left out. */
export function scrubProps(props: AnalyticsProps): AnalyticsProps {
  const kept: AnalyticsProps = {};
  for (const [key, value] of Object.entries(props)) {
    if (typeof value === 'string' && PERSONAL.some((pattern) => pattern.test(value))) continue;
    kept[key] = value;
  }
  return kept;
}
