import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.ts';

/**
 * Fetches the sign-in provider's profile picture for the header (issue 18), the one request the server
 * makes to an address it did not choose. So: https only, redirects followed by hand (at most 3, each
 * checked again), the host's name resolved once and every address it gave checked (public-address.ts),
 * the connection made to that checked address only (no second resolution a rebinding DNS server could
 * answer differently; decision 0043), 5 s for the whole fetch and 2 MB at most, counted as the bytes
 * arrive. What comes back is only bytes: services/avatars.ts decodes them before anything is kept.
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
  /** Only for tests against a peer on this machine: plain http, and 127.0.0.1 counted as public. */
  allowLocalPeer?: boolean;
}

export const AVATAR_FETCH_LIMITS: AvatarFetchLimits = {
  maxBytes: 2_000_000,
  timeoutMs: 5_000,
  maxRedirects: 3,
};

/** Every address a host name resolves to (tests give their own, to play a rebinding DNS server). */
export type ResolveHost = (host: string) => Promise<string[]>;

const resolveWithDns: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

const TEST_PEER = '127.0.0.1';

/** The DNS answer, or the fetch's time limit if that comes first (a lookup cannot be cancelled). */
function withinTime<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** The one address this hop may connect to, after every address of its host was checked. */
async function checkedAddress(
  url: URL,
  limits: AvatarFetchLimits,
  resolve: ResolveHost,
  signal: AbortSignal,
): Promise<string> {
  const schemeOk = url.protocol === 'https:' || (limits.allowLocalPeer && url.protocol === 'http:');
  if (!schemeOk) throw new AvatarFetchError(`refused: ${url.protocol} is not https`);
  if (url.username || url.password) throw new AvatarFetchError('refused: credentials in the address');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await withinTime(resolve(host), signal);
  const permitted = (address: string) =>
    isPublicAddress(address) || (limits.allowLocalPeer === true && address === TEST_PEER);
  const [first] = addresses;
  if (first === undefined || !addresses.every(permitted)) {
    throw new AvatarFetchError('refused: the host is not on the public internet');
  }
  return first;
}

/** Node's lookup, answering only the checked address: the Host header and TLS name stay the URL's. */
function pinnedTo(address: string): LookupFunction {
  const family = isIP(address);
  return ((_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

function requestOnce(url: URL, address: string, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        agent: false, // a pooled socket could be one opened for another check
        lookup: pinnedTo(address),
        signal,
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

async function readWithin(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw new AvatarFetchError('refused: the picture is too large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      response.destroy();
      throw new AvatarFetchError('refused: the picture is too large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function createAvatarFetcher(
  limits: AvatarFetchLimits = AVATAR_FETCH_LIMITS,
  resolve: ResolveHost = resolveWithDns,
): AvatarFetcher {
  return {
    async fetch(address) {
      const signal = AbortSignal.timeout(limits.timeoutMs);
      let url = new URL(address);
      for (let hop = 0; ; hop += 1) {
        const response = await requestOnce(url, await checkedAddress(url, limits, resolve, signal), signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.destroy();
          if (hop >= limits.maxRedirects) throw new AvatarFetchError('refused: too many redirects');
          url = new URL(location, url);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          throw new AvatarFetchError(`the picture's host answered ${status}`);
        }
        return readWithin(response, limits.maxBytes);
      }
    },
  };
}
