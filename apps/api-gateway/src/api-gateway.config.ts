import { IsInt, IsOptional, IsUrl, Max, Min } from 'class-validator';
import { MoneyRequestSettings } from '@momo/money-requests';

export class ApiGatewayConfig extends MoneyRequestSettings {
  override PORT: number = 3000;
  override MANAGEMENT_PORT: number = 9100;

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

  /** The public base URL the OpenAPI document names as its server (defaults to the request's host). */
  @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_BASE_URL?: string;
}
