import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { InfraConfig } from '@momo/platform';

const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/**
 * Operator endpoints and credentials, one set per operator and mode. Test mode always points at
 * the operator simulator; live mode at the operators' production hosts. A live set left empty
 * makes live transactions on that network fail fast with OPERATOR_UNAVAILABLE.
 * See docs/operators.md.
 */
export class OperatorAdapterConfig extends InfraConfig {
  override PORT: number = 3002;
  override MANAGEMENT_PORT: number = 9102;

  /** Public base URL operators call back on (MTN: our transaction id is appended to the path). */
  @IsUrl(URL_OPTIONS)
  CALLBACK_BASE_URL: string = 'http://127.0.0.1:3002';

  /** Largest callback body accepted (operators' callbacks are a few hundred bytes); larger is 413. */
  @IsInt() @Min(1_024) @Max(1_048_576)
  CALLBACK_BODY_LIMIT_BYTES: number = 16_384;

  /**
   * Callbacks accepted per source address per minute (counted in Redis, shared by every replica);
   * beyond it 429 with Retry-After. Generous: a real operator sends one per transaction, from a
   * few addresses; list those in CALLBACK_TRUSTED_SOURCES to exempt them altogether.
   */
  @IsInt() @Min(1) @Max(10_000_000)
  CALLBACK_RATE_LIMIT_PER_MINUTE: number = 60_000;

  /** Comma-separated source addresses never rate-limited (the operators' published callback IPs). */
  @IsOptional() @Matches(/^[0-9a-fA-F:., ]*$/, { message: 'must be a comma-separated list of IP addresses' })
  CALLBACK_TRUSTED_SOURCES?: string;

  /**
   * Callbacks kept in operator_callbacks per transaction; further ones (a replaying or hostile
   * sender) are only counted in momo_operator_callbacks_not_stored_total. Callbacks that match
   * no transaction are never stored, only counted.
   */
  @IsInt() @Min(1) @Max(1_000)
  CALLBACKS_STORED_PER_TRANSACTION: number = 20;

  /**
   * Per-call timeout towards an operator. Below payments-core's INITIATION_WAIT_MS (8 s), so the
   * adapter's verdict on a slow operator still reaches the merchant's request.
   */
  @IsInt() @Min(200) @Max(60_000)
  OPERATOR_TIMEOUT_MS: number = 7_000;

  /**
   * Calls in flight per operator and mode; beyond it calls are refused at once (503 at initiation).
   * With one connection per call this is also the bound on calls per second to the operator:
   * OPERATOR_MAX_IN_FLIGHT divided by its answer time.
   */
  @IsInt() @Min(1) @Max(10_000)
  OPERATOR_MAX_IN_FLIGHT: number = 256;

  /**
   * HTTP connections per operator and mode, one call at a time on each (further calls queue for a
   * connection). Unset, it is OPERATOR_MAX_IN_FLIGHT: every call the guard lets through is sent
   * at once. Set it lower only for an operator that limits connections: calls per second then
   * fall to it divided by the operator's answer time (64 at MTN's one second is 64/s).
   */
  @IsOptional() @IsInt() @Min(1) @Max(10_000)
  OPERATOR_MAX_CONNECTIONS?: number;

  /** Circuit breaker per operator and mode: opens when this share of calls fails... */
  @IsInt() @Min(1) @Max(100)
  BREAKER_ERROR_PERCENT: number = 50;

  /** ...over at least this many calls in the rolling window... */
  @IsInt() @Min(1) @Max(10_000)
  BREAKER_VOLUME_THRESHOLD: number = 10;

  @IsInt() @Min(1_000) @Max(600_000)
  BREAKER_WINDOW_MS: number = 10_000;

  /** ...and stays open this long before one trial call. */
  @IsInt() @Min(500) @Max(600_000)
  BREAKER_RESET_MS: number = 30_000;

  /**
   * Request budgets: calls per second each operator allows us, per mode, shared by every adapter
   * replica (counted in Redis). `*_REQUESTS_PER_SECOND` covers initiations and status queries
   * together; `*_STATUS_QUERIES_PER_SECOND` caps status queries within it. Set them from the
   * operator's contract (docs/operators.md, "Request budgets"). Test mode talks to the simulator:
   * its budgets only need to stay out of a benchmark's way.
   */
  @IsInt() @Min(1) @Max(100_000) MTN_LIVE_REQUESTS_PER_SECOND: number = 100;
  /** MTN's published best practice caps status queries at 10 per second. */
  @IsInt() @Min(1) @Max(100_000) MTN_LIVE_STATUS_QUERIES_PER_SECOND: number = 10;
  @IsInt() @Min(1) @Max(100_000) MTN_TEST_REQUESTS_PER_SECOND: number = 5_000;
  @IsInt() @Min(1) @Max(100_000) MTN_TEST_STATUS_QUERIES_PER_SECOND: number = 5_000;
  @IsInt() @Min(1) @Max(100_000) AIRTEL_LIVE_REQUESTS_PER_SECOND: number = 100;
  @IsInt() @Min(1) @Max(100_000) AIRTEL_LIVE_STATUS_QUERIES_PER_SECOND: number = 100;
  @IsInt() @Min(1) @Max(100_000) AIRTEL_TEST_REQUESTS_PER_SECOND: number = 5_000;
  @IsInt() @Min(1) @Max(100_000) AIRTEL_TEST_STATUS_QUERIES_PER_SECOND: number = 5_000;

