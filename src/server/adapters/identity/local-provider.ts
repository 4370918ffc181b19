import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import { AppError, errorBodySchema } from '#domain/errors';
import { refuseNul } from '#domain/input-text';
import { DevLoginInput } from '#domain/user-input';
import type { TrustProxy } from '../../config/network.ts';
import type { Database } from '../../db/client.ts';
import { localAccounts } from '../../db/schema/index.ts';
import { escapeHtml, popupPage } from '../../html.ts';
import { embeddedProviderConfiguration } from './oidc-provider-config.ts';

/**
 * Local mode's sign-in: a real OpenID provider (oidc-provider) embedded at /oidc whose login step is
 * an account chooser (pick or type an e-mail and a display name). The app signs in against it with
 * the very same OpenID Connect client code it uses for Google or any other issuer.
 */

export const LOCAL_ISSUER_PATH = '/oidc';
export const LOCAL_CLIENT_ID = 'listsync-local';

export interface LocalProviderOptions {
  issuer: string;
  clientSecret: string;
  redirectUri: string;
  trustProxy: TrustProxy;
}

export async function upsertLocalAccount(db: Database, email: string, displayName: string): Promise<void> {
  await db
    .insert(localAccounts)
    .values({ email, displayName })
    .onConflictDoUpdate({ target: localAccounts.email, set: { displayName, updatedAt: sql`now()` } });
}

/**
 * The provider's state (interactions, codes, grants, sessions) kept in this process. Local mode is a
 * single process on one machine; a restart only means signing in again.
 */
class MemoryAdapter {
  static readonly store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
  static readonly byUid = new Map<string, string>();
  static readonly byUserCode = new Map<string, string>();

  constructor(private readonly model: string) {}

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    const key = this.key(id);
    MemoryAdapter.store.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });
    if (typeof payload.uid === 'string') MemoryAdapter.byUid.set(payload.uid, key);
    if (typeof payload.userCode === 'string') MemoryAdapter.byUserCode.set(payload.userCode, key);
  }

  private read(key: string | undefined) {
    if (!key) return undefined;
    const entry = MemoryAdapter.store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      MemoryAdapter.store.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  async find(id: string) {
    return this.read(this.key(id));
  }

  async findByUid(uid: string) {
    return this.read(MemoryAdapter.byUid.get(uid));
  }

  async findByUserCode(userCode: string) {
    return this.read(MemoryAdapter.byUserCode.get(userCode));
  }

  async consume(id: string) {
    const payload = this.read(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string) {
    for (const [key, entry] of MemoryAdapter.store) {
      if (entry.payload.grantId === grantId) MemoryAdapter.store.delete(key);
    }
  }
}

/** The local account an e-mail names, as the provider's account (its claims are what the app reads). */
async function findLocalAccount(db: Database, accountId: string) {
  const [account] = await db
    .select()
    .from(localAccounts)
    .where(sql`${localAccounts.email} = ${accountId}`)
    .limit(1);
  if (!account) return undefined;
  return {
    accountId,
    claims: async () => ({
      sub: accountId,
      email: account.email,
      email_verified: true,
      name: account.displayName,
    }),
  };
}

function createProvider(options: LocalProviderOptions, db: Database): Provider {
  const provider = new Provider(options.issuer, {
    adapter: MemoryAdapter,
    ...embeddedProviderConfiguration({
      clientId: LOCAL_CLIENT_ID,
      clientSecret: options.clientSecret,
      redirectUri: options.redirectUri,
      keyId: 'local-1',
      lifetimeSeconds: 3600,
      interactionUrl: (uid) => `${LOCAL_ISSUER_PATH}/interaction/${uid}`,
      conformIdTokenClaims: false,
      findAccount: (_ctx, accountId) => findLocalAccount(db, accountId),
    }),
    // The local client is first-party: no consent screen, the scopes it asks for are granted.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = popupPage({
        title: 'Sign-in error',
        body: `<h1>Sign-in could not continue</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p>`,
      });
    },
  });
  // Koa reads X-Forwarded-Proto for https only when told so; Fastify already judged which proxies count.
  provider.proxy = options.trustProxy !== false;
  return provider;
}

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  return escapeHtml(source.slice(0, 1).toUpperCase());
}

