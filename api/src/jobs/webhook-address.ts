import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export const WEBHOOK_ADDRESS_REFUSED_MESSAGE =
  'Adres webhooka musi prowadzić do serwera w internecie, nie do sieci wewnętrznej.';

/**
 * Whether the server may call `address`: a public unicast address, or one inside a network the
 * operator opened for an internal receiver (`WEBHOOK_INTERNAL_NETWORKS`). Loopback, link-local
 * (169.254.0.0/16 with the cloud metadata address, fe80::/10), private, unique-local, carrier-grade
 * NAT, multicast and reserved ranges are refused; IPv4 written as IPv6 (::ffff:127.0.0.1) counts
 * as the IPv4 it carries.
 */
export function isCallableAddress(address: string, internalNetworks: readonly string[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() === 'unicast') return true;
  return internalNetworks.some((cidr) => {
    const [network, bits] = ipaddr.parseCIDR(cidr);
    return ip.kind() === network.kind() && ip.match(network, bits);
  });
}

/** The host of an URL as an address when it is one (`[::1]` without its brackets). */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? bare : undefined;
}

/**
 * Checked when an owner saves the address: a literal address, or every address its name resolves
 * to now, must be callable. A name that does not resolve yet passes: every call checks again.
 */
export async function isCallableWebhookUrl(
  url: string,
  internalNetworks: readonly string[],
): Promise<boolean> {
  const { hostname } = new URL(url);
  const literal = literalAddress(hostname);
  if (literal) return isCallableAddress(literal, internalNetworks);
  const resolved = await dns.promises.lookup(hostname, { all: true }).catch(() => []);
  return resolved.every(({ address }) => isCallableAddress(address, internalNetworks));
}

export class RefusedWebhookAddressError extends Error {
  constructor(address: string) {
    super(`refused: ${address} is not a public address (WEBHOOK_INTERNAL_NETWORKS allows internal ones)`);
    this.name = 'RefusedWebhookAddressError';
  }
}

/**
 * The connection options of a webhook call: the name is resolved once, its addresses checked, and
 * the socket opened to the checked address — a name that answers a public address to the check and
 * a private one to the connection (DNS rebinding) has no second answer to give.
 */
export function guardedConnection(
  url: string,
  internalNetworks: readonly string[],
): { lookup: LookupFunction } | { refused: Error } {
  const literal = literalAddress(new URL(url).hostname);
  // Node opens a literal address without a lookup: it is checked here instead.
  if (literal && !isCallableAddress(literal, internalNetworks)) {
    return { refused: new RefusedWebhookAddressError(literal) };
  }
  const lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find(({ address }) => !isCallableAddress(address, internalNetworks));
      if (refused) return callback(new RefusedWebhookAddressError(refused.address), '', 0);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return first
        ? callback(null, first.address, first.family)
        : callback(new Error(`${hostname}: no address`), '', 0);
    });
  };
  return { lookup };
}
