import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_LIMITS } from '#domain/sharing';
import { type Config, usesSecureCookies } from '../config.ts';
import { hashSecret, newSecret } from '../ids.ts';

/**
 * The recipient cookie names this browser (a random secret; the server keeps only its hash) and
 * nothing else: which shares it verified is kept on the server (share_grants), so one cookie serves
 * every checklist shared with this browser, and revoking a share needs nothing from the browser.
 */
export function recipientCookieName(config: Config): string {
  return usesSecureCookies(config) ? '__Host-listsync_recipient' : 'listsync_recipient';
}

/** The hash naming this browser, or null when it has never verified a share. */
export function recipientBrowserHash(request: FastifyRequest): string | null {
  const secret = request.cookies[recipientCookieName(request.server.config)];
  return secret ? hashSecret(secret) : null;
}

/** This browser's recipient secret: the one its cookie holds, or a new one (not yet set). */
export function recipientSecretOf(request: FastifyRequest): { secret: string; browserHash: string } {
  const secret = request.cookies[recipientCookieName(request.server.config)] ?? newSecret();
  return { secret, browserHash: hashSecret(secret) };
}

/** Sets (again) the recipient cookie after a verification, so its 30 days run from the latest one. */
export function setRecipientCookie(request: FastifyRequest, reply: FastifyReply, secret: string): void {
  const config = request.server.config;
  reply.setCookie(recipientCookieName(config), secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: usesSecureCookies(config),
    maxAge: SHARE_LIMITS.accessDays * 24 * 60 * 60,
  });
}
