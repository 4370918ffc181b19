import { isIP } from 'node:net';
import { z } from 'zod';
import { type AddressRange, addressRange, EVERY_ADDRESS, EVERY_IPV4, rangesCover } from '../ip-addresses.ts';
import { optionalHttpUrl, optionalText } from './env-fields.ts';
import { refuseFallback, requireHttpsInProduction, type SettingsCheck } from './settings-check.ts';

/**
 * Where the server listens, where browsers reach it, and which proxies in front of it are believed
 * (decision 0019).
 */

export const NetworkEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: optionalText,
  PUBLIC_URL: optionalHttpUrl,
  TRUST_PROXY: optionalText,
});
export type NetworkEnv = z.infer<typeof NetworkEnv>;

/** Where local mode listens when HOST is not set. */
export const LOOPBACK_HOST = '127.0.0.1';

/** PUBLIC_URL, or this machine's address on PORT outside production. */
export function readPublicUrl(e: NetworkEnv, check: SettingsCheck): URL {
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  if (check.production && !e.PUBLIC_URL)
    refuseFallback(check, 'PUBLIC_URL', 'the https address users reach', 'http://localhost');
  if (e.PUBLIC_URL) requireHttpsInProduction(check, 'PUBLIC_URL', e.PUBLIC_URL);
  return publicUrl;
}

/** HOST, once the local services are known. */
export function listenHost(e: NetworkEnv, localServices: string[]): string {
  // Local mode (sign-in as anyone, codes in the outbox) stays on this machine unless HOST says otherwise.
  return e.HOST ?? (localServices.length > 0 ? LOOPBACK_HOST : '0.0.0.0');
}

/**
 * Fastify's `trustProxy`, only in its safe forms: false (no proxy: the peer is the client), a hop
 * count (the right-most N addresses of X-Forwarded-For are our proxies, the next one is the client),
 * or the proxies' addresses and CIDR ranges (proxy-addr also knows loopback, linklocal, uniquelocal).
 * Never `true`, which believes any X-Forwarded-For a client writes.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for ranges, and the ranges each stands for. */
const PROXY_RANGE_NAMES: ReadonlyMap<string, readonly string[]> = new Map([
  ['loopback', ['127.0.0.1/8', '::1/128']],
  ['linklocal', ['169.254.0.0/16', 'fe80::/10']],
  ['uniquelocal', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
]);
const TRUST_PROXY_HELP =
  'set the number of proxies in front of the app (TRUST_PROXY=1 for one reverse proxy) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1); see README, "Behind a proxy"';

/** A proxy address or range as proxy-addr takes it, or why not. */
function proxyAddressProblem(entry: string): string | null {
  if (PROXY_RANGE_NAMES.has(entry)) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return `'${entry}' is not an IP address or a CIDR range`;
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits <= (family === 4 ? 32 : 128))) return `'${entry}' has an invalid prefix length`;
  if (bits === 0) return `'${entry}' is every address, which trusts any X-Forwarded-For`;
  return null;
}

/** TRUST_PROXY as Fastify's `trustProxy`; problems are pushed, named TRUST_PROXY. */
export function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === 'no' || text === '0') return false;
  if (text === 'true' || text === 'yes') {
    problems.push(
      `TRUST_PROXY=${text} is refused: it believes any X-Forwarded-For, so a client can pick its own IP address and dodge per-IP limits; ${TRUST_PROXY_HELP}`,
    );
    return false;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10)
      problems.push(`TRUST_PROXY: ${hops} proxies is more than any real chain; ${TRUST_PROXY_HELP}`);
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const found = entries.map(proxyAddressProblem).filter((problem) => problem !== null);
  // Only ranges that each make sense are judged together.
  const together = found.length === 0 ? everyAddressProblem(entries) : null;
  for (const problem of together ? [together] : found)
    problems.push(`TRUST_PROXY: ${problem}; ${TRUST_PROXY_HELP}`);
  return entries;
}

/**
 * Ranges that each hold part of the internet may together hold all of it ('0.0.0.0/1,128.0.0.0/1',
 * '::/1,8000::/1', or many small pieces): that trusts any X-Forwarded-For as surely as '0.0.0.0/0'.
 * Judged as proxy-addr matches: an IPv4 client by the IPv4 ranges and the IPv4-mapped IPv6 ones
 * ('::ffff:0:0/96' is every IPv4 address), an IPv6 client by the other IPv6 ranges.
 */
function everyAddressProblem(entries: readonly string[]): string | null {
  const ranges = entries
    .flatMap((entry) => PROXY_RANGE_NAMES.get(entry) ?? [entry])
    .map(addressRange)
    .filter((range): range is AddressRange => range !== null);
  const ipv4 = ranges.filter((range) => rangesCover([EVERY_IPV4], range));
  const ipv6 = ranges.filter((range) => !rangesCover([EVERY_IPV4], range));
  // Every IPv6 address, IPv4-mapped ones apart: those are IPv4 clients.
  const family = rangesCover(ipv4, EVERY_IPV4)
    ? 'IPv4'
    : rangesCover([...ipv6, EVERY_IPV4], EVERY_ADDRESS)
      ? 'IPv6'
      : null;
  if (!family) return null;
  const cover = entries.length > 1 ? 'together cover' : 'covers';
  return `'${entries.join(',')}' ${cover} every ${family} address, which trusts any X-Forwarded-For`;
}

/**
 * The TrustProxy as Fastify takes it. Fastify answers a bare number with "trust nobody" (it cannot
 * check the peer), so a hop count is given as proxy-addr's function: the socket's peer and the N-1
 * addresses before it in X-Forwarded-For are proxies; the one before them is the client. That is
 * sound only when the app cannot be reached except through those proxies (README, "Behind a proxy").
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  if (trustProxy === 0) return false;
  return (_address, hop) => hop < trustProxy;
}
