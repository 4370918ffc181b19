import { z } from 'zod';
import { optionalHttpUrl, optionalText } from './env-fields.ts';
import { requireHttpsInProduction, type SettingsCheck } from './settings-check.ts';

/** Where page views and events go (both settings, or neither). */

export const AnalyticsEnv = z.object({
  ANALYTICS_URL: optionalHttpUrl,
  ANALYTICS_SITE_ID: optionalText.pipe(z.string().max(253).optional()),
});
export type AnalyticsEnv = z.infer<typeof AnalyticsEnv>;

/** Where page views and events go: a Plausible-compatible events API, the local table, or nowhere. */
export type AnalyticsConfig =
  | { kind: 'plausible'; url: string; siteId: string }
  | { kind: 'local' }
  | { kind: 'off' };

export function readAnalytics(e: AnalyticsEnv, check: SettingsCheck): AnalyticsConfig {
  if (e.ANALYTICS_URL && e.ANALYTICS_SITE_ID) {
    requireHttpsInProduction(check, 'ANALYTICS_URL', e.ANALYTICS_URL);
    return { kind: 'plausible', url: e.ANALYTICS_URL.replace(/\/+$/, ''), siteId: e.ANALYTICS_SITE_ID };
  }
  if (e.ANALYTICS_URL || e.ANALYTICS_SITE_ID) {
    check.problems.push(
      `${e.ANALYTICS_URL ? 'ANALYTICS_SITE_ID' : 'ANALYTICS_URL'} is missing: analytics needs ANALYTICS_URL and ANALYTICS_SITE_ID together`,
    );
  }
  return check.production ? { kind: 'off' } : { kind: 'local' };
}
