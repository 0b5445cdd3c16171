import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane. */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2 satisfies Algorithm.Argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

let unknownUserHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such user, or no password set yet) it checks against a
 * throw-away hash, so a wrong address takes as long as a wrong password and reveals nothing.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    unknownUserHash ??= hashPassword('no user has this password');
    await verify(await unknownUserHash, password);
    return false;
  }
  return verify(storedHash, password);
}
