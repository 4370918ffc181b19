import { expect } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/index';

/** A production environment with every required setting set (the config tests vary it). */
export const PRODUCTION = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://lists.example.com',
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/listsync',
  OIDC_ISSUER: 'https://accounts.google.com',
  OIDC_CLIENT_ID: 'client-id.apps.googleusercontent.com',
  OIDC_CLIENT_SECRET: 'client-secret',
  SMTP_URL: 'smtps://mailer:smtp-password@smtp.example.com:465',
  MAIL_FROM: 'ListSync <no-reply@lists.example.com>',
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_FROM_NUMBER: '+14155550100',
  APP_SECRET: 'a-random-key-of-at-least-32-characters',
  // Production never starts without a translation engine unless told to (decision 0056).
  LIBRETRANSLATE_URL: 'http://translate.internal:5000',
};

/** The problems loadConfig stops at for this environment; the test fails if it does not stop. */
export function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}
