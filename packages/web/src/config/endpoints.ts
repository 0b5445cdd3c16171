import { vendor } from '@vendor';
import type { EndpointConfig, EndpointSet } from '@/vendors/vendor';

export interface ChosenEndpointSet extends EndpointSet {
  name: string;
}

function hostMatches(pattern: string, host: string): boolean {
  const entry = pattern.toLowerCase();
  if (!entry.startsWith('*.')) return entry === host;
  return host.endsWith(entry.slice(1));
}

/**
 * The endpoint set for the host the app is served from: the vendor's host table decides (an exact host first, then
 * the `*.domain` entries), any other host gets `production`. A table entry naming no set also falls back to
 * `production`, so a typo in the vendor file never leaves the app without an API.
 */
export function chooseEndpointSet(hostname: string, config: EndpointConfig): ChosenEndpointSet {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  const entries = Object.entries(config.hosts);
  const exact = entries.find(([pattern]) => !pattern.startsWith('*.') && hostMatches(pattern, host));
  const wildcard = entries.find(([pattern]) => pattern.startsWith('*.') && hostMatches(pattern, host));
  const name = (exact ?? wildcard)?.[1] ?? 'production';
  const set = config.endpointSets[name];
  return set ? { name, ...set } : { name: 'production', ...config.endpointSets.production };
}

let chosen: ChosenEndpointSet | undefined;

/** The endpoint set of this page, chosen once from `location.hostname`. */
export function currentEndpointSet(): ChosenEndpointSet {
  chosen ??= chooseEndpointSet(window.location.hostname, vendor);
  return chosen;
}