function chooserPage(
  uid: string,
  accounts: { email: string; displayName: string }[],
  error?: string,
): string {
  const action = `${LOCAL_ISSUER_PATH}/interaction/${encodeURIComponent(uid)}/login`;
  const list = accounts.length
    ? `<ul class="accounts" aria-label="Accounts used on this machine">${accounts
        .map(
          (a) => `<li><form method="post" action="${action}">
<input type="hidden" name="email" value="${escapeHtml(a.email)}"><input type="hidden" name="displayName" value="${escapeHtml(a.displayName)}">
<button class="account" type="submit"><span class="avatar" aria-hidden="true">${initials(a.displayName, a.email)}</span>
<span class="who"><strong>${escapeHtml(a.displayName || a.email)}</strong><span>${escapeHtml(a.email)}</span></span></button></form></li>`,
        )
        .join('')}</ul><div class="divider">or use another account</div>`
    : '';
  return popupPage({
    title: 'Choose an account',
    body: `<span class="badge">Local mode</span>
<h1>Choose an account</h1>
<p>No sign-in provider is configured, so this machine signs you in locally. Nothing leaves this computer.</p>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
${list}
<form method="post" action="${action}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254" ${accounts.length ? '' : 'autofocus'}>
<label for="displayName">Display name</label><input id="displayName" name="displayName" type="text" autocomplete="name" maxlength="100">
<button class="primary" type="submit">Continue</button>
</form>`,
  });
}

const htmlAnswer = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

/**
 * What the chooser routes answer (the OpenAPI document and the tests' check of answers read them).
 * The provider's own paths answer for themselves (OpenID Connect; hijacked), so they are not listed.
 */
const SCHEMAS = {
  chooser: {
    tags: ['local mode'],
    response: {
      200: htmlAnswer('The account chooser (local sign-in, in the popup)'),
      400: errorBodySchema(['validation_failed']).describe(
        'The sign-in expired or was finished: start again',
      ),
    },
  },
  login: {
    tags: ['local mode'],
    response: {
      // Written by the provider itself (the reply is hijacked).
      303: z.undefined().describe('Signed in: back to the provider, which redirects to the app'),
      400: htmlAnswer('The chooser again, saying what is wrong with the address'),
    },
  },
  // Only the errors every route answers (500; 403 under a foreign Host: http/plugins/local-only.ts) are ours.
  provider: { hide: true, response: {} },
};

/** The chooser's form, read as every input is: no NUL anywhere (PostgreSQL refuses it in text). */
const ChooserForm = refuseNul(DevLoginInput);

/**
 * The sign-in this chooser belongs to. An unknown, expired or finished one (a stale popup, a made-up
 * address) is the browser's problem, a 400 that says what to do, never the provider's 500.
 */
async function interactionOf(provider: Provider, request: FastifyRequest, reply: FastifyReply) {
  try {
    return await provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 400) {
      throw new AppError(
        'validation_failed',
        'This sign-in has expired or was already finished. Close this window and sign in again.',
      );
    }
    throw error;
  }
}

/** Mounts the provider at /oidc: the chooser routes are ours, every other path is the provider's. */
export async function registerLocalProvider(
  app: FastifyInstance,
  options: LocalProviderOptions,
  db: Database,
): Promise<void> {
  const provider = createProvider(options, db);

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    chooserRoutes(scope, provider, db);
    providerRoute(scope, provider);
  });
}

/** The accounts signed in with lately, newest first, for the chooser's list. */
function recentAccounts(db: Database) {
  return db
    .select({ email: localAccounts.email, displayName: localAccounts.displayName })
    .from(localAccounts)
    .orderBy(desc(localAccounts.updatedAt))
    .limit(8);
}

/** The provider's login step: the account chooser, and its form's POST that signs the account in. */
function chooserRoutes(scope: FastifyInstance, provider: Provider, db: Database) {
  scope.get<{ Params: { uid: string } }>(
    `${LOCAL_ISSUER_PATH}/interaction/:uid`,
    { schema: SCHEMAS.chooser },
    async (request, reply) => {
      await interactionOf(provider, request, reply);
      const accounts = await recentAccounts(db);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(chooserPage(request.params.uid, accounts));
    },
  );

  scope.post<{ Params: { uid: string }; Body: Record<string, string> }>(
    `${LOCAL_ISSUER_PATH}/interaction/:uid/login`,
    { schema: SCHEMAS.login },
    async (request, reply) => {
      await interactionOf(provider, request, reply);
      const parsed = ChooserForm.safeParse(request.body ?? {});
      if (!parsed.success) {
        const accounts = await recentAccounts(db);
        const message = parsed.error.issues[0]?.message ?? 'Please enter a valid email address.';
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(chooserPage(request.params.uid, accounts, message));
      }
      await upsertLocalAccount(db, parsed.data.email, parsed.data.displayName);
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, {
        login: { accountId: parsed.data.email },
        select_account: {},
      });
    },
  );
}

/** Everything else under /oidc belongs to the provider (discovery, auth, token, jwks, userinfo...). */
function providerRoute(scope: FastifyInstance, provider: Provider) {
  const handle = provider.callback();
  scope.route({
    method: ['GET', 'POST'],
    url: `${LOCAL_ISSUER_PATH}/*`,
    schema: SCHEMAS.provider,
    onRequest: (request, reply, done) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(LOCAL_ISSUER_PATH.length) || '/';
      Promise.resolve(handle(raw, reply.raw)).catch((error: unknown) => {
        request.log.error({ err: error }, 'local OpenID provider failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      });
      done();
    },
    handler: async () => undefined,
  });
}
