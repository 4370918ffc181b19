import {
  fetchFromPublicAddress,
  OutboundFetchError,
  type OutboundLimits,
  type ResolveHost,
} from '../outbound/public-fetch.ts';

export type { ResolveHost } from '../outbound/public-fetch.ts';

/**
 * Fetches the sign-in provider's profile picture for the header (issue 18), a request to an address
 * the server did not choose, so through the outbound checks (outbound/public-fetch.ts: https only,
 * every resolved address public, the connection pinned to it, redirects checked again): at most 3
 * redirects, 5 s for the whole fetch and 2 MB at most. What comes back is only bytes:
 * services/avatars.ts decodes them before anything is kept.
 */
export interface AvatarFetcher {
  fetch(url: string): Promise<Buffer>;
}

export class AvatarFetchError extends Error {
  override name = 'AvatarFetchError';
}

export interface AvatarFetchLimits extends Omit<OutboundLimits, 'localPeers'> {
  /** Only for tests against a peer on this machine: plain http, and 127.0.0.1 counted as public. */
  allowLocalPeer?: boolean;
}

export const AVATAR_FETCH_LIMITS: AvatarFetchLimits = {
  maxBytes: 2_000_000,
  timeoutMs: 5_000,
  maxRedirects: 3,
};

const TEST_PEER = '127.0.0.1';

export function createAvatarFetcher(
  limits: AvatarFetchLimits = AVATAR_FETCH_LIMITS,
  resolve?: ResolveHost,
): AvatarFetcher {
  const { allowLocalPeer, ...bounds } = limits;
  const outbound: OutboundLimits = { ...bounds, localPeers: allowLocalPeer ? [TEST_PEER] : [] };
  return {
    async fetch(address) {
      try {
        const answer = await fetchFromPublicAddress(address, outbound, {
          accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
          ...(resolve ? { resolve } : {}),
        });
        return answer.bytes;
      } catch (error) {
        if (!(error instanceof OutboundFetchError)) throw error;
        const message =
          error.reason === 'status'
            ? `the picture's host answered ${error.status}`
            : error.reason === 'too_large'
              ? 'refused: the picture is too large'
              : error.message;
        throw new AvatarFetchError(message);
      }
    },
  };
}
