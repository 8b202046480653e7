import { Network, networkOfPrefix } from './network';

export const COUNTRY_CODE = '250';

export type MsisdnParseResult =
  | { ok: true; msisdn: string; network: Network }
  | { ok: false; reason: 'format' | 'unsupported_network' };

/**
 * Accepts `0788123456`, `+250788123456` or `250788123456` and returns the canonical
 * `250788123456` with the network its prefix routes to. Spaces are not accepted: a merchant
 * that sends them has a formatting bug we should surface, not hide.
 */
export function parseMsisdn(input: unknown): MsisdnParseResult {
  if (typeof input !== 'string') return { ok: false, reason: 'format' };
  const match = /^(?:\+?250|0)(\d{9})$/.exec(input);
  if (!match) return { ok: false, reason: 'format' };
  const national = match[1];
  const network = networkOfPrefix(national.slice(0, 2));
  if (!network) return { ok: false, reason: 'unsupported_network' };
  return { ok: true, msisdn: COUNTRY_CODE + national, network };
}

/** The number without country code, as Airtel's API wants it (`788123456`). */
export function nationalNumber(msisdn: string): string {
  return msisdn.startsWith(COUNTRY_CODE) ? msisdn.slice(COUNTRY_CODE.length) : msisdn;
}
