import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_LIMITS } from '#domain/sharing';
import { type Config, usesSecureCookies } from '../../config/index.ts';
import { hashSecret, newSecret } from '../../ids.ts';

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

/**
 * A new recipient secret for a browser that just proved a code. Never the one its cookie holds: a
 * cookie planted in the browser before it verified (cookie fixation) would otherwise be bound to the
 * share, and whoever planted it would share the access.
 */
export function newRecipientSecret(): { secret: string; browserHash: string } {
  const secret = newSecret();
  return { secret, browserHash: hashSecret(secret) };
}

/** Sets the recipient cookie after a verification (a new secret each time; its 30 days run from then). */
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
