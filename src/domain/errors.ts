import { z } from 'zod';

/**
 * The stable machine codes of every error the API answers, each bound to one HTTP status.
 * The JSON shape is `{ error: { code, message, ...extra } }` (docs/errors.md).
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  code_invalid: 400,
  sign_in_failed: 400,
  missing_photos: 400,
  /** A submit of a checklist that requires a signature, without one (issue 34). */
  signature_required: 400,
  signature_invalid: 400,
  unauthenticated: 401,
  verification_required: 401,
  forbidden: 403,
  /** A team invitation opened by a user signed in with another address (docs/teams.md). */
  invitation_email_mismatch: 403,
  cross_site_request: 403,
  /** An API token without the scope the route needs (extra `scope`; docs/integrations.md). */
  insufficient_scope: 403,
  plan_limit_reached: 403,
  /** An upload that would take the team past its plan's storage (extra `usedBytes`, `limitBytes`). */
  storage_quota_exceeded: 403,
  not_found: 404,
  share_not_found: 404,
  version_conflict: 409,
  /** A review (approve, request redo) of a checklist that is not submitted (issue 34). */
  not_submitted: 409,
  idempotency_key_in_use: 409,
  billing_unavailable: 409,
  subscription_exists: 409,
  /** An owner keeps at most TEMPLATE_LIMITS.perOwner templates (domain/templates.ts); not a plan limit. */
  template_limit_reached: 409,
  /** A team keeps at most SCHEDULE_LIMITS.perTeam schedules (domain/schedules.ts); not a plan limit. */
  schedule_limit_reached: 409,
  /** A team keeps at most CALENDAR_LIMITS.perTeam booking calendars (domain/calendars.ts); not a plan limit. */
  calendar_limit_reached: 409,
  /** A team keeps at most API_TOKEN_LIMITS.perTeam live API tokens (domain/api-access.ts). */
  token_limit_reached: 409,
  /** A team keeps at most WEBHOOK_LIMITS.perTeam webhooks (domain/webhooks.ts). */
  webhook_limit_reached: 409,
  /** A team keeps at most GLOSSARY_LIMITS.perTeam glossary entries (domain/glossary.ts). */
  glossary_limit_reached: 409,
  /** The team's glossary already has that term for that language (compared case-insensitively). */
  glossary_term_exists: 409,
  /** A request whose headers or body arrived too slowly (docs/security.md); the connection is closed. */
  request_timeout: 408,
  code_expired: 410,
  /** A team invitation that was used, withdrawn or is past its 7 days. */
  invitation_expired: 410,
  file_too_large: 413,
  body_too_large: 413,
  unsupported_file_type: 415,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  code_locked: 429,
  rate_limited: 429,
  internal_error: 500,
  delivery_failed: 502,
  service_unavailable: 503,
  /** The photo disk is full (ENOSPC, EDQUOT): nothing was stored; the client keeps the photo and retries. */
  storage_full: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/**
 * Why a message (a verification code) was not delivered, as delivery_failed's `reason` says it:
 * recipient_rejected (the address or number will not take it: answered as validation_failed),
 * authentication_failed, rejected, temporarily_unavailable, unreachable, timeout, or unknown.
 */
export const DELIVERY_FAILURE_REASONS = [
  'recipient_rejected',
  'authentication_failed',
  'rejected',
  'temporarily_unavailable',
  'unreachable',
  'timeout',
] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

/** Fields that some codes carry beside code and message, as zod shapes keyed by code. */
export type ErrorExtraFields = Partial<Record<ErrorCode, z.ZodRawShape>>;

// The web's first chunk imports this module (AppError's codes, isErrorBody) and must not carry zod
// (the shared page's budget): every schema here is built inside a function, and the module-level
// ones through a call marked pure, so the bundler drops them from the client.

let knownExtras: ErrorExtraFields | undefined;

