import { IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { MoneyRequestSettings } from '@momo/money-requests';

export class MerchantDashboardConfig extends MoneyRequestSettings {
  override PORT: number = 3006;
  override MANAGEMENT_PORT: number = 9106;

  /** A session ends this long after sign-in, whatever happens. */
  @IsInt() @Min(1) @Max(24 * 30)
  SESSION_ABSOLUTE_HOURS: number = 12;

  /** A session ends after this long without a request. */
  @IsInt() @Min(1) @Max(24 * 60)
  SESSION_IDLE_MINUTES: number = 60;

  /** Failed sign-ins in a row that lock an account, and for how long. */
  @IsInt() @Min(1) @Max(100)
  SIGN_IN_MAX_FAILURES: number = 5;

  @IsInt() @Min(1) @Max(24 * 60)
  SIGN_IN_LOCK_MINUTES: number = 15;

  /** Failed sign-ins per client address per 15 minutes before every attempt from it is refused (429). */
  @IsInt() @Min(1) @Max(100_000)
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: number = 50;

  /** How long an invitation link works. */
  @IsInt() @Min(1) @Max(24 * 30)
  INVITE_VALID_HOURS: number = 72;

  /**
   * `auto`: session cookies are marked Secure in production (behind HTTPS) and not in development,
   * where the dashboard is served over plain http on 127.0.0.1.
   */
  @IsIn(['auto', 'true', 'false'])
  COOKIE_SECURE: 'auto' | 'true' | 'false' = 'auto';

  /** The dashboard's public address, used in invitation links (defaults to the request's host). */
  @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_DASHBOARD_URL?: string;

  /** The built single-page app (defaults to dist/apps/merchant-dashboard-web next to this service). */
  @IsOptional() @IsString()
  DASHBOARD_WEB_ROOT?: string;

  /** A payment pending longer than this is listed under "needs attention". */
  @IsInt() @Min(1) @Max(7 * 24 * 60)
  ATTENTION_PENDING_MINUTES: number = 15;
}
