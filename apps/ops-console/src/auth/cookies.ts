/** The value of one cookie in a Cookie header (no library needed for reading a few of our own). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  secure: boolean;
  path?: string;
}

/** HttpOnly, SameSite=Strict: never readable by scripts, never sent by another site's page. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export const SESSION_COOKIE = 'momo_console_session';
/** Double-submit token for the sign-in form, which has no session yet to hold a CSRF token. */
export const SIGN_IN_COOKIE = 'momo_console_sign_in';
