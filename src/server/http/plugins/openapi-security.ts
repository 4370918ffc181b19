import type { ApiScope } from '#domain/api-access';
import { API_SCOPE_LABELS } from '#domain/api-access';
import type { Config } from '../../config/index.ts';
import { recipientCookieName } from './recipient.ts';
import { sessionCookieName } from './session.ts';

/**
 * How the OpenAPI document says who may call each operation (decision 0051), written from the
 * routes' own declarations, never by hand: a route that declares a 401 needs a caller; its
 * `config.apiScope` (http/plugins/api-tokens.ts) lets a token with that scope call it as well, and
 * `config.recipients` a share's verified recipient. A route without a 401 is open to anyone.
 */

export const SECURITY_SCHEMES = {
  cookieAuth: 'cookieAuth',
  bearerAuth: 'bearerAuth',
  recipientCookie: 'recipientCookie',
} as const;

/** The document's `components.securitySchemes`. */
export function securitySchemes(config: Config) {
  return {
    [SECURITY_SCHEMES.cookieAuth]: {
      type: 'apiKey' as const,
      in: 'cookie' as const,
      name: sessionCookieName(config),
      description:
        'A signed-in browser: the session cookie set by the sign-in (writes must come from this origin).',
    },
    [SECURITY_SCHEMES.bearerAuth]: {
      type: 'http' as const,
      scheme: 'bearer',
      bearerFormat: 'ls_…',
      description:
        'A team API token made in Settings → Developers: `Authorization: Bearer ls_…`. It acts as the ' +
        'member who made it, in their team only, on the operations whose security lists it with the ' +
        'scope it needs (`x-required-scope`). No Origin or CSRF check applies to bearer requests.',
    },
    [SECURITY_SCHEMES.recipientCookie]: {
      type: 'apiKey' as const,
      in: 'cookie' as const,
      name: recipientCookieName(config),
      description: "A share's recipient, verified by a code in this browser (docs/access.md).",
    },
  };
}

/** The short "Authentication" paragraph of the document's description. */
export function authenticationDescription(config: Config): string {
  const scopes = Object.entries(API_SCOPE_LABELS)
    .map(([scope, label]) => `\`${scope}\` (${label.toLowerCase()})`)
    .join(', ');
  return (
    '## Authentication\n\n' +
    `Send either the session cookie of a signed-in browser (\`${sessionCookieName(config)}\`) or a team ` +
    'API token as `Authorization: Bearer ls_…` (made by an owner or admin of a paid team in Settings → ' +
    'Developers; its secret is shown once). A token reaches only the operations whose `security` lists ' +
    `\`bearerAuth\`, each with the scope it needs (also in \`x-required-scope\`): ${scopes}. ` +
    'Elsewhere a bearer request is refused with 403 `insufficient_scope`; a bad or revoked token is 401 ' +
    '`unauthenticated`. Each token has its own rate limit, with `RateLimit-*` headers. Operations with an ' +
    'empty `security` are open to anyone.'
  );
}

type Requirement = Record<string, string[]>;

/** An operation's `security` and `x-required-scope`, from what its route declares. */
export function operationSecurity(route: {
  config?: { apiScope?: ApiScope; recipients?: boolean };
  declaresUnauthenticated: boolean;
}): { security: Requirement[]; 'x-required-scope'?: ApiScope } {
  if (!route.declaresUnauthenticated) return { security: [] };
  const scope = route.config?.apiScope;
  const security: Requirement[] = [{ [SECURITY_SCHEMES.cookieAuth]: [] }];
  if (scope) security.push({ [SECURITY_SCHEMES.bearerAuth]: [scope] });
  if (route.config?.recipients) security.push({ [SECURITY_SCHEMES.recipientCookie]: [] });
  return scope ? { security, 'x-required-scope': scope } : { security };
}
