import { createHash, randomBytes } from 'node:crypto';

/** A prefixed id that cannot be guessed or ordered: 128 random bits, URL-safe. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

/** An opaque secret for cookies and links: 256 random bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as their SHA-256, so a database leak does not hand out sessions. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
