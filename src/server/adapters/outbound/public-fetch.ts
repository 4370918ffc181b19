import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage, STATUS_CODES } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.ts';

/**
 * The requests the server makes to an address it did not choose: the sign-in provider's profile
 * picture (identity/avatar-fetcher.ts) and a booking calendar's iCal export (calendars). So: https
 * only, redirects followed by hand (each hop checked again), the host's name resolved once and every
 * address it gave checked (public-address.ts), the connection made to that checked address only (no
 * second resolution a rebinding DNS server could answer differently; decision 0043), a time limit for
 * the whole fetch and a byte limit counted as the bytes arrive.
 */

export type OutboundRefusal =
  | 'scheme'
  | 'credentials'
  | 'not_public'
  | 'too_many_redirects'
  | 'status'
  | 'too_large'
  | 'timeout'
  | 'network';

export class OutboundFetchError extends Error {
  override name = 'OutboundFetchError';
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
    /** The HTTP status, for `status`. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface OutboundLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /**
   * Addresses on this machine that may be read, over plain http too: the tests' peer (127.0.0.1), and
   * in local mode a calendar served by this very app. Never in production.
   */
  localPeers?: readonly string[];
}

export interface OutboundAnswer {
  bytes: Buffer;
  contentType: string | null;
}

/** Every address a host name resolves to (tests give their own, to play a rebinding DNS server). */
export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

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
export async function checkedAddress(
  url: URL,
  limits: OutboundLimits,
  resolve: ResolveHost,
  signal: AbortSignal,
): Promise<string> {
  const peers = limits.localPeers ?? [];
  const schemeOk = url.protocol === 'https:' || (peers.length > 0 && url.protocol === 'http:');
  if (!schemeOk) throw new OutboundFetchError('scheme', `refused: ${url.protocol} is not https`);
  if (url.username || url.password) {
    throw new OutboundFetchError('credentials', 'refused: credentials in the address');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await withinTime(resolve(host), signal);
  const permitted = (address: string) => isPublicAddress(address) || peers.includes(address);
  const [first] = addresses;
  if (first === undefined || !addresses.every(permitted)) {
    throw new OutboundFetchError('not_public', 'refused: the host is not on the public internet');
  }
  return first;
}

/** Node's lookup, answering only the checked address: the Host header and TLS name stay the URL's. */
export function pinnedTo(address: string): LookupFunction {
  const family = isIP(address);
  return ((_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

function requestOnce(
  url: URL,
  address: string,
  signal: AbortSignal,
  accept: string,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        agent: false, // a pooled socket could be one opened for another check
        lookup: pinnedTo(address),
        signal,
        headers: { accept, 'user-agent': 'ListSync' },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

async function readWithin(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new OutboundFetchError('too_large', `refused: the answer is too large (over ${maxBytes} bytes)`);
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function statusError(status: number): OutboundFetchError {
  const text = STATUS_CODES[status];
  return new OutboundFetchError('status', `answered ${status}${text ? ` ${text}` : ''}`, status);
}

/** What the time limit or a broken connection became: our words, not Node's. */
export function asOutboundError(error: unknown, signal: AbortSignal, timeoutMs: number): unknown {
  if (error instanceof OutboundFetchError) return error;
  if (signal.aborted) {
    return new OutboundFetchError('timeout', `timeout: no complete answer within ${timeoutMs / 1000} s`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new OutboundFetchError('network', `could not connect: ${message}`);
}

/** GET `address` within the limits: the body's bytes on a 2xx, else an OutboundFetchError. */
export async function fetchFromPublicAddress(
  address: string,
  limits: OutboundLimits,
  options: { accept: string; resolve?: ResolveHost },
): Promise<OutboundAnswer> {
  const resolve = options.resolve ?? resolveWithDns;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop += 1) {
      const response = await requestOnce(
        url,
        await checkedAddress(url, limits, resolve, signal),
        signal,
        options.accept,
      );
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        if (hop >= limits.maxRedirects) {
          throw new OutboundFetchError('too_many_redirects', 'refused: too many redirects');
        }
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw statusError(status);
      }
      const contentType = response.headers['content-type'] ?? null;
      return { bytes: await readWithin(response, limits.maxBytes), contentType };
    }
  } catch (error) {
    throw asOutboundError(error, signal, limits.timeoutMs);
  }
}
