import { IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { InfraConfig } from '@momo/platform';

/** One DNS server: IPv4 or [IPv6], optionally with a port. */
const DNS_SERVER = String.raw`(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:.]+\])(:\d{1,5})?`;

export class WebhookDispatcherConfig extends InfraConfig {
  override PORT: number = 3004;
  override MANAGEMENT_PORT: number = 9104;

  /** 32 random bytes, base64: decrypts apps' webhook signing secrets. */
  @IsString() @IsNotEmpty()
  SECRETS_ENCRYPTION_KEY!: string;

  /** Receiver timeout (spec: 15 seconds): connect, TLS, request and response together. */
  @IsInt() @Min(1_000) @Max(30_000)
  WEBHOOK_TIMEOUT_MS: number = 15_000;

  /** Attempts in a round before a delivery is abandoned (spec: 12). A manual replay starts a new round. */
  @IsInt() @Min(1) @Max(50)
  WEBHOOK_MAX_ATTEMPTS: number = 12;

  /** First retry delay; doubles each attempt (spec: 30 s, 1 min, 2 min...). */
  @IsInt() @Min(1) @Max(3_600_000)
  WEBHOOK_FIRST_RETRY_MS: number = 30_000;

  /** Longest delay between attempts (spec: 6 hours). */
  @IsInt() @Min(1) @Max(86_400_000)
  WEBHOOK_MAX_RETRY_MS: number = 6 * 60 * 60 * 1000;

  /** Attempts in flight in this process, all apps together. */
  @IsInt() @Min(1) @Max(5_000)
  DELIVERY_CONCURRENCY: number = 200;

  /**
   * Attempts in flight for any one app, across every dispatcher replica together (counted in
   * Redis). An app whose endpoint is slow or dead holds at most this many workers; its other
   * deliveries wait in the queue without holding one, so other apps' deliveries are not delayed.
   */
  @IsInt() @Min(1) @Max(1_000)
  WEBHOOK_PER_APP_CONCURRENCY: number = 10;

  /**
   * Lease of a place in an app's lane. A live attempt renews it every third of the lease; a
   * process killed mid-attempt holds its places until their lease runs out.
   */
  @IsInt() @Min(1_000) @Max(120_000)
  WEBHOOK_LANE_LEASE_MS: number = 10_000;

  /** Keep-alive connections per receiver origin. */
  @IsInt() @Min(1) @Max(1_000)
  WEBHOOK_CONNECTIONS_PER_ORIGIN: number = 16;

  /** How often the sweeper looks for due deliveries whose job vanished (Redis flushed, crash). */
  @IsInt() @Min(100) @Max(600_000)
  WEBHOOK_SWEEP_INTERVAL_MS: number = 15_000;

  /** How overdue a delivery must be before the sweeper looks at it (its job may just be queued). */
  @IsInt() @Min(0) @Max(3_600_000)
  WEBHOOK_SWEEP_GRACE_MS: number = 60_000;

  @IsInt() @Min(1) @Max(10_000)
  WEBHOOK_SWEEP_BATCH: number = 500;

  /**
   * DNS servers used to resolve webhook hosts (comma-separated `ip`, `ip:port` or `[ipv6]:port`).
   * Empty: the system resolver.
   */
  @ValidateIf((c: WebhookDispatcherConfig) => c.WEBHOOK_DNS_SERVERS !== '')
  @Matches(new RegExp(`^${DNS_SERVER}(,${DNS_SERVER})*$`), {
    message: 'must be a comma-separated list of ip, ip:port or [ipv6]:port',
  })
  WEBHOOK_DNS_SERVERS: string = '';

  /**
   * Tests only: a PEM file of extra CA certificates to trust for webhook receivers (a local HTTPS
   * receiver with a certificate made at test time). Node's own CAs are always trusted.
   */
  @IsString()
  WEBHOOK_TLS_EXTRA_CA_FILE: string = '';

  /**
   * Development and tests only: also allow plain http and loopback destinations. Off by default;
   * `npm start` turns it on so the local demo receiver works.
   */
  @IsIn(['off', 'loopback'])
  WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'off' | 'loopback' = 'off';
}

/**
 * A worker holding an attempt keeps its BullMQ lock this long between renewals; it must outlast
 * the longest attempt (the HTTP timeout, at most 30 s), so a live attempt is never taken for stalled.
 */
export const DELIVERY_LOCK_MS = 90_000;

/** How long a claimed attempt is reserved in Postgres: past it, the worker is presumed dead. */
export const ATTEMPT_LEASE_MS = DELIVERY_LOCK_MS;
