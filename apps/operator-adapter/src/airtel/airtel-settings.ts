import type { Mode } from '@momo/domain';
import { OperatorAdapterConfig } from '../operator-adapter.config';

/** One Airtel Money environment: where it is and who we are there. */
export interface AirtelSettings {
  mode: Mode;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  disbursementPin: string;
  /** Base64 DER (X.509 SubjectPublicKeyInfo) RSA key from Airtel's portal. */
  pinPublicKey: string;
  country: 'RW';
  currency: 'RWF';
}

/** The settings for a mode, or undefined when that mode is not configured. */
export function airtelSettings(config: OperatorAdapterConfig, mode: Mode): AirtelSettings | undefined {
  const base = { mode, country: 'RW' as const, currency: 'RWF' as const };
  if (mode === 'test') {
    return {
      ...base,
      baseUrl: config.AIRTEL_TEST_BASE_URL,
      clientId: config.AIRTEL_TEST_CLIENT_ID,
      clientSecret: config.AIRTEL_TEST_CLIENT_SECRET,
      disbursementPin: config.AIRTEL_TEST_DISBURSEMENT_PIN,
      pinPublicKey: config.AIRTEL_TEST_PIN_PUBLIC_KEY,
    };
  }
  const { AIRTEL_LIVE_BASE_URL, AIRTEL_LIVE_CLIENT_ID, AIRTEL_LIVE_CLIENT_SECRET, AIRTEL_LIVE_DISBURSEMENT_PIN, AIRTEL_LIVE_PIN_PUBLIC_KEY } = config;
  if (!AIRTEL_LIVE_BASE_URL || !AIRTEL_LIVE_CLIENT_ID || !AIRTEL_LIVE_CLIENT_SECRET || !AIRTEL_LIVE_DISBURSEMENT_PIN || !AIRTEL_LIVE_PIN_PUBLIC_KEY) {
    return undefined;
  }
  return {
    ...base,
    baseUrl: AIRTEL_LIVE_BASE_URL,
    clientId: AIRTEL_LIVE_CLIENT_ID,
    clientSecret: AIRTEL_LIVE_CLIENT_SECRET,
    disbursementPin: AIRTEL_LIVE_DISBURSEMENT_PIN,
    pinPublicKey: AIRTEL_LIVE_PIN_PUBLIC_KEY,
  };
}
