import { describe, expect, it } from 'vitest';
import { isPublicAddress, nonPublicReason } from '../../../src/check/ip-address.js';

describe('nonPublicReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified ("this network")'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['100.127.255.255', 'shared (carrier-grade NAT)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved (documentation)'],
    ['198.18.0.1', 'reserved (benchmarking)'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fc00::1', 'private (unique local)'],
    ['fd12:3456:789a::1', 'private (unique local)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['::127.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved (documentation)'],
    ['2002:7f00:1::1', 'reserved (6to4, embeds an IPv4 address)'],
    ['not-an-ip', 'not an IP address'],
    ['', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '169.253.0.1', '11.0.0.1', '223.255.255.255', '2606:4700::6810:84e5', '2a00:1450:4001:82a::200e', '::ffff:93.184.216.34', '64:ff9b::8.8.8.8'])(
    'accepts the public address %s',
    (address) => {
      expect(nonPublicReason(address)).toBeNull();
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});
