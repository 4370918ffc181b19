import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { SHARE_LIMITS } from '#domain/sharing';
import type { Database } from '../db/client.ts';
import { localSecret } from '../repositories/local-secrets.ts';

/**
 * The secrets of verified sharing (docs/access.md "Recipients: verified sharing"): link tokens of 128 random
 * bits, found by their SHA-256 and kept sealed (AES-256-GCM) so the owner's "send again" can answer
 * the same link; 6-digit codes from the CSPRNG, stored only as an HMAC bound to their share.
 * Both keys derive from APP_SECRET (or, in local mode, a key the server made and keeps in the database).
 */
export interface ShareSecrets {
  newToken(): { token: string; tokenHash: string; tokenSealed: string };
  tokenHash(token: string): string;
  unsealToken(sealed: string): string;
  newCode(): string;
  codeHash(shareId: string, code: string): string;
  /** Constant-time comparison of a typed code with the stored hash. */
  codeMatches(shareId: string, code: string, storedHash: string): boolean;
  /** An HMAC of a signed link's payload (the unsubscribe links of e-mails to owners). */
  linkSignature(payload: string): string;
  /** A webhook's signing secret sealed for storage (AES-256-GCM, a key of its own), and back. */
  sealWebhookSecret(secret: string): string;
  unsealWebhookSecret(sealed: string): string;
}

const TOKEN_BYTES = 16;

/** AES-256-GCM: iv (12 bytes), tag (16), ciphertext, as base64url. */
function sealWith(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function unsealWith(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
const LOCAL_SECRET_NAME = 'app_secret';

export function createShareSecrets(appSecret: string): ShareSecrets {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', appSecret, 'listsync', `listsync ${purpose}`, 32));
  const codeKey = derive('share code hmac');
  const sealKey = derive('share token seal');
  const linkKey = derive('signed link hmac');
  const webhookKey = derive('webhook secret seal');
  const codeHash = (shareId: string, code: string) =>
    createHmac('sha256', codeKey).update(`${shareId}:${code}`).digest('base64url');
  const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

  return {
    newToken() {
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      return { token, tokenHash: tokenHash(token), tokenSealed: sealWith(sealKey, token) };
    },
    tokenHash,
    unsealToken: (sealed) => unsealWith(sealKey, sealed),
    sealWebhookSecret: (secret) => sealWith(webhookKey, secret),
    unsealWebhookSecret: (sealed) => unsealWith(webhookKey, sealed),
    newCode() {
      return String(randomInt(0, 10 ** SHARE_LIMITS.codeDigits)).padStart(SHARE_LIMITS.codeDigits, '0');
    },
    codeHash,
    codeMatches(shareId, code, storedHash) {
      const typed = Buffer.from(codeHash(shareId, code));
      const stored = Buffer.from(storedHash);
      return typed.length === stored.length && timingSafeEqual(typed, stored);
    },
    linkSignature(payload) {
      return createHmac('sha256', linkKey).update(payload).digest('base64url');
    },
  };
}

/**
 * The configured APP_SECRET, or in local mode one made once and kept in the database, so every
 * instance on that database (and every restart) reads the same links and codes.
 */
export async function loadShareSecrets(db: Database, appSecret: string | null): Promise<ShareSecrets> {
  if (appSecret) return createShareSecrets(appSecret);
  return createShareSecrets(
    await localSecret(db, LOCAL_SECRET_NAME, () => randomBytes(32).toString('base64url')),
  );
}
