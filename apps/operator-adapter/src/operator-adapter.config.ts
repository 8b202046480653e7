import { IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { InfraConfig } from '@momo/platform';

const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/**
 * Operator endpoints and credentials, one set per operator and mode. Test mode always points at
 * the operator simulator; live mode at the operators' production hosts. A live set left empty
 * makes live transactions on that network fail fast with OPERATOR_UNAVAILABLE.
 */
export class OperatorAdapterConfig extends InfraConfig {
  override PORT: number = 3002;

  /** Public base URL operators call back on (our transaction id is appended to the path). */
  @IsUrl(URL_OPTIONS)
  CALLBACK_BASE_URL: string = 'http://127.0.0.1:3002';

  /** Per-call timeout towards an operator. */
  @IsInt() @Min(200) @Max(60_000)
  OPERATOR_TIMEOUT_MS: number = 10_000;

  /** Concurrent HTTP connections per operator host. */
  @IsInt() @Min(1) @Max(1_000)
  OPERATOR_MAX_CONNECTIONS: number = 64;

  @IsInt() @Min(1) @Max(2_000)
  REQUEST_CONCURRENCY: number = 100;

  // MTN MoMo, test mode (the simulator).
  @IsUrl(URL_OPTIONS) MTN_TEST_BASE_URL: string = 'http://127.0.0.1:3005/mtn';
  @IsString() MTN_TEST_TARGET_ENVIRONMENT: string = 'sandbox';
  @IsString() MTN_TEST_API_USER: string = 'sandbox-api-user';
  @IsString() MTN_TEST_API_KEY: string = 'sandbox-api-key';
  @IsString() MTN_TEST_COLLECTION_SUBSCRIPTION_KEY: string = 'sandbox-collection-key';
  @IsString() MTN_TEST_DISBURSEMENT_SUBSCRIPTION_KEY: string = 'sandbox-disbursement-key';

  // MTN MoMo, live mode.
  @IsOptional() @IsUrl(URL_OPTIONS) MTN_LIVE_BASE_URL?: string;
  @IsIn(['mtnrwanda']) MTN_LIVE_TARGET_ENVIRONMENT: string = 'mtnrwanda';
  @IsOptional() @IsString() MTN_LIVE_API_USER?: string;
  @IsOptional() @IsString() MTN_LIVE_API_KEY?: string;
  @IsOptional() @IsString() MTN_LIVE_COLLECTION_SUBSCRIPTION_KEY?: string;
  @IsOptional() @IsString() MTN_LIVE_DISBURSEMENT_SUBSCRIPTION_KEY?: string;
}
