/** Mobile network operators we route to, and the upstream provider protocol each speaks. */
export const NETWORKS = ['mtn', 'airtel'] as const;
export type Network = (typeof NETWORKS)[number];

export const PROVIDERS = ['mtn_momo', 'airtel_money'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const PROVIDER_OF_NETWORK: Record<Network, Provider> = {
  mtn: 'mtn_momo',
  airtel: 'airtel_money',
};

/** Rwandan national prefixes (after the leading 0) and the network that owns each. */
const NETWORK_BY_PREFIX: Record<string, Network> = {
  '78': 'mtn',
  '79': 'mtn',
  '72': 'airtel',
  '73': 'airtel',
};

export function networkOfPrefix(twoDigitPrefix: string): Network | undefined {
  return NETWORK_BY_PREFIX[twoDigitPrefix];
}
