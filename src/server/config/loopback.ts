import { BlockList, isIP } from 'node:net';

/**
 * What counts as this computer: the loopback addresses (127.0.0.0/8 and ::1, in any of their written
 * forms, IPv4-mapped included) and the name `localhost`. Local mode's test checkout runs only there
 * (decision 0044): the server bound to such an address, reached by such a name, from such a peer.
 */

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an IP address (as a socket or proxy-addr gives it) is a loopback one; false for anything else. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = isIP(address ?? '');
  if (!address || family === 0) return false;
  return LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether a host setting or URL host name (brackets allowed) names this computer only. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return name === 'localhost' || isLoopbackAddress(name);
}
