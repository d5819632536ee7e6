import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. (@node-rs/argon2 ships prebuilt
// binaries per platform as npm packages; the `argon2` package's prebuild crashes on these machines.)
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the account does not exist, so an unknown
 * email costs the same time as a wrong password and answer times do not reveal which emails exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
}
