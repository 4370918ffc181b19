import { z } from 'zod';
import type { SettingsCheck } from './settings-check.ts';

/**
 * How long a client may take to send its request (docs/security.md, "Inputs: numbers, cursors,
 * bodies and time"). A connection that trickles its headers or body holds a socket and its memory;
 * without these, one byte of a declared thousand held a connection for as long as the client liked.
 */

export const RequestTimeoutsEnv = z.object({
  /** From the connection's first byte to the end of the request's headers. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  /**
   * A body gets this long, plus one second for every 16 KiB it declares (a slow phone's upload),
   * and never longer than REQUEST_TIMEOUT_MS.
   */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  /** The whole request, headers and body, however large: the ceiling of the two above. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(5_000).max(3_600_000).default(120_000),
});
export type RequestTimeoutsEnv = z.infer<typeof RequestTimeoutsEnv>;

export interface RequestTimeouts {
  headersMs: number;
  bodyMs: number;
  requestMs: number;
}

/** The body's pace below which it is cut: 16 KiB/s, a weak mobile connection's upload. */
export const BODY_MIN_BYTES_PER_SECOND = 16 * 1024;

export function readRequestTimeouts(e: RequestTimeoutsEnv, check: SettingsCheck): RequestTimeouts {
  for (const name of ['HEADERS_TIMEOUT_MS', 'BODY_TIMEOUT_MS'] as const) {
    if (e[name] > e.REQUEST_TIMEOUT_MS) {
      check.problems.push(`${name} must not be longer than REQUEST_TIMEOUT_MS (${e.REQUEST_TIMEOUT_MS})`);
    }
  }
  return { headersMs: e.HEADERS_TIMEOUT_MS, bodyMs: e.BODY_TIMEOUT_MS, requestMs: e.REQUEST_TIMEOUT_MS };
}

/** When a body declaring `declaredBytes` (null: chunked, length unknown) must have arrived, after its headers. */
export function bodyDeadlineMs(timeouts: RequestTimeouts, declaredBytes: number | null): number {
  if (declaredBytes === null) return timeouts.requestMs;
  const pace = Math.ceil((declaredBytes / BODY_MIN_BYTES_PER_SECOND) * 1000);
  return Math.min(timeouts.requestMs, timeouts.bodyMs + pace);
}
