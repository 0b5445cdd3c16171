import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client address that the throttles count by. An IPv6 client counts by its /64 prefix: a subscriber is given a
 * whole /64 and can take a new address in it at will. An IPv4 address mapped into IPv6 counts as itself.
 */
export function throttledAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:([\d.]+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groups = head === '' ? [] : head.split(':');
  // Groups left out by `::` are zero; only the first four (the prefix) are kept, so the tail matters only by length.
  if (tail !== undefined) groups.push(...Array<string>(8 - groups.length - groupCount(tail)).fill('0'));
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** 16-bit groups in a part of an IPv6 address; an IPv4 address at its end holds two. */
function groupCount(part: string): number {
  if (part === '') return 0;
  const groups = part.split(':');
  return groups.length + (groups.at(-1)?.includes('.') ? 1 : 0);
}
