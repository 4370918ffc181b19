import * as oidc from 'openid-client';
import { AppError } from '#domain/errors';

/** The claims an OpenID provider vouched for at sign-in: what this client hands to the services. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  pictureUrl: string | null;
}

export interface OidcClientOptions {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Plain-http issuers are refused unless this is set (local provider, tests). */
  allowInsecureRequests: boolean;
}

/** What the browser that started a sign-in must bring back: kept server-side, keyed by its cookie. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The relying party: OpenID Connect authorization code flow with PKCE (S256), state and nonce,
 * against any issuer (Google, Microsoft, Auth0, Keycloak... or the embedded local provider).
 */
export class OidcClient {
  #configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly options: OidcClientOptions) {}

  get issuer(): string {
    return this.options.issuer.href.replace(/\/$/, '');
  }

  private configuration(): Promise<oidc.Configuration> {
    if (!this.#configuration) {
      this.#configuration = oidc
        .discovery(
          this.options.issuer,
          this.options.clientId,
          this.options.clientSecret,
          undefined,
          this.options.allowInsecureRequests ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          // A provider that was down must be asked again next time, not remembered as broken.
          this.#configuration = undefined;
          throw error;
        });
    }
    return this.#configuration;
  }

  async begin(): Promise<{ url: URL; checks: SignInChecks }> {
    const configuration = await this.configuration();
    const checks: SignInChecks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.options.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
      prompt: 'select_account',
    });
    return { url, checks };
  }

  /** Exchanges the code; every check (state, nonce, PKCE, ID token signature, issuer, audience) must pass. */
  async complete(callbackUrl: URL, checks: SignInChecks): Promise<VerifiedIdentity> {
    const configuration = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new AppError('sign_in_failed', 'The sign-in provider sent no identity.');
    let claims: Record<string, unknown> = idClaims;
    if (typeof idClaims.email !== 'string') {
      claims = {
        ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)),
        ...idClaims,
      };
    }
    const email = typeof claims.email === 'string' ? claims.email : '';
    if (!email) throw new AppError('sign_in_failed', 'The sign-in provider did not share an e-mail address.');
    return {
      issuer: idClaims.iss,
      subject: idClaims.sub,
      email,
      emailVerified: claims.email_verified === true,
      displayName: typeof claims.name === 'string' ? claims.name : '',
      pictureUrl:
        typeof claims.picture === 'string' && claims.picture.startsWith('https://') ? claims.picture : null,
    };
  }
}
