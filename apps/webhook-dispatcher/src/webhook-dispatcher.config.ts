import { IsIn, IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';
import { InfraConfig } from '@momo/platform';

export class WebhookDispatcherConfig extends InfraConfig {
  override PORT: number = 3004;

  /** 32 random bytes, base64: decrypts apps' webhook signing secrets. */
  @IsString() @IsNotEmpty()
  SECRETS_ENCRYPTION_KEY!: string;

  /** Receiver timeout (spec: 15 seconds). */
  @IsInt() @Min(1_000) @Max(60_000)
  WEBHOOK_TIMEOUT_MS: number = 15_000;

  /** Attempts before a delivery is abandoned (spec: 12). */
  @IsInt() @Min(1) @Max(50)
  WEBHOOK_MAX_ATTEMPTS: number = 12;

  /** First retry delay; doubles each attempt (spec: 30 s, 1 min, 2 min...). */
  @IsInt() @Min(1) @Max(3_600_000)
  WEBHOOK_FIRST_RETRY_MS: number = 30_000;

  /** Longest delay between attempts (spec: 6 hours). */
  @IsInt() @Min(1) @Max(86_400_000)
  WEBHOOK_MAX_RETRY_MS: number = 6 * 60 * 60 * 1000;

  @IsInt() @Min(1) @Max(5_000)
  DELIVERY_CONCURRENCY: number = 200;

  /**
   * Development and tests only: also allow plain http and loopback destinations. Off by default;
   * `npm start` turns it on so the local demo receiver works.
   */
  @IsIn(['off', 'loopback'])
  WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'off' | 'loopback' = 'off';
}
