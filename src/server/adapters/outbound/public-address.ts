import { BlockList, isIP } from 'node:net';
import { lastIpv4Of } from '../../ip-addresses.ts';

/**
 * Whether an address is on the public internet, for the one request the server makes to an address it
 * did not choose (the profile picture, decision 0043). Written as the IANA special-purpose registries
 * for IPv4 and IPv6, whole: a range there is refused even where the registry calls it globally
 * reachable (anycast relays, AS112), as no picture is served from one. IPv6 must also be global unicast
 * (2000::/3); an address that carries an IPv4 address (IPv4-mapped, NAT64's well-known prefix) is judged
 * by that IPv4 address, whatever notation it was written in. Anything that does not parse is refused.
 */

const IPV4_SPECIAL: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // direct delegation AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 (limited broadcast)
];

const IPV6_SPECIAL: readonly (readonly [string, number])[] = [
  ['::', 96], // unspecified, loopback, deprecated IPv4-compatible
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b:1::', 48], // local-use NAT64: any embedding, into any network
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy prefix
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking 2001:2::/48, ORCHID, AMT, …
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: the IPv4 address it reaches is the relay's choice
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
];

/** The ranges that embed an IPv4 address in their last 32 bits: judged by that address. */
const IPV6_CARRYING_IPV4: readonly (readonly [string, number])[] = [
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64 well-known prefix (with DNS64, every IPv4-only host looks like this)
];

function blockListOf(ranges: readonly (readonly [string, number])[], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const ipv4Special = blockListOf(IPV4_SPECIAL, 'ipv4');
const ipv6Special = blockListOf(IPV6_SPECIAL, 'ipv6');
const ipv6CarryingIpv4 = blockListOf(IPV6_CARRYING_IPV4, 'ipv6');
const ipv6GlobalUnicast = blockListOf([['2000::', 3]], 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !ipv4Special.check(address, 'ipv4');
  if (family !== 6 || address.includes('%')) return false;
  if (ipv6CarryingIpv4.check(address, 'ipv6')) {
    const ipv4 = lastIpv4Of(address);
    return ipv4 !== null && isPublicAddress(ipv4);
  }
  return ipv6GlobalUnicast.check(address, 'ipv6') && !ipv6Special.check(address, 'ipv6');
}
