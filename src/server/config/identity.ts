import { z } from 'zod';
import { optionalHttpUrl, optionalText } from './env-fields.ts';
import { refuseFallback, type SettingsCheck } from './settings-check.ts';

/** Who signs people in: an OpenID Connect provider, or the embedded one with a local account chooser. */

export const IdentityEnv = z.object({
  OIDC_ISSUER: optionalHttpUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
});
export type IdentityEnv = z.infer<typeof IdentityEnv>;

export type IdentityConfig =
  | { kind: 'oidc'; issuer: string; clientId: string; clientSecret: string }
  /** The embedded OpenID provider at /oidc with a local account chooser. */
  | { kind: 'local' };

/** The provider when all three settings are set; some but not all names each missing one. */
export function readIdentity(e: IdentityEnv, check: SettingsCheck): IdentityConfig {
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET) {
    return {
      kind: 'oidc',
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
    };
  }
  const oidcSettings = {
    OIDC_ISSUER: e.OIDC_ISSUER,
    OIDC_CLIENT_ID: e.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
  };
  const setOidc = Object.entries(oidcSettings).filter(([, value]) => value);
  if (setOidc.length > 0) {
    for (const [name, value] of Object.entries(oidcSettings)) {
      if (!value)
        check.problems.push(
          `${name} is missing: OpenID Connect sign-in needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together`,
        );
    }
  } else if (check.production) {
    refuseFallback(
      check,
      'OIDC_ISSUER',
      'with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, the OpenID Connect provider',
      'local account chooser',
    );
  } else {
    check.localServices.push('sign-in (local account chooser)');
  }
  return { kind: 'local' };
}