  /**
   * Longest an initiation waits for a slot of its operator's budget; beyond it the merchant hears
   * 429 RATE_LIMITED (details.limited_by "network") with Retry-After, as for the operator's own 429.
   * Status queries wait at most 2 s for theirs, and only while the queue is half this deep.
   * Keep it plus OPERATOR_TIMEOUT_MS below payments-core's INITIATION_WAIT_MS (8 s).
   */
  @IsInt() @Min(0) @Max(5_000)
  OPERATOR_INITIATION_MAX_WAIT_MS: number = 500;

  /**
   * While Redis cannot be reached, each replica keeps to 1/N of every budget on its own. Set it to
   * the adapter's largest replica count (the Helm chart's autoscaling.maxReplicas).
   */
  @IsInt() @Min(1) @Max(1_000)
  OPERATOR_BUDGET_FALLBACK_REPLICAS: number = 1;

  /**
   * An operator that still has no record of a transaction this long after we created it never
   * received it: the transaction fails (no money moved). Before that, the reconciler's status
   * check re-sends the initiation under the same reference, which the operator deduplicates.
   */
  @IsInt() @Min(5) @Max(86_400)
  UNRECEIVED_GIVE_UP_SECONDS: number = 900;

  /** How often our balances at the operators are read into metrics (0: never). */
  @IsInt() @Min(0) @Max(86_400_000)
  OPERATOR_BALANCE_POLL_MS: number = 300_000;

  @IsInt() @Min(1) @Max(2_000)
  REQUEST_CONCURRENCY: number = 100;

  /** Status checks handled at once per process (they wait their turn under the status-query budget). */
  @IsInt() @Min(1) @Max(2_000)
  STATUS_CHECK_CONCURRENCY: number = 100;

  /**
   * A callback's status check whose question got no answer (not asked: over the query budget, or
   * more calls in flight than the guard allows; or no answer: silence, a timeout, a 5xx) is asked
   * again after each of these delays in ms, instead of waiting for the reconciler's first check
   * (10 s after creation). 0: never.
   */
  @Matches(/^(0|[1-9]\d{0,5}(,[1-9]\d{0,5}){0,9})$/, { message: 'must be whole milliseconds separated by commas, e.g. 1000,3000, or 0 for none' })
  CALLBACK_RECHECK_DELAYS_MS: string = '1000,3000';

  get callbackRecheckDelays(): number[] {
    return this.CALLBACK_RECHECK_DELAYS_MS === '0' ? [] : this.CALLBACK_RECHECK_DELAYS_MS.split(',').map(Number);
  }

  // MTN MoMo, test mode (the simulator; any MTN sandbox works the same way).
  @IsUrl(URL_OPTIONS) MTN_TEST_BASE_URL: string = 'http://127.0.0.1:3005/mtn';
  @IsString() MTN_TEST_TARGET_ENVIRONMENT: string = 'sandbox';
  @IsString() MTN_TEST_API_USER: string = '0b8b5a52-4a4e-4d3f-9c43-7f1a2d6e8b10';
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

  // Airtel Money, test mode (the simulator). The PIN public key is the base64 X.509 key from
  // Airtel's portal; this default is the simulator's own, not a secret.
  @IsUrl(URL_OPTIONS) AIRTEL_TEST_BASE_URL: string = 'http://127.0.0.1:3005/airtel';
  @IsString() AIRTEL_TEST_CLIENT_ID: string = 'sandbox-airtel-client';
  @IsString() AIRTEL_TEST_CLIENT_SECRET: string = 'sandbox-airtel-secret';
  @Matches(/^\d{4,6}$/) AIRTEL_TEST_DISBURSEMENT_PIN: string = '1234';
  @IsString() AIRTEL_TEST_PIN_PUBLIC_KEY: string = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAv55+kbU3PZkIiuTB3nJT6BQ8RxpgXb4pZB29d//D8IvQ+MwE/lKSbdrQa3CpvuVvkqMjSCnWryBA8Ty4JnypFVON4dY3i9pRnWbVrJqi3GIVRKQAKkZqH/fnzNIQyEvFOJ8/VKP/SODa8OFyQkTMoJvHe8ajZs8rTXvV8FiYuSykUS6EmvwK9UQD/Ce2I9JtLzD834g0JsEu+FwjJ8RIxdV0YwS6eiXqxTZswwVxIdr8LkE3jq15KsY7KlWZQSKoH7J7a41UvjU4WbrpFyt0VcCMo5qB5PMRX6CbZZdUVcEn+gsyqK+SorTEQgS4ZgDUm+DBo91WO2FRwp9koEBH4QIDAQAB';

  // Airtel Money, live mode (https://openapi.airtel.africa).
  @IsOptional() @IsUrl(URL_OPTIONS) AIRTEL_LIVE_BASE_URL?: string;
  @IsOptional() @IsString() AIRTEL_LIVE_CLIENT_ID?: string;
  @IsOptional() @IsString() AIRTEL_LIVE_CLIENT_SECRET?: string;
  @IsOptional() @Matches(/^\d{4,6}$/) AIRTEL_LIVE_DISBURSEMENT_PIN?: string;
  @IsOptional() @IsString() AIRTEL_LIVE_PIN_PUBLIC_KEY?: string;
}
