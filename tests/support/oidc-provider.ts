import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { embeddedProviderConfiguration } from '#server/adapters/identity/oidc-provider-config';

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for sign-in tests: one confidential client,
 * PKCE required, no dev interactions. Its login and consent steps finish at once, as the account the
 * test chose (or refuse, as a user who cancels), so the test drives the real protocol end to end.
 */

export interface TestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestProviderOptions {
  redirectUri: string;
  /** false puts email and name in the ID token; true (the default) leaves them to the userinfo endpoint. */
  conformIdTokenClaims?: boolean;
}

export interface TokenRequestLog {
  ok: boolean;
  error?: string;
  description?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next interaction; 'cancel' answers access_denied as a user closing the dialog. */
  nextSignIn: TestAccount | 'cancel';
  /** Every code exchange at the token endpoint, with its outcome. */
  tokenRequests: TokenRequestLog[];
  /** Server errors inside the provider (a test fails if there are any). */
  serverErrors: Error[];
  close(): Promise<void>;
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'listsync-test-client';
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, TestAccount>();

  const provider = new Provider(
    issuer,
    embeddedProviderConfiguration({
      clientId,
      clientSecret,
      redirectUri: options.redirectUri,
      keyId: 'test-1',
      lifetimeSeconds: 600,
      interactionUrl: (uid) => `/interaction/${uid}`,
      conformIdTokenClaims: options.conformIdTokenClaims ?? true,
      async findAccount(_ctx, accountId) {
        const account = accounts.get(accountId);
        if (!account) return undefined;
        return {
          accountId,
          claims: async () => ({
            sub: account.sub,
            email: account.email,
            email_verified: account.emailVerified,
            name: account.name,
          }),
        };
      },
    }),
  );

  const state: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    nextSignIn: { sub: 'default', email: 'default@idp.example', emailVerified: true, name: 'Default' },
    tokenRequests: [],
    serverErrors: [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  provider.on('grant.success', () => state.tokenRequests.push({ ok: true }));
  provider.on('grant.error', (_ctx, error: Error & { error?: string; error_description?: string }) => {
    state.tokenRequests.push({
      ok: false,
      error: error.error ?? error.name,
      description: error.error_description,
    });
  });
  provider.on('server_error', (_ctx, error: Error) => state.serverErrors.push(error));

  const callback = provider.callback();
  server.on('request', (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!/^\/interaction\/[^/]+$/.test(path)) {
      callback(req, res);
      return;
    }
    // The test-only interaction: the chosen account signs in and grants what the client asked for.
    (async () => {
      const details = await provider.interactionDetails(req, res);
      const choice = state.nextSignIn;
      if (choice === 'cancel') {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The user closed the dialog.' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (details.prompt.name === 'consent') {
        const grant = new provider.Grant({ accountId: details.session?.accountId, clientId });
        grant.addOIDCScope('openid email profile');
        grant.addOIDCClaims(['email', 'email_verified', 'name']);
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return;
      }
      accounts.set(choice.sub, choice);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: choice.sub }, select_account: {} },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: Error) => {
      state.serverErrors.push(error);
      if (!res.headersSent) res.writeHead(500).end(error.message);
    });
  });

  return state;
}
