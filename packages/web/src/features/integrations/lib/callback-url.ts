import type { IntegrationNetwork } from '@iot/shared';

/** Where each network posts its uplinks, under the API's base URL. */
const CALLBACK_PATHS: Record<IntegrationNetwork, string> = {
  sigfox: '/ingest/sigfox',
  chirpstack: '/ingest/lora/chirpstack',
  ttn: '/ingest/lora/ttn',
  http: '/ingest/http',
};

/**
 * The URL to give the network. Sigfox callbacks cannot always set headers, so theirs carries the token in the query;
 * the others send it in the `x-integration-token` header.
 */
export function callbackUrl(network: IntegrationNetwork, apiBaseUrl: string, origin: string, token: string): string {
  const base = new URL(`${apiBaseUrl.replace(/\/$/, '')}${CALLBACK_PATHS[network]}`, origin);
  if (network === 'sigfox') base.searchParams.set('token', token);
  return base.toString();
}

/** Networks whose integration keeps a network server's URL and API key, for downlinks. */
export const hasNetworkServer = (network: IntegrationNetwork) => network === 'chirpstack' || network === 'ttn';
