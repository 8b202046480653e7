import { addHours } from './time';
import { newToken, tokenHash } from '@momo/domain';

/** A one-time invitation: the link carries the token, the database only its hash. */
export function newInvitation(validHours: number): { token: string; hash: string; expiresAt: Date } {
  const token = newToken();
  return { token, hash: tokenHash(token), expiresAt: addHours(new Date(), validHours) };
}

/** The page that lets the invited person set a password; the token sits in the fragment, so it never reaches a server log. */
export function invitationUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, '')}/accept-invite#token=${token}`;
}
