import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiScope,
  type ApiTokenData,
} from '#domain/api-access';
import { AppError } from '#domain/errors';
import type { ApiToken } from '#domain/integrations-response';
import type { Database } from '../db/client.ts';
import { hashSecret, newId, newSecret } from '../ids.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import {
  type BearerToken,
  countLiveTokens,
  findBearerToken,
  insertApiToken,
  liveTokenOf,
  liveTokensOf,
  revokeApiToken,
  type TokenRow,
} from '../repositories/api-tokens.ts';
import { lockTeam, roleIn } from '../repositories/teams.ts';

/**
 * A team's API tokens (docs/integrations.md "Tokens", decision 0049): made, listed and revoked by the
 * team's owner and admins on a paid plan, through a signed-in session only (a token cannot make
 * tokens). The secret (`ls_` + 256 random bits) is answered once and stored as its SHA-256.
 */

export type { BearerToken };

function present(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function apiAccessIsPaid(): AppError {
  return new AppError('plan_limit_reached', API_TOKEN_MESSAGES.paidOnly, { limit: 0 });
}

/** Owners and admins manage the team's tokens and webhooks; members are refused (403 forbidden). */
export async function assertIntegrationManager(db: Database, access: OwnerAccess): Promise<void> {
  const role = await roleIn(db, access.teamId, access.userId);
  if (role !== 'owner' && role !== 'admin') throw new AppError('forbidden', API_TOKEN_MESSAGES.managersOnly);
}

function tokenNotFound(): AppError {
  return new AppError('not_found', API_TOKEN_MESSAGES.notFound);
}

export async function createApiToken(
  db: Database,
  access: OwnerAccess,
  input: ApiTokenData,
  now = new Date(),
): Promise<{ token: ApiToken; secret: string }> {
  const secret = `${API_TOKEN_PREFIX}${newSecret()}`;
  const id = newId('token');
  await db.transaction(async (tx) => {
    await assertIntegrationManager(tx, access);
    // Tokens made at once in one team queue on its row, so each counts the ones before it.
    const team = await lockTeam(tx, access.teamId);
    if (!team) throw new AppError('unauthenticated', 'Please sign in again.');
    if (team.tier === 'free') throw apiAccessIsPaid();
    if ((await countLiveTokens(tx, access.teamId)) >= API_TOKEN_LIMITS.perTeam) {
      throw new AppError('token_limit_reached', API_TOKEN_MESSAGES.limitReached, {
        limit: API_TOKEN_LIMITS.perTeam,
      });
    }
    await insertApiToken(tx, {
      id,
      teamId: access.teamId,
      createdBy: access.userId,
      name: input.name,
      scopes: input.scopes,
      secretHash: hashSecret(secret),
      now,
    });
  });
  const row = await liveTokenOf(db, access.teamId, id);
  if (!row) throw tokenNotFound();
  return { token: present(row), secret };
}

/** The team's live tokens (owners and admins; a free team lists what it made before, to revoke it). */
export async function listApiTokens(db: Database, access: OwnerAccess): Promise<ApiToken[]> {
  await assertIntegrationManager(db, access);
  return (await liveTokensOf(db, access.teamId)).map(present);
}

export async function revokeToken(db: Database, access: OwnerAccess, tokenId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    await assertIntegrationManager(tx, access);
    if (!(await revokeApiToken(tx, access.teamId, tokenId, now))) throw tokenNotFound();
  });
}

/** The live token of a bearer secret; unknown, revoked, or its maker gone from the team: 401. */
export async function tokenOfBearer(db: Database, secret: string, now = new Date()): Promise<BearerToken> {
  const token = secret.startsWith(API_TOKEN_PREFIX)
    ? await findBearerToken(db, hashSecret(secret), now)
    : undefined;
  if (!token) throw new AppError('unauthenticated', API_TOKEN_MESSAGES.invalid);
  return token;
}

/** A token on a route that needs `scope`: its team on the free plan is 403 plan_limit_reached, a
 * missing scope 403 insufficient_scope. */
export function assertTokenMay(token: BearerToken, scope: ApiScope): void {
  if (token.tier === 'free') throw apiAccessIsPaid();
  if (!token.scopes.includes(scope)) {
    throw new AppError('insufficient_scope', API_TOKEN_MESSAGES.insufficientScope(scope), { scope });
  }
}
