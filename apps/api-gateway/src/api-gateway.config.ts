import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { InfraConfig } from '@momo/platform';

export class ApiGatewayConfig extends InfraConfig {
  override PORT: number = 3000;
  override MANAGEMENT_PORT: number = 9100;

  /** Server-side secret mixed into API key hashes; without it a leaked key table is useless. */
  @IsString() @IsNotEmpty()
  API_KEY_PEPPER!: string;

  /** 32 random bytes, base64: seals new apps' webhook secrets and replayable responses that carry secrets. */
  @IsString() @IsNotEmpty()
  SECRETS_ENCRYPTION_KEY!: string;

  /** How long a money request waits for payments-core before answering 503 (retry with the same key). */
  @IsInt() @Min(1_000) @Max(60_000)
  COMMAND_WAIT_MS: number = 12_000;

  /** Largest accepted request body. */
  @IsInt() @Min(1_024) @Max(10_485_760)
  BODY_LIMIT_BYTES: number = 64 * 1024;

  /** Default per-key budgets per minute (spec: Limits); merchants.reads/writes_per_minute override them. */
  @IsInt() @Min(1) @Max(1_000_000)
  RATE_LIMIT_READS_PER_MINUTE: number = 600;

  @IsInt() @Min(1) @Max(1_000_000)
  RATE_LIMIT_WRITES_PER_MINUTE: number = 120;

  /**
   * How long an authenticated key's record is kept in memory. Revocations, suspensions and
   * disabled apps reach every gateway at once over Redis pub/sub; this bounds how stale a gateway
   * that missed the message can be.
   */
  @IsInt() @Min(0) @Max(300_000)
  AUTH_CACHE_TTL_MS: number = 30_000;

  @IsInt() @Min(1) @Max(1_000_000)
  AUTH_CACHE_MAX_ENTRIES: number = 50_000;

  /** How long an Idempotency-Key and its first response are kept (contract: at least 24 hours). */
  @IsInt() @Min(24) @Max(24 * 30)
  IDEMPOTENCY_RETENTION_HOURS: number = 24;

  /** Time allowed to resolve a webhook URL's host when an app is created or changed. */
  @IsInt() @Min(100) @Max(30_000)
  WEBHOOK_URL_CHECK_TIMEOUT_MS: number = 3_000;

  /**
   * Development and tests only: also accept plain http and loopback webhook URLs. Off by default;
   * `npm start` turns it on so the local demo receiver works.
   */
  @IsIn(['off', 'loopback'])
  WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'off' | 'loopback' = 'off';

  /** The public base URL the OpenAPI document names as its server (defaults to the request's host). */
  @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_BASE_URL?: string;
}
