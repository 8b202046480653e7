import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Mode } from './transaction';

/**
 * API key format (contract: Keys): `sk_<mode>_` for app keys, `ak_<mode>_` for account keys,
 * then 40 random base62 characters (~238 bits).
 */
export type KeyKind = 'app' | 'account';

const KIND_PREFIX: Record<KeyKind, string> = { app: 'sk', account: 'ak' };
const SECRET_LENGTH = 40;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^(sk|ak)_(live|test)_([0-9A-Za-z]{32,64})$/;

export interface ParsedKey {
  kind: KeyKind;
  mode: Mode;
}

export function generateApiKey(kind: KeyKind, mode: Mode): string {
  return `${KIND_PREFIX[kind]}_${mode}_${randomBase62(SECRET_LENGTH)}`;
}

/** Reads kind and mode from the key string; undefined when it is not shaped like a key at all. */
export function parseApiKey(key: string): ParsedKey | undefined {
  const match = KEY_PATTERN.exec(key);
  if (!match) return undefined;
  return { kind: match[1] === 'sk' ? 'app' : 'account', mode: match[2] as Mode };
}

/**
 * Keys are stored as HMAC-SHA256 under a server-side pepper: a stolen table is useless without
 * the pepper, and unlike bcrypt it costs microseconds, so it can run on every request.
 */
export function hashApiKey(key: string, pepper: string): string {
  return createHmac('sha256', pepper).update(key).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What listings show of a key: its prefix and last four characters. */
export function keyHint(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export interface IssuedKey {
  /** The full key: shown once, never stored. */
  key: string;
  keyHash: string;
  keyHint: string;
}

/** A new key and what is stored about it. */
export function issueApiKey(kind: KeyKind, mode: Mode, pepper: string): IssuedKey {
  const key = generateApiKey(kind, mode);
  return { key, keyHash: hashApiKey(key, pepper), keyHint: keyHint(key) };
}
