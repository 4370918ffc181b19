import type { LanguageCode } from './languages.ts';

export interface User {
  uid: string;
  email: string;
  displayName: string;
  /** The owner's language (PUT /api/user/{uid}/language): their checklists' source language. */
  language: LanguageCode;
  /**
   * The sign-in provider's picture as our own route serves it (`/api/user/avatar?v=…`), or null when
   * the provider gave none: the header then shows the initials.
   */
  avatarUrl: string | null;
}

export interface AuthMeResponse {
  user: User | null;
}

/** Splits a display name into the registration's first and last name (first word, then the rest). */
export function splitDisplayName(displayName: string): { firstName: string; lastName: string } {
  const parts = displayName.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** What the header shows: the display name, or the part of the e-mail before the at-sign. */
export function userLabel(user: Pick<User, 'displayName' | 'email'>): string {
  const name = user.displayName.trim();
  if (name) return name;
  const at = user.email.indexOf('@');
  return at > 0 ? user.email.slice(0, at) : user.email;
}

/** Up to two letters for a picture-less avatar: the first letters of the first and last names, else the e-mail's. */
export function userInitials(user: Pick<User, 'displayName' | 'email'>): string {
  const words = user.displayName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0] ?? user.email.trim()];
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}
