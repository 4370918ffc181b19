/**
 * What reading the settings finds besides their values: the problems that stop start-up (all of them
 * are reported together, in the order they were found) and the services left on a local fallback.
 * Each concern's read function adds to the one check loadConfig passes along.
 */
export interface SettingsCheck {
  /** APP_ENV=production: every local fallback is refused. */
  production: boolean;
  problems: string[];
  /** The services running on a local fallback, as the local-mode banner names them. */
  localServices: string[];
}

export function refuseFallback(check: SettingsCheck, setting: string, what: string, fallback: string): void {
  check.problems.push(
    `${setting} is required when APP_ENV=production (${what}); the local fallback (${fallback}) is refused`,
  );
}

/** A problem when an address that carries a key or a token is plain http in production. */
export function requireHttpsInProduction(
  check: Pick<SettingsCheck, 'production' | 'problems'>,
  name: string,
  url: string,
): void {
  if (check.production && new URL(url).protocol !== 'https:') {
    check.problems.push(`${name} must be an https address when APP_ENV=production`);
  }
}
