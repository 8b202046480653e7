import { Network, parseMsisdn } from '@momo/domain';
import { ApiError } from '@momo/platform';

/** The canonical number and its network; validation has already refused anything else. */
export function wallet(input: string): { msisdn: string; network: Network } {
  const parsed = parseMsisdn(input);
  if (!parsed.ok) throw ApiError.of(parsed.reason === 'unsupported_network' ? 'UNSUPPORTED_NETWORK' : 'VALIDATION_FAILED');
  return { msisdn: parsed.msisdn, network: parsed.network };
}
