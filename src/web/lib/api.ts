import { type ErrorCode, isErrorBody } from '#domain/errors';
import { fetchTurn } from './fetch-turns.ts';

/**
 * The spec's generic error (section 8): its message is the status code, a colon, then the body text
 * (or the status text when the body is empty). It also carries the server's machine code and
 * human message when the body is our JSON error shape.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  /** The server's human-readable message, or null when the body was not our error shape. */
  readonly serverMessage: string | null;
  readonly body: unknown;
  /** The wait a 429 (or 503) asks for, from its Retry-After header, in seconds; null when not said. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, statusText: string, bodyText: string, headers?: Headers) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    let body: unknown = bodyText;
    try {
      body = bodyText ? JSON.parse(bodyText) : null;
    } catch {
      // not JSON: keep the text
    }
    this.body = body;
    this.code = isErrorBody(body) ? body.error.code : null;
    this.serverMessage = isErrorBody(body) ? body.error.message : null;
    this.retryAfterSeconds = parseRetryAfter(headers?.get('retry-after') ?? null);
  }
}

/** Retry-After is either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, text, response.headers);
  }
}

/** Parses a successful response as JSON; if that fails the raw text is returned (spec section 7). */
async function parseBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** A successful answer's parsed body and its headers (what `apiRequest` gives is the body alone). */
export interface ApiAnswer<T> {
  body: T;
  headers: Headers;
}

/** Every call sends credentials; a JSON body gets the JSON content type. */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  return (await apiAnswer<T>(method, url, body, init)).body;
}

/**
 * `apiRequest`, with the answer's headers too: a checklist's answers name its revision in one
 * (lib/copy-revisions.ts).
 */
export async function apiAnswer<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<ApiAnswer<T>> {
  const headers = new Headers(init.headers);
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (body instanceof FormData || body instanceof Blob) {
      payload = body;
    } else {
      headers.set('content-type', 'application/json');
      payload = JSON.stringify(body);
    }
  }
  // Reads asked for together start one per task (lib/fetch-turns.ts).
  const turn = method === 'GET' ? fetchTurn() : undefined;
  if (turn) await turn;
  const response = await fetch(url, { ...init, method, headers, body: payload, credentials: 'include' });
  await throwIfNotOk(response);
  return { body: await parseBody<T>(response), headers: response.headers };
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** The default data fetch: a GET on the query's path (its key joined by '/'). */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }) {
  return async ({
    queryKey,
    signal,
  }: {
    queryKey: readonly unknown[];
    signal?: AbortSignal;
  }): Promise<T | null> => {
    const turn = fetchTurn();
    if (turn) await turn;
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return parseBody<T>(response);
  };
}
