import { IsInt, IsNotEmpty, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { IsPostgresUrl, IsRedisUrl, ServiceConfig } from '@momo/platform';
import { DEFAULT_LOCKOUT_RULES } from '@momo/data';

/** Settings for commands that only touch the database schema. */
export class DatabaseCliConfig extends ServiceConfig {
  @IsPostgresUrl()
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/momo';
}

/** Settings for commands that issue keys or secrets. */
export class AdminCliConfig extends DatabaseCliConfig {
  @IsString() @IsNotEmpty()
  API_KEY_PEPPER!: string;

  @IsString() @IsNotEmpty()
  SECRETS_ENCRYPTION_KEY!: string;
}

/**
 * Settings for merchant administration: the database, and the Redis the gateways listen on for
 * auth-cache invalidations (same URL and QUEUE_PREFIX as the gateways).
 */
export class MerchantAdminConfig extends DatabaseCliConfig {
  @IsRedisUrl()
  REDIS_URL: string = 'redis://127.0.0.1:6379/0';

  @Matches(/^[a-zA-Z0-9_-]{1,32}$/, { message: 'must be 1-32 letters, digits, _ or -' })
  QUEUE_PREFIX: string = 'momo';
}

/** Merchant administration that issues keys: also the pepper keys are hashed with. */
export class KeyAdminConfig extends MerchantAdminConfig {
  @IsString() @IsNotEmpty()
  API_KEY_PEPPER!: string;
}

/** Dashboard users: the database, and the dashboard's public address for invitation links. */
export class DashboardUserAdminConfig extends MerchantAdminConfig {
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_DASHBOARD_URL: string = 'http://127.0.0.1:3006';

  @IsInt() @Min(1) @Max(24 * 30)
  INVITE_VALID_HOURS: number = 72;
}

/**
 * Money commands run by an authenticated on-call account: the database, and the console's
 * lock-out rules (same settings, same defaults as ops-console, so a wrong password counts alike).
 */
export class OperatorActionConfig extends MerchantAdminConfig {
  @IsInt() @Min(3) @Max(100)
  CONSOLE_MAX_FAILED_SIGN_INS: number = DEFAULT_LOCKOUT_RULES.maxFailedSignIns;

  @IsInt() @Min(10) @Max(86_400)
  CONSOLE_LOCKOUT_SECONDS: number = DEFAULT_LOCKOUT_RULES.lockoutSeconds;
}
