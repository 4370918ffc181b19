import { timingSafeEqual } from 'node:crypto';
import type { ShareSecrets } from './share-secrets.ts';

/**
 * The tokens of links in e-mails that work without signing in (unsubscribe, mailing-list confirm):
 * `<version>.<base64url JSON array>.<signature>`, signed with the key derived from APP_SECRET for
 * links. Each kind of link has its own version prefix, so one kind's token is never read as another's.
 */

export function signLinkToken(
  secrets: Pick<ShareSecrets, 'linkSignature'>,
  version: string,
  values: readonly string[],
): string {
  const payload = `${version}.${Buffer.from(JSON.stringify(values)).toString('base64url')}`;
  return `${payload}.${secrets.linkSignature(payload)}`;
}

/** The values a token of this version carries, or null for anything we did not sign (or malformed). */
export function readLinkToken(
  secrets: Pick<ShareSecrets, 'linkSignature'>,
  version: string,
  token: string,
): unknown[] | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== version) return null;
  const [, body, signature] = parts as [string, string, string];
  const expected = Buffer.from(secrets.linkSignature(`${version}.${body}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
