import { isIP } from 'node:net';

/**
 * Client addresses as the limits count them, and address ranges as TRUST_PROXY names them
 * (docs/decisions/0042). Every address is read as 128 bits, an IPv4 address as its IPv4-mapped IPv6
 * form (::ffff:a.b.c.d), which is how proxy-addr compares an address with a range of the other
 * family: one space in which "every IPv4 address" is ::ffff:0:0/96 and "every address" is ::/0.
 */

const ALL_BITS = (1n << 128n) - 1n;
const MAPPED_PREFIX = 0xffffn << 32n;

/** The 128 bits of an IPv4 or IPv6 address (a zone such as %eth0 ignored), or null if it is not one. */
export function addressBits(address: string): bigint | null {
  const plain = address.split('%')[0] ?? '';
  const family = isIP(plain);
  if (family === 4) return MAPPED_PREFIX | ipv4Bits(plain);
  if (family !== 6) return null;
  const [head = '', tail] = plain.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').flatMap(ipv6Groups));
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.reduce((bits, group) => (bits << 16n) | BigInt(group), 0n);
}

function ipv4Bits(address: string): bigint {
  return address.split('.').reduce((bits, byte) => (bits << 8n) | BigInt(Number(byte)), 0n);
}

/** One group of an IPv6 address as 16-bit numbers: a dotted IPv4 tail is two of them. */
function ipv6Groups(group: string): number[] {
  if (!group.includes('.')) return [Number.parseInt(group, 16)];
  const bits = Number(ipv4Bits(group));
  return [Math.floor(bits / 0x10000), bits % 0x10000];
}

/** Whether the 128 bits are an IPv4 address (::ffff:0:0/96), whichever way it was written. */
function isMappedIpv4(bits: bigint): boolean {
  return bits >> 32n === 0xffffn;
}

function ipv4Text(bits: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((bits >> shift) & 0xffn)).join('.');
}

/** RFC 5952's text of an IPv6 address: lower case, no leading zeros, the longest run of zeros as '::'. */
function ipv6Text(bits: bigint): string {
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => Number((bits >> shift) & 0xffffn));
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start += 1) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length += 1;
    if (length > best.length) best = { start, length };
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(':');
  const before = hex.slice(0, best.start).join(':');
  const after = hex.slice(best.start + best.length).join(':');
  return `${before}::${after}`;
}

/** The last 32 bits of an IPv4 or IPv6 address as dotted IPv4 (the address an IPv6 form carries), or null. */
export function lastIpv4Of(address: string): string | null {
  const bits = addressBits(address);
  return bits === null ? null : ipv4Text(bits & 0xffffffffn);
}

/**
 * The key a client address is counted under by every per-address limit: an IPv4 address as it is
 * (also when written as IPv4-mapped IPv6, ::ffff:a.b.c.d or ::ffff:7f00:1), an IPv6 address as its
 * network of `ipv6Prefix` bits ('2001:db8:1:2::/64'): one home, one cloud machine or one LAN holds a
 * whole /64, and would otherwise hold 2^64 budgets. Anything else (no address) is kept as it is.
 */
export function addressKey(address: string, ipv6Prefix: number): string {
  const bits = addressBits(address);
  if (bits === null) return address;
  if (isMappedIpv4(bits)) return ipv4Text(bits & 0xffffffffn);
  const hostBits = BigInt(128 - ipv6Prefix);
  return `${ipv6Text((bits >> hostBits) << hostBits)}/${ipv6Prefix}`;
}

/** A range of the 128-bit space, first and last address included. */
export interface AddressRange {
  first: bigint;
  last: bigint;
}

/** A CIDR range or an address ('10.0.0.0/8', '::1') in the 128-bit space; null if it is not one. */
export function addressRange(entry: string): AddressRange | null {
  const [address = '', prefix, ...rest] = entry.split('/');
  const bits = addressBits(address);
  if (bits === null || rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return null;
  const length = prefix === undefined ? 128 : Number(prefix) + (isIP(address) === 4 ? 96 : 0);
  if (length > 128) return null;
  const hostMask = ALL_BITS >> BigInt(length);
  return { first: bits & ~hostMask, last: (bits & ~hostMask) | hostMask };
}

/** Every IPv4 address (as IPv4-mapped IPv6) and every address at all. */
export const EVERY_IPV4: AddressRange = { first: MAPPED_PREFIX, last: MAPPED_PREFIX | 0xffffffffn };
export const EVERY_ADDRESS: AddressRange = { first: 0n, last: ALL_BITS };

/** Whether the ranges together hold every address of `whole` (pieces may overlap, in any order). */
export function rangesCover(ranges: readonly AddressRange[], whole: AddressRange): boolean {
  let next = whole.first;
  for (const range of [...ranges].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0))) {
    if (range.first > next) break;
    if (range.last >= next) next = range.last + 1n;
    if (next > whole.last) return true;
  }
  return false;
}
