import { BlockList, isIP } from 'node:net';

/** Addresses no push service lives at: this machine, private networks, link-local and carrier-grade NAT. */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6) is on this machine or a private network; a name is not an address (false). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = family === 6 ? address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)?.[1] : undefined;
  if (mapped) return PRIVATE_NETWORKS.check(mapped, 'ipv4');
  return PRIVATE_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether the server may POST to a push endpoint a browser handed it: only https, and never to this machine or a
 * private network by name or address, so a stored subscription cannot turn the server against internal services.
 * (A public name that resolves to a private address is not caught here.)
 */
export function isPublicPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
    return false;
  }
  const family = isIP(host);
  if (family === 0) return host.includes('.');
  return !PRIVATE_NETWORKS.check(host, family === 4 ? 'ipv4' : 'ipv6');
}
