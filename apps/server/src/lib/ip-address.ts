import ipaddr from 'ipaddr.js';

/**
 * Which addresses a server-side fetch of a user-given URL may reach (SSRF): only the public
 * internet. The ranges are ipaddr.js's table of special-purpose blocks (IANA registries), so a
 * block the registries add comes with an update of the library instead of an edit here.
 *
 * Public means ipaddr.js's `unicast`, i.e. none of: in IPv4 "this network" (0/8), private
 * (RFC 1918), carrier-grade NAT (100.64/10), loopback, link-local (cloud metadata at
 * 169.254.169.254), the IETF, documentation and benchmark blocks, AS112 and AMT, multicast,
 * reserved (240/4) and broadcast; in IPv6 unspecified, loopback, link-local, unique local,
 * multicast, discard, NAT64 (64:ff9b::/96 and 64:ff9b:1::/48), IPv4-translated, 6to4, Teredo,
 * ORCHID, benchmark, documentation (2001:db8::/32, 3fff::/20) and the other IETF blocks.
 * IPv6 must moreover be global unicast (2000::/3): anything the registries have not assigned is
 * refused too, and so is the deprecated IPv4-compatible form in hexadecimal (::7f00:1).
 * An IPv4-mapped address (::ffff:a.b.c.d, also written ::ffff:7f00:1) is judged by the IPv4
 * address it carries; ipaddr.js reads the dotted IPv4-compatible form (::a.b.c.d) as mapped, so
 * it is judged the same way. 6to4, Teredo and NAT64 addresses are refused whatever they carry.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Strict parsing: IPv4 only as four decimal parts (ipaddr.js alone would also read the
 * inet_aton forms '2130706433', '0x7f.1' or '017.0.0.1'; URL parsing has already turned those
 * into dotted quads, and a resolver never returns them). An IPv6 zone (%eth0) is allowed.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address);
  if (ipaddr.IPv6.isValid(address)) return ipaddr.IPv6.parse(address);
  return null;
}

/** The eight 16-bit groups of an IPv6 address (`::`, an embedded dotted quad, a zone), else null. */
export function ipv6Groups(address: string): number[] | null {
  return ipaddr.IPv6.isValid(address) ? [...ipaddr.IPv6.parse(address).parts] : null;
}

/** True only for an address of the public internet (see above); false for anything unparsable. */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (parsed === null) return false;
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}
