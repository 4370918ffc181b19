import { AppError } from '#domain/errors';
import type { User } from '#domain/user';
import { upsertLocalAccount } from '../adapters/identity/local-provider.ts';
import type { OidcClient, SignInChecks, VerifiedIdentity } from '../adapters/identity/oidc-client.ts';
import type { Database } from '../db/client.ts';
import { hashSecret, newSecret } from '../ids.ts';
import type { SessionPolicy } from '../policies/sessions.ts';
import { deleteAuthFlowsExpiredBefore, insertAuthFlow, takeAuthFlowRow } from '../repositories/auth-flows.ts';
import { closeSession, openSession } from './sessions.ts';
import { upsertUserFromIdentity } from './users.ts';

/**
 * Signing in (docs/decisions/0001): the OpenID Connect authorization code flow from its start in the
 * popup to the session it opens, and local mode's dev login through the same user and session path.
 * The id of a session is rotated at every sign-in: any session the browser already had is closed, so
 * a planted cookie never becomes an authenticated one.
 */

export const AUTH_FLOW_TTL_MS = 10 * 60 * 1000;

export interface SignInContext {
  db: Database;
  oidc: OidcClient;
  sessionPolicy: SessionPolicy;
  /** Present in local mode only: the dev login signs users in as the local provider would. */
  localIssuer: string | null;
}

/** What the browser brings to a sign-in besides its answer from the provider. */
export interface SignInBrowser {
  /** The secret of the session cookie it already holds, if any: closed by the sign-in. */
  previousSessionSecret: string | undefined;
  userAgent: string;
}

export interface OpenedSession {
  user: User;
  /** The new session cookie's secret. */
  secret: string;
}

export type SignInStart =
  | { kind: 'started'; providerUrl: URL; flowKey: string }
  | { kind: 'provider-unreachable'; error: unknown };

/**
 * GET /api/auth/login: the provider's address to send the popup to, and the key of the stored flow
 * (the browser keeps it in an HttpOnly cookie; its state, nonce and PKCE verifier stay here).
 */
export async function beginSignIn(context: SignInContext, now = new Date()): Promise<SignInStart> {
  let started: Awaited<ReturnType<OidcClient['begin']>>;
  try {
    started = await context.oidc.begin();
  } catch (error) {
    return { kind: 'provider-unreachable', error };
  }
  const flowKey = newSecret();
  await context.db.transaction(async (tx) => {
    await deleteAuthFlowsExpiredBefore(tx, now);
    await insertAuthFlow(tx, {
      idHash: hashSecret(flowKey),
      ...started.checks,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_FLOW_TTL_MS),
    });
  });
  return { kind: 'started', providerUrl: started.url, flowKey };
}

/** Takes the sign-in checks out (single use): a replayed callback finds nothing. */
async function takeAuthFlow(db: Database, key: string, now: Date): Promise<SignInChecks | null> {
  const row = await takeAuthFlowRow(db, hashSecret(key));
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return { state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier };
}

export interface SignInCallback extends SignInBrowser {
  /** The flow cookie's key. */
  flowKey: string | undefined;
  /** The address the provider sent the popup back to (code, state, or an error). */
  callbackUrl: URL;
}

export type SignInOutcome =
  | ({ kind: 'signed-in' } & OpenedSession)
  | { kind: 'refused-by-provider'; cancelled: boolean }
  | { kind: 'flow-expired' }
  | { kind: 'not-verified'; message: string; error: unknown };

/**
 * GET /api/auth/callback: the provider's answer checked against the stored flow, the user found or
 * made from the verified identity, and a new session opened for them.
 */
export async function completeSignIn(
  context: SignInContext,
  callback: SignInCallback,
  now = new Date(),
): Promise<SignInOutcome> {
  const providerError = callback.callbackUrl.searchParams.get('error');
  if (providerError) return { kind: 'refused-by-provider', cancelled: providerError === 'access_denied' };
  const checks = callback.flowKey ? await takeAuthFlow(context.db, callback.flowKey, now) : null;
  if (!checks) return { kind: 'flow-expired' };
  try {
    const identity = await context.oidc.complete(callback.callbackUrl, checks);
    return { kind: 'signed-in', ...(await signIn(context, identity, callback)) };
  } catch (error) {
    const message =
      error instanceof AppError ? error.message : 'The sign-in could not be verified. Please try again.';
    return { kind: 'not-verified', message, error };
  }
}

/** POST /api/dev/login (local mode): the account the local chooser would offer, signed in. */
export async function devSignIn(
  context: SignInContext,
  account: { email: string; displayName: string },
  browser: SignInBrowser,
): Promise<OpenedSession> {
  if (!context.localIssuer) throw new AppError('not_found', 'Not found');
  await upsertLocalAccount(context.db, account.email, account.displayName);
  return signIn(
    context,
    {
      issuer: context.localIssuer,
      subject: account.email,
      email: account.email,
      emailVerified: true,
      displayName: account.displayName,
      pictureUrl: null,
    },
    browser,
  );
}

/**
 * The user of a verified identity, with the browser's previous session closed and a new one opened:
 * one transaction.
 */
async function signIn(
  context: SignInContext,
  identity: VerifiedIdentity,
  browser: SignInBrowser,
): Promise<OpenedSession> {
  return context.db.transaction(async (tx) => {
    const user = await upsertUserFromIdentity(tx, identity);
    if (browser.previousSessionSecret) await closeSession(tx, browser.previousSessionSecret);
    const { secret } = await openSession(tx, user.uid, context.sessionPolicy, browser.userAgent);
    return { user, secret };
  });
}
