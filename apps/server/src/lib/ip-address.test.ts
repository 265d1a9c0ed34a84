import { describe, expect, it } from 'vitest';
import { ipv6Groups, isPublicAddress } from './ip-address';

/**
 * The ranges ipaddr.js brought beyond the ones apps/server/test/safe-fetch.test.ts already
 * proves (that file is kept unchanged: it shows the swap to the library refuses what the
 * hand-written parser refused).
 */
describe('isPublicAddress: special-purpose blocks', () => {
  it.each([
    // IPv4-mapped IPv6, in both spellings, carrying each kind of non-public IPv4.
    ['::ffff:192.168.1.1', 'mapped private'],
    ['::ffff:c0a8:101', 'mapped private, hexadecimal'],
    ['::ffff:100.64.0.1', 'mapped carrier-grade NAT'],
    ['::ffff:0.0.0.0', 'mapped unspecified'],
    ['::ffff:224.0.0.1', 'mapped multicast'],
    ['::ffff:255.255.255.255', 'mapped broadcast'],
    ['::ffff:240.0.0.1', 'mapped reserved'],
    ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145)'],
    // Transition mechanisms embedding a private IPv4 address.
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:0:a00:1::1', 'Teredo with a private server address'],
    ['64:ff9b::c0a8:101', 'NAT64 of 192.168.1.1'],
    ['64:ff9b::192.168.1.1', 'NAT64 of 192.168.1.1, dotted'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b:1::a00:1', 'local-use NAT64 (RFC 8215)'],
    // Documentation and benchmarking.
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.9', 'TEST-NET-3'],
    ['198.19.255.255', 'benchmarking'],
    ['2001:2::1', 'IPv6 benchmarking'],
    ['2001:db8:ffff::1', 'IPv6 documentation'],
    ['3fff::1', 'IPv6 documentation (RFC 9637)'],
    // IETF blocks.
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.175.48.1', 'AS112'],
    ['192.52.193.1', 'AMT'],
    ['2001:4:112::1', 'AS112 IPv6'],
    ['2620:4f:8000::1', 'AS112 IPv6 (direct delegation)'],
    ['2001:3::1', 'AMT IPv6'],
    ['2001:20::1', 'ORCHIDv2'],
    ['100::1', 'discard-only'],
    // Outside global unicast.
    ['fec0::1', 'deprecated site-local'],
    ['ff05::2', 'site-local multicast'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['::808:808', 'deprecated IPv4-compatible, hexadecimal'],
    ['::10.0.0.1', 'deprecated IPv4-compatible of a private address'],
    ['4000::1', 'unassigned'],
    ['5f00::1', 'segment routing'],
    // Forms only inet_aton reads: a resolver never answers them, so they are not addresses.
    ['2130706433', 'one decimal number'],
    ['0x7f.1', 'hexadecimal parts'],
    ['017.0.0.1', 'octal part'],
    ['127.1', 'two parts'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '9.9.9.9',
    '192.0.3.1',
    '198.20.0.1',
    '::ffff:1.1.1.1',
    '::ffff:101:101',
    '2001:4860:4860::8888',
    '2001:200::1',
    '2a01:e0a:1::1',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('reads the groups of a zoned address', () => {
    expect(ipv6Groups('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('64:ff9b::192.168.1.1')).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0xc0a8, 0x101]);
    expect(ipv6Groups('not:an:address')).toBeNull();
  });
});
