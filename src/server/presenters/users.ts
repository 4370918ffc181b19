import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '#domain/languages';
import type { User } from '#domain/user';
import type { users } from '../db/schema/index.ts';

/** A language column as read (written only through validated input; 'en' if it ever were not). */
export function asLanguage(value: string): LanguageCode {
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE;
}

/** Where the header loads the picture (http/routes/avatar.ts): `v` changes when the provider's address does. */
export function avatarPath(sourceUrl: string | null): string | null {
  if (!sourceUrl) return null;
  return `/api/user/avatar?v=${createHash('sha256').update(sourceUrl).digest('hex').slice(0, 12)}`;
}

/** A user as the API shows them (`/api/auth/me`, sign-in, registration). */
export function presentUser(row: {
  uid: string;
  email: string;
  displayName: string;
  language: string;
  profileImageUrl: string | null;
}): User {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.displayName,
    language: asLanguage(row.language),
    avatarUrl: avatarPath(row.profileImageUrl),
  };
}

export function presentUserRow(row: typeof users.$inferSelect): User {
  return presentUser({ ...row, uid: row.id });
}
