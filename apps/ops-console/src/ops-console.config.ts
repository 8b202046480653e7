import { IsIn, IsInt, IsUrl, Max, Min } from 'class-validator';
import { DEFAULT_LOCKOUT_RULES } from '@momo/data';
import { InfraConfig } from '@momo/platform';

/** The on-call console: its own port, its own sign-in, reading Postgres, Redis and the services' metrics. */
export class OpsConsoleConfig extends InfraConfig {
  override PORT: number = 3007;
  override MANAGEMENT_PORT: number = 9107;

  /** How long a console sign-in lasts (no sliding renewal: on-call signs in again each shift). */
  @IsInt() @Min(300) @Max(7 * 86_400)
  CONSOLE_SESSION_TTL_SECONDS: number = 12 * 3_600;

  /** Failed sign-ins in a row that lock an account... */
  @IsInt() @Min(3) @Max(100)
  CONSOLE_MAX_FAILED_SIGN_INS: number = DEFAULT_LOCKOUT_RULES.maxFailedSignIns;

  /** ...for this long (admin-cli operator unlock lifts it early). */
  @IsInt() @Min(10) @Max(86_400)
  CONSOLE_LOCKOUT_SECONDS: number = DEFAULT_LOCKOUT_RULES.lockoutSeconds;

  /** Session cookie only over HTTPS: true wherever the console is served over TLS (everywhere but a laptop). */
  @IsIn(['true', 'false'])
  CONSOLE_COOKIE_SECURE: 'true' | 'false' = 'false';

  /** operator-adapter's /metrics (management port): circuit breakers and recent error rates. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  OPERATOR_ADAPTER_METRICS_URL: string = 'http://127.0.0.1:9102/metrics';

  /** reconciler's /metrics (management port): the last invariant check. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  RECONCILER_METRICS_URL: string = 'http://127.0.0.1:9103/metrics';

  /** Pending payments older than this are "stuck" on the overview (seconds). */
  @IsInt() @Min(10) @Max(86_400)
  CONSOLE_STUCK_AFTER_SECONDS: number = 300;
}
