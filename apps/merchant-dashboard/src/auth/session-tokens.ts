import { timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'momo_dashboard_session';
export const CSRF_HEADER = 'x-csrf-token';

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
