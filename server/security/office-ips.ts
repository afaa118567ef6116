import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Parses 'a.b.c.d, e.f.g.h/24, ::1' into a matcher; throws on a malformed entry (checked at boot). */
export function officeMatcher(spec: string): (ip: string) => boolean {
  const list = new BlockList();
  let any = false;
  for (const raw of spec.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address, bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    if (!type) throw new Error(`OFFICE_IPS: '${entry}' is not an IP address`);
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (type === 'ipv4' ? 32 : 128))
        throw new Error(`OFFICE_IPS: '${entry}' has a bad prefix length`);
      list.addSubnet(address, prefix, type);
    }
    any = true;
  }
  if (!any) return () => false;
  return (ip) => {
    // Fastify reports IPv4 peers on dual-stack sockets as '::ffff:a.b.c.d'.
    const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    if (isIPv4(plain)) return list.check(plain, 'ipv4');
    return isIPv6(plain) && list.check(plain, 'ipv6');
  };
}
