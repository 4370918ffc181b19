import { EMAIL_KINDS, type EmailKind } from '#domain/notification-texts';
import type { ShareSecrets } from './share-secrets.ts';
import { readLinkToken, signLinkToken } from './signed-links.ts';

/**
 * The unsubscribe link of each e-mail to an owner (RFC 8058): a token that names the user and the
 * kind of e-mail, signed with a key derived from APP_SECRET, so it works without signing in and
 * cannot be made for someone else or another kind. It does not expire: an unsubscribe link in an
 * old e-mail must still work (RFC 8058 asks for that too), and it can only ever turn one kind off.
 */

export interface UnsubscribeTarget {
  userId: string;
  kind: EmailKind;
}

const VERSION = 'u1';

export function unsubscribeToken(secrets: Pick<ShareSecrets, 'linkSignature'>, target: UnsubscribeTarget) {
  return signLinkToken(secrets, VERSION, [target.userId, target.kind]);
}

/** The user and kind a token names, or null for anything not signed by us (or malformed). */
export function readUnsubscribeToken(
  secrets: Pick<ShareSecrets, 'linkSignature'>,
  token: string,
): UnsubscribeTarget | null {
  const value = readLinkToken(secrets, VERSION, token);
  if (value?.length !== 2) return null;
  const [userId, kind] = value;
  if (typeof userId !== 'string' || !EMAIL_KINDS.includes(kind as EmailKind)) return null;
  return { userId, kind: kind as EmailKind };
}

/** Where the link leads: GET shows a confirmation, POST (the page's button, or RFC 8058's one-click) acts. */
export function unsubscribeUrl(publicUrl: URL, token: string): string {
  const url = new URL('/api/unsubscribe', publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/** RFC 8058's headers: a mail client's own "Unsubscribe" button POSTs to the URL, no page shown. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
