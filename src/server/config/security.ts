import { z } from 'zod';
import { optionalText } from './env-fields.ts';
import { refuseFallback, type SettingsCheck } from './settings-check.ts';

/** How long a sign-in lasts, and the key behind share-code hashes and sealed share links. */

export const SecurityEnv = z.object({
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24 * 14),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24 * 30),
  APP_SECRET: optionalText.pipe(
    z.string().min(32, { error: 'APP_SECRET must be at least 32 characters of random text' }).optional(),
  ),
});
export type SecurityEnv = z.infer<typeof SecurityEnv>;

/** APP_SECRET, or null in local mode: the server then keeps a key in the database. */
export function readAppSecret(e: SecurityEnv, check: SettingsCheck): string | null {
  if (check.production && !e.APP_SECRET) {
    refuseFallback(check, 'APP_SECRET', 'the key for share codes and links', 'a key kept in the database');
  }
  return e.APP_SECRET ?? null;
}

/** An idle session ends after idleMs; any session maxMs after sign-in. */
export function readSessionLifetimes(
  e: SecurityEnv,
  check: SettingsCheck,
): { idleMs: number; maxMs: number } {
  if (e.SESSION_MAX_HOURS < e.SESSION_IDLE_HOURS) {
    check.problems.push('SESSION_MAX_HOURS must not be shorter than SESSION_IDLE_HOURS');
  }
  const hour = 60 * 60 * 1000;
  return { idleMs: e.SESSION_IDLE_HOURS * hour, maxMs: e.SESSION_MAX_HOURS * hour };
}
