import type { Mode } from '@momo/domain';
import { OperatorAdapterConfig } from '../operator-adapter.config';

/** One MTN MoMo environment: where it is and who we are there. */
export interface MtnSettings {
  mode: Mode;
  baseUrl: string;
  targetEnvironment: string;
  apiUser: string;
  apiKey: string;
  subscriptionKeys: { collection: string; disbursement: string };
  callbackBaseUrl: string;
}

/** The settings for a mode, or undefined when that mode is not configured (live, usually, in development). */
export function mtnSettings(config: OperatorAdapterConfig, mode: Mode): MtnSettings | undefined {
  if (mode === 'test') {
    return {
      mode,
      baseUrl: config.MTN_TEST_BASE_URL,
      targetEnvironment: config.MTN_TEST_TARGET_ENVIRONMENT,
      apiUser: config.MTN_TEST_API_USER,
      apiKey: config.MTN_TEST_API_KEY,
      subscriptionKeys: {
        collection: config.MTN_TEST_COLLECTION_SUBSCRIPTION_KEY,
        disbursement: config.MTN_TEST_DISBURSEMENT_SUBSCRIPTION_KEY,
      },
      callbackBaseUrl: config.CALLBACK_BASE_URL,
    };
  }
  const { MTN_LIVE_BASE_URL, MTN_LIVE_API_USER, MTN_LIVE_API_KEY } = config;
  const { MTN_LIVE_COLLECTION_SUBSCRIPTION_KEY, MTN_LIVE_DISBURSEMENT_SUBSCRIPTION_KEY } = config;
  if (!MTN_LIVE_BASE_URL || !MTN_LIVE_API_USER || !MTN_LIVE_API_KEY || !MTN_LIVE_COLLECTION_SUBSCRIPTION_KEY || !MTN_LIVE_DISBURSEMENT_SUBSCRIPTION_KEY) {
    return undefined;
  }
  return {
    mode,
    baseUrl: MTN_LIVE_BASE_URL,
    targetEnvironment: config.MTN_LIVE_TARGET_ENVIRONMENT,
    apiUser: MTN_LIVE_API_USER,
    apiKey: MTN_LIVE_API_KEY,
    subscriptionKeys: { collection: MTN_LIVE_COLLECTION_SUBSCRIPTION_KEY, disbursement: MTN_LIVE_DISBURSEMENT_SUBSCRIPTION_KEY },
    callbackBaseUrl: config.CALLBACK_BASE_URL,
  };
}
