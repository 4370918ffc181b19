import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Fetches the sign-in provider's profile picture for the header (issue 18), the one request the server
 * makes to an address it did not choose. So: https only, redirects followed by hand (at most 3, each
 * checked again), a host that resolves to a private, loopback or link-local address refused (no request
 * into our own network), 5 s for the whole fetch and 2 MB at most, counted as the bytes arrive.
 * What comes back is only bytes: services/avatars.ts decodes them before anything is kept.
 */
export interface AvatarFetcher {
  fetch(url: string): Promise<Buffer>;
}

export class AvatarFetchError extends Error {
  override name = 'AvatarFetchError';
}

export interface AvatarFetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Only for tests against a peer on this machine: plain http and loopback addresses allowed. */
  allowLocalPeer?: boolean;
}

export const AVATAR_FETCH_LIMITS: AvatarFetchLimits = {
  maxBytes: 2_000_000,
  timeoutMs: 5_000,
  maxRedirects: 3,
};

/** IPv4 and IPv6 ranges that are not the public internet (RFC 1918, 6598, 3927, 4193, loopback, …). */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isNonPublicAddress(mapped);
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const lower = address.toLowerCase();
  return (
    lower === '::' ||
    lower === '::1' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('fe8') ||
    lower.startsWith('fe9') ||
    lower.startsWith('fea') ||
    lower.startsWith('feb') ||
    lower.startsWith('ff')
  );
}

async function checkDestination(url: URL, limits: AvatarFetchLimits): Promise<void> {
  const schemeOk = url.protocol === 'https:' || (limits.allowLocalPeer && url.protocol === 'http:');
  if (!schemeOk) throw new AvatarFetchError(`refused: ${url.protocol} is not https`);
  if (url.username || url.password) throw new AvatarFetchError('refused: credentials in the address');
  if (limits.allowLocalPeer) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (addresses.length === 0 || addresses.some(isNonPublicAddress)) {
    throw new AvatarFetchError('refused: the host is not on the public internet');
  }
}

export function createAvatarFetcher(limits: AvatarFetchLimits = AVATAR_FETCH_LIMITS): AvatarFetcher {
  return {
    async fetch(address) {
      const signal = AbortSignal.timeout(limits.timeoutMs);
      let url = new URL(address);
      for (let hop = 0; ; hop += 1) {
        await checkDestination(url, limits);
        const response = await fetch(url, {
          redirect: 'manual',
          signal,
          headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
        });
        if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
          await response.body?.cancel();
          if (hop >= limits.maxRedirects) throw new AvatarFetchError('refused: too many redirects');
          url = new URL(response.headers.get('location') ?? '', url);
          continue;
        }
        if (!response.ok || !response.body) {
          await response.body?.cancel();
          throw new AvatarFetchError(`the picture's host answered ${response.status}`);
        }
        const declared = Number(response.headers.get('content-length') ?? 0);
        if (declared > limits.maxBytes) {
          await response.body.cancel();
          throw new AvatarFetchError('refused: the picture is too large');
        }
        const reader = response.body.getReader();
        const chunks: Buffer[] = [];
        let size = 0;
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          size += read.value.byteLength;
          if (size > limits.maxBytes) {
            await reader.cancel();
            throw new AvatarFetchError('refused: the picture is too large');
          }
          chunks.push(Buffer.from(read.value));
        }
        return Buffer.concat(chunks);
      }
    },
  };
}
