import type { RealtimeConnection } from './connection.ts';

/**
 * Which sockets this instance keeps (src/domain/realtime.ts REALTIME_LIMITS): at most so many from one
 * address (its key: an IPv6 address counts as its /64, http/plugins/rate-limits.ts clientKey), at most so many anonymous ones (no live session or grant, following nothing), and an
 * anonymous one only for a short while. Counted per instance: they guard its memory and sockets.
 */
export interface AdmissionLimits {
  maxConnectionsPerIp: number;
  maxAnonymousConnections: number;
  anonymousIdleMs: number;
}

export class ConnectionAdmission {
  readonly #byIp = new Map<string, number>();
  readonly #anonymous = new Map<RealtimeConnection, NodeJS.Timeout>();

  constructor(private readonly limits: AdmissionLimits) {}

  /** Takes a place for a socket from `ip` (an address's key); false when it has its fill (release it on close). */
  admit(ip: string): boolean {
    const open = this.#byIp.get(ip) ?? 0;
    if (open >= this.limits.maxConnectionsPerIp) return false;
    this.#byIp.set(ip, open + 1);
    return true;
  }

  release(ip: string): void {
    const open = (this.#byIp.get(ip) ?? 0) - 1;
    if (open > 0) this.#byIp.set(ip, open);
    else this.#byIp.delete(ip);
  }

  /**
   * Counts the socket as anonymous, and calls `onIdle` if it still is after anonymousIdleMs; false
   * (nothing counted) when the anonymous places are all taken.
   */
  holdAnonymous(connection: RealtimeConnection, onIdle: () => void): boolean {
    if (this.#anonymous.has(connection)) return true;
    if (this.#anonymous.size >= this.limits.maxAnonymousConnections) return false;
    const timer = setTimeout(() => {
      this.#anonymous.delete(connection);
      onIdle();
    }, this.limits.anonymousIdleMs);
    timer.unref();
    this.#anonymous.set(connection, timer);
    return true;
  }

  /** The socket follows something (or closed): no longer anonymous. */
  forgetAnonymous(connection: RealtimeConnection): void {
    clearTimeout(this.#anonymous.get(connection));
    this.#anonymous.delete(connection);
  }

  get anonymousCount(): number {
    return this.#anonymous.size;
  }
}
