import { IsIn, IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';
import { InfraConfig } from '@momo/platform';

/**
 * The settings of the two merchant-facing services (api-gateway and merchant-dashboard), which
 * both take money requests, issue keys and accept webhook URLs: their config classes extend this
 * one and provide it to this library as `{ provide: MoneyRequestSettings, useExisting: <ServiceConfig> }`.
 * Both services must share the same pepper and encryption key.
 */
export class MoneyRequestSettings extends InfraConfig {
  /** Server-side secret mixed into API key hashes; without it a leaked key table is useless. */
  @IsString() @IsNotEmpty()
  API_KEY_PEPPER!: string;

  /** 32 random bytes, base64: seals new apps' webhook secrets and stored answers that carry secrets shown once. */
  @IsString() @IsNotEmpty()
  SECRETS_ENCRYPTION_KEY!: string;

  /** How long a money request waits for payments-core before answering 503 (retry with the same key). */
  @IsInt() @Min(1_000) @Max(60_000)
  COMMAND_WAIT_MS: number = 12_000;

  /** How long an Idempotency-Key and its first answer are kept (contract: at least 24 hours). */
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
}
