import { z } from '../validation.js';

export const InfoResponse = z.object({
  version: z.string(),
  serverVersion: z.string(),
  /** Where the switch to the older platform version goes (`LEGACY_PLATFORM_URL`); null: there is none to offer. */
  legacyPlatformUrl: z.string().nullable(),
});
export type InfoResponse = z.infer<typeof InfoResponse>;

/**
 * The public keys the web app loads before its pages: the map style, web push's VAPID key. The server answers them
 * with a null value when it has none (the web then does without), where other names it lacks are 404.
 */
export const GLOBAL_PUBLIC_KEYS = ['map', 'vapid'] as const;
export type GlobalPublicKey = (typeof GLOBAL_PUBLIC_KEYS)[number];

export const PublicKeyParams = z.object({ name: z.string().min(1).max(64) });
export const PublicKeyResponse = z.object({ name: z.string(), value: z.string().nullable() });
