import { z } from 'zod';
import { ID_MAX } from './checklist.ts';
import { withoutBidiControls } from './display-text.ts';

/**
 * API access (docs/integrations.md "Tokens", docs/api.md "API tokens"): a team's tokens, each with
 * scopes, used as `Authorization: Bearer <secret>` in place of the session cookie. Paid teams only.
 * The request bodies and limits live here, shared by the server's routes and the settings form.
 */

export const API_SCOPES = ['checklists:read', 'checklists:write', 'webhooks:manage'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What each scope lets a token do, as the settings form and /developers say it. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'checklists:read': 'Read checklists, their activity, reports and the CSV export',
  'checklists:write': 'Create, change, share and delete checklists; tick tasks; add photos',
  'webhooks:manage': 'Add, change and remove webhooks; read their delivery logs',
};

/** A token's secret starts with this, so a leaked one is recognised by secret scanners and by people. */
export const API_TOKEN_PREFIX = 'ls_';

export const API_TOKEN_LIMITS = {
  /** Live tokens a team keeps at most. */
  perTeam: 50,
  nameMax: 80,
  /** Requests each token may make per window (every instance counts against one limit). */
  requestsPerWindow: 600,
  windowMs: 60_000,
} as const;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name',
  nameTooLong: `A token's name must be at most ${API_TOKEN_LIMITS.nameMax} characters`,
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: `Scopes are ${API_SCOPES.join(', ')}`,
  limitReached: `A team keeps at most ${API_TOKEN_LIMITS.perTeam} tokens. Revoke one to add another.`,
  paidOnly: 'API access comes with the Professional and Enterprise plans.',
  managersOnly: 'Only the team’s owner and admins manage API tokens and webhooks.',
  notFound: 'Token not found',
  invalid: 'This API token is not valid or was revoked.',
  /** 403 insufficient_scope; the scope it lacks is named after it. */
  insufficientScope: (scope: ApiScope) => `This token lacks the ${scope} scope.`,
  /** A route that a token may not use at all (sessions only: tokens, billing, the team). */
  sessionOnly: 'This route needs a signed-in session; API tokens cannot use it.',
} as const;

/** POST /api/tokens. */
export const ApiTokenInput = z.strictObject({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, { error: API_TOKEN_MESSAGES.nameRequired })
    .max(API_TOKEN_LIMITS.nameMax, { error: API_TOKEN_MESSAGES.nameTooLong }),
  scopes: z
    .array(z.enum(API_SCOPES, { error: API_TOKEN_MESSAGES.scopeUnknown }), {
      error: API_TOKEN_MESSAGES.scopesRequired,
    })
    .min(1, { error: API_TOKEN_MESSAGES.scopesRequired })
    .max(API_SCOPES.length, { error: API_TOKEN_MESSAGES.scopeUnknown })
    .transform((scopes) => API_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type ApiTokenInput = z.input<typeof ApiTokenInput>;
export type ApiTokenData = z.output<typeof ApiTokenInput>;

export const ApiTokenParams = z.object({ id: z.string().min(1).max(ID_MAX) });
