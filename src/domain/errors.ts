/**
 * The stable machine codes of every error the API answers, each bound to one HTTP status.
 * The JSON shape is `{ error: { code, message, ...extra } }` (DESIGN.md, "Contracts").
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  code_invalid: 400,
  sign_in_failed: 400,
  missing_photos: 400,
  signature_invalid: 400,
  unauthenticated: 401,
  verification_required: 401,
  forbidden: 403,
  cross_site_request: 403,
  plan_limit_reached: 403,
  not_found: 404,
  share_not_found: 404,
  version_conflict: 409,
  idempotency_key_in_use: 409,
  billing_unavailable: 409,
  subscription_exists: 409,
  code_expired: 410,
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
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string } & Record<string, unknown>;
}

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
