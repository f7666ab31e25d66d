// Which IP addresses are on the public internet. `check --external` requests only those:
// a link (or a redirect) to loopback, a private network or the cloud metadata address
// would otherwise make the writer's machine or CI runner probe its own network.
// Ranges from the IANA special-purpose address registries (RFC 6890 and updates).
import { isIPv4, isIPv6 } from 'node:net';

type Range = readonly [base: string, bits: number, reason: string];

const V4_NOT_PUBLIC: readonly Range[] = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved (IETF protocol assignments)'],
  ['192.0.2.0', 24, 'reserved (documentation)'],
  ['192.88.99.0', 24, 'reserved (6to4 relay)'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved (benchmarking)'],
  ['198.51.100.0', 24, 'reserved (documentation)'],
  ['203.0.113.0', 24, 'reserved (documentation)'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // with 255.255.255.255, the broadcast address
];

// Checked in order; the first match wins, so the ranges that embed an IPv4 address
// come before the catch-all "outside 2000::/3".
const V6_NOT_PUBLIC: readonly Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'private (local NAT64)'],
  ['100::', 64, 'reserved (discard-only)'],
  ['2001::', 23, 'reserved (IETF protocol assignments: Teredo, benchmarking, ORCHID)'],
  ['2001:db8::', 32, 'reserved (documentation)'],
  ['2002::', 16, 'reserved (6to4, embeds an IPv4 address)'],
  ['3fff::', 20, 'reserved (documentation)'],
  ['fc00::', 7, 'private (unique local)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

/**
 * Why an address is not a public one ("loopback", "private", …), or null when it is
 * public. Anything that does not parse as an IP address is not public (fail closed).
 */
export function nonPublicReason(address: string): string | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''); // URL brackets, zone id
  if (isIPv4(bare)) return v4Reason(v4Number(bare));
  if (!isIPv6(bare)) return 'not an IP address';
  const value = v6Number(bare);
  const low32 = Number(value & 0xffff_ffffn);
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address inside.
  if (value >> 32n === 0xffffn) return prefixed('IPv4-mapped', v4Reason(low32));
  if (value >> 32n === v6Number('64:ff9b::') >> 32n) return prefixed('NAT64', v4Reason(low32));
  for (const [base, bits, reason] of V6_NOT_PUBLIC) {
    if (value >> BigInt(128 - bits) === v6Number(base) >> BigInt(128 - bits)) return reason;
  }
  // Only 2000::/3 is allocated as global unicast; the rest of the space is reserved.
  return value >> 125n === 1n ? null : 'reserved';
}

export const isPublicAddress = (address: string): boolean => nonPublicReason(address) === null;

function v4Reason(value: number): string | null {
  for (const [base, bits, reason] of V4_NOT_PUBLIC) {
    if (value >>> (32 - bits) === v4Number(base) >>> (32 - bits)) return reason;
  }
  return null;
}

function prefixed(kind: string, reason: string | null): string | null {
  return reason === null ? null : `${kind} ${reason}`;
}

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** An address node:net already accepted as IPv6, as a 128-bit number. */
function v6Number(address: string): bigint {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = v4Number(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') as [string, string] : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === null ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}
