import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/** The IPv6 prefix one client is counted by unless LIMIT_IPV6_PREFIX says otherwise. */
export const DEFAULT_IPV6_PREFIX = 64;

/**
 * The key every per-address limit counts a client by: an IPv4 address as it is (an IPv4-mapped
 * IPv6 address, `::ffff:a.b.c.d`, as its IPv4 address), an IPv6 address by its network of
 * `v6Prefix` bits (`2001:db8:1:2::/64`). One host is handed a whole /64 and picks any address
 * of it for each request, so counting single IPv6 addresses let it pass every cap (60 code
 * requests from one /64 against a cap of 30). Anything that is no address (a test's label)
 * is its own key.
 */
export function addressKey(ip: string, v6Prefix = DEFAULT_IPV6_PREFIX): string {
  // Four-part decimal only for IPv4: ipaddr would also take '0x7f.1'-style forms no socket reports.
  if (!ipaddr.IPv4.isValidFourPartDecimal(ip) && !ipaddr.IPv6.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString().split('%')[0]}/${v6Prefix}`);
  return `${network.toString()}/${v6Prefix}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's key for per-address limits: `addressKey(request.ip, LIMIT_IPV6_PREFIX)`. */
    readonly addressKey: string;
  }
}

/** Gives every request its `addressKey`, with the app's IPv6 prefix length. */
export function registerAddressKey(app: FastifyInstance, v6Prefix = DEFAULT_IPV6_PREFIX) {
  app.decorateRequest('addressKey', {
    getter(this: FastifyRequest) {
      return addressKey(this.ip, v6Prefix);
    },
  });
}
