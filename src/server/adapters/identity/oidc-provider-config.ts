import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { type Configuration, interactionPolicy } from 'oidc-provider';

/**
 * The settings of an embedded OpenID provider (oidc-provider) that ListSync signs in against: local
 * mode's account chooser (local-provider.ts) and the tests' stand-in for Google and the others
 * (tests/support/oidc-provider.ts). One confidential client with PKCE, the claims the app reads, a
 * fresh signing key and cookie key, no dev interactions, and `prompt=select_account` accepted (the app
 * always sends it, as the spec's popup does). What differs is passed in.
 */
export interface EmbeddedProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The signing key's id in the provider's JWKS. */
  keyId: string;
  /** How long codes, tokens, sessions and grants live (an authorisation code always 60 s). */
  lifetimeSeconds: number;
  /** Where a login or consent step is shown. */
  interactionUrl: (uid: string) => string;
  conformIdTokenClaims: boolean;
  findAccount: NonNullable<Configuration['findAccount']>;
}

export function embeddedProviderConfiguration(options: EmbeddedProviderOptions): Configuration {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  const lifetime = options.lifetimeSeconds;
  return {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.conformIdTokenClaims,
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: options.keyId }],
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AuthorizationCode: 60,
      IdToken: lifetime,
      AccessToken: lifetime,
      Interaction: 600,
      Session: lifetime,
      Grant: lifetime,
    },
    interactions: { policy, url: (_ctx, interaction) => options.interactionUrl(interaction.uid) },
    findAccount: options.findAccount,
  };
}
