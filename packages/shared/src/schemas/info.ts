import { z } from '../validation.js';

export const InfoResponse = z.object({ version: z.string(), serverVersion: z.string() });
export type InfoResponse = z.infer<typeof InfoResponse>;

export const PublicKeyParams = z.object({ name: z.string().min(1).max(64) });
export const PublicKeyResponse = z.object({ name: z.string(), value: z.string() });
