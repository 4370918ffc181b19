import { z } from 'zod';

export * from './analytics-privacy.ts';

/**
 * Page views and named events (spec section 7: page views and events such as upgrade_clicked; section
 * 4: the success and cancel pages record a payment event). A closed list of names, small bounded
 * props, and never anything personal: paths are reduced to their route, and values that look like an
 * e-mail, a phone number, a code, a token or an id, or that are free text (a name), are dropped, on
 * the server whatever the client sent.
 */

export const ANALYTICS_EVENT_NAMES = [
  'pageview',
  // Buying a plan (sent by the pages of pricing, checkout and its results).
  'upgrade_clicked',
  'checkout_started',
  'subscription_success',
  'subscription_cancelled',
  'billing_portal_opened',
  // What people do (recorded by the server from its successful answers: http/routes/analytics.ts).
  'sign_in',
  'sign_out',
  'checklist_created',
  'checklist_updated',
  'checklist_deleted',
  'checklist_shared',
  'share_verified',
  'task_completed',
  'photo_uploaded',
  'checklist_submitted',
  'mailing_list_signup',
  'sms_consent_recorded',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const ANALYTICS_LIMITS = {
  props: 10,
  propKey: /^[a-z_]{1,40}$/,
  propValueLength: 100,
  /** A count or a duration; past 2^53 a number is no longer said exactly. */
  propNumberMax: Number.MAX_SAFE_INTEGER,
  pathLength: 500,
} as const;

/** POST /api/analytics/events: what the browser may send (text/plain beacons carry the same JSON). */
export const AnalyticsEventInput = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES, { error: 'Unknown event name.' }),
  path: z.string().max(ANALYTICS_LIMITS.pathLength).default('/'),
  /** document.referrer, with page views: only another site's origin is kept (referrerOrigin). */
  referrer: z.string().max(ANALYTICS_LIMITS.pathLength).optional(),
  props: z
    .record(
      z.string().regex(ANALYTICS_LIMITS.propKey, { error: 'Prop names are lower-case words joined by _.' }),
      z.union([
        z.string().max(ANALYTICS_LIMITS.propValueLength),
        z.number().min(-ANALYTICS_LIMITS.propNumberMax).max(ANALYTICS_LIMITS.propNumberMax),
        z.boolean(),
      ]),
    )
    .refine((props) => Object.keys(props).length <= ANALYTICS_LIMITS.props, {
      error: `At most ${ANALYTICS_LIMITS.props} props.`,
    })
    .default({}),
});
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventInput>;
