import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are stored as `scrypt$N$r$p$salt$hash` (memory-hard, Node's own crypto): the
 * parameters travel with each hash so they can be raised later without breaking old ones.
 * N = 2^15, r = 8 uses 32 MiB and about 60 ms per check on these machines.
 */
const PARAMS = { N: 1 << 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 12;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: 128 * params.N * params.r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Checked when nobody has this e-mail address, so a wrong address costs as long as a wrong password. */
export const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** 256 random bits, URL-safe: dashboard session, CSRF and invitation tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored for sessions and invitations, so a copy of the tables cannot be used to sign in. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
