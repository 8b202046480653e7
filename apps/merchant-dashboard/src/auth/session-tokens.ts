import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'momo_dashboard_session';
export const CSRF_HEADER = 'x-csrf-token';

/** 256 random bits, URL-safe: session tokens, CSRF tokens and invitation tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored, so a copy of the sessions table cannot be used to sign in. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