/** What each code carries beyond code and message (the others carry nothing more). */
function errorExtras(): ErrorExtraFields {
  if (!knownExtras) {
    const retryAfter = z.number().int().positive();
    knownExtras = {
      validation_failed: {
        issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
        // The carrier refused the address or number a code was sent to; or a code may not be texted
        // to that number: its kind (premium-rate…) or its country (decision 0017).
        reason: z.enum(['recipient_rejected', 'sms_number_type', 'sms_country']).optional(),
      },
      code_invalid: { triesLeft: z.number().int().min(0) },
      missing_photos: { taskIds: z.array(z.string()) },
      plan_limit_reached: {
        limit: z.number().int().min(0).optional(),
        // Language codes ('en', 'es'); languages.ts is not imported: the web's first chunk would carry it.
        allowedLanguages: z.array(z.string().regex(/^[a-z]{2}$/)).optional(),
      },
      // A dead code: wait for the resend. A locked link (linkLocked): no wait helps, only a new link.
      code_locked: { retryAfter: retryAfter.optional(), linkLocked: z.literal(true).optional() },
      rate_limited: { retryAfter },
      storage_quota_exceeded: { usedBytes: z.number().int().min(0), limitBytes: z.number().int().min(0) },
      template_limit_reached: { limit: z.number().int().min(0) },
      schedule_limit_reached: { limit: z.number().int().min(0) },
      calendar_limit_reached: { limit: z.number().int().min(0) },
      token_limit_reached: { limit: z.number().int().min(0) },
      webhook_limit_reached: { limit: z.number().int().min(0) },
      glossary_limit_reached: { limit: z.number().int().min(0) },
      // The entry that has the term, so a client can offer to replace it.
      glossary_term_exists: { entryId: z.string() },
      // The scope the token lacks ('checklists:write'); api-access.ts is not imported (first chunk).
      insufficient_scope: { scope: z.string() },
      // The address the invitation is for, so the join page can say which account to use.
      invitation_email_mismatch: { invitedEmail: z.string() },
      delivery_failed: { reason: z.enum([...DELIVERY_FAILURE_REASONS, 'unknown']) },
    };
  }
  return knownExtras;
}

/**
 * The error answer for these codes (one HTTP status's worth), strict: each code with exactly the
 * fields it carries. `extra` describes fields this module cannot (version_conflict's `checklist`).
 */
export function errorBodySchema(codes: readonly ErrorCode[], extra: ErrorExtraFields = {}) {
  const [first, ...rest] = codes.map((code) => {
    const more = extra[code];
    return more ? errorOf(code, more) : knownErrorOf(code);
  });
  if (!first) throw new Error('errorBodySchema: no codes');
  return z.strictObject({
    error: rest.length === 0 ? first : z.discriminatedUnion('code', [first, ...rest]),
  });
}

function errorOf(code: ErrorCode, extra: z.ZodRawShape = {}) {
  return z.strictObject({ code: z.literal(code), message: z.string(), ...errorExtras()[code], ...extra });
}

const knownErrors = new Map<ErrorCode, ReturnType<typeof errorOf>>();

/** One code's error object, named for the OpenAPI document (`NotFoundError`). */
function knownErrorOf(code: ErrorCode) {
  let schema = knownErrors.get(code);
  if (!schema) {
    const name = code.replace(/(^|_)([a-z])/g, (_match, _separator, letter: string) => letter.toUpperCase());
    schema = errorOf(code).meta({ id: `${name}Error`, description: `HTTP ${ERROR_STATUS[code]}` });
    knownErrors.set(code, schema);
  }
  return schema;
}

function anyErrorBodySchema() {
  return z.object({ error: z.looseObject({ code: z.enum(ERROR_CODES), message: z.string() }) });
}

/** `{ error: { code, message, ...extra } }`: the contract every error answer meets (docs/errors.md). */
export const ErrorBodySchema = /* @__PURE__ */ anyErrorBodySchema();
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** An error meant for the client: its code, message and extra fields are answered as they are. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.extra = extra;
  }

  toBody(): ErrorBody {
    return { error: { ...this.extra, code: this.code, message: this.message } };
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
