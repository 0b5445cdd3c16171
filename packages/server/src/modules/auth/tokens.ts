import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret for an access token, a link key or a one-time token. Only its hash is ever stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
