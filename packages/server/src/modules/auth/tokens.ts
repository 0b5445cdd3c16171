import { hash, randomBytes } from 'node:crypto';

/** A new opaque secret for an access token, a link key or a one-time token. Only its hash is ever stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 in hex, one shot: every authenticated request hashes its token (a third of the time of a hasher object). */
export function hashSecret(secret: string): string {
  return hash('sha256', secret);
}
