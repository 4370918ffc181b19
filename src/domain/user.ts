import type { LanguageCode } from './languages.ts';

export interface User {
  uid: string;
  email: string;
  displayName: string;
  /** The owner's language (PUT /api/user/{uid}/language): their checklists' source language. */
  language: LanguageCode;
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
