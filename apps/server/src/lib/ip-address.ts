import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a server-side fetch of a user-given URL may reach (SSRF): only the public
 * internet. Refused: "this network" and unspecified, private (RFC 1918), CGNAT, loopback,
 * link-local (cloud metadata at 169.254.169.254), the IETF, documentation and benchmark blocks,
 * multicast, reserved and broadcast; in IPv6 everything outside global unicast (2000::/3) plus the
 * documentation, Teredo, 6to4, NAT64 and ORCHID blocks inside it. An IPv4-mapped or -compatible
 * IPv6 address is judged by the IPv4 address it carries.
 */
const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}

const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');

const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32), ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address that could be private
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (`::`, an embedded dotted quad, no zone). */
export function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address;
  const tail: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    const bytes = dotted[1].split('.').map(Number);
    tail.push(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0), ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0));
    text = text.slice(0, -dotted[1].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  const right = [...parse(rest ?? ''), ...tail];
  const missing = 8 - left.length - right.length;
  if (rest === undefined) return missing === 0 ? [...left, ...right] : null;
  return [...left, ...new Array(Math.max(missing, 0)).fill(0), ...right];
}

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or -compatible (::a.b.c.d) address carries. */
function embeddedIpv4(groups: number[]): string | null {
  const zeros = groups.slice(0, 5).every((g) => g === 0);
  if (!zeros || (groups[5] !== 0xffff && groups[5] !== 0)) return null;
  const hi = groups[6] ?? 0;
  const lo = groups[7] ?? 0;
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** True only for an address of the public internet (see above); false for anything unparsable. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !blockedV4.check(address, 'ipv4');
  if (version !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const v4 = embeddedIpv4(groups);
  // ::ffff:0:0/96 and the deprecated ::/96 (which also holds :: and ::1): the IPv4 rule decides,
  // except that :: and ::1 themselves, whose "IPv4" would be 0.0.0.0 and 0.0.0.1, are refused by it.
  if (v4 !== null) return !blockedV4.check(v4, 'ipv4');
  return globalUnicastV6.check(address, 'ipv6') && !blockedV6.check(address, 'ipv6');
}
