import { IsInt, IsString, Max, Min } from 'class-validator';
import { ServiceConfig } from '@momo/platform';

/** The simulated operators' own settings: the credentials they accept and how fast customers answer. */
export class SimulatorConfig extends ServiceConfig {
  override PORT: number = 3005;

  @IsString() MTN_API_USER: string = 'sandbox-api-user';
  @IsString() MTN_API_KEY: string = 'sandbox-api-key';
  @IsString() MTN_COLLECTION_SUBSCRIPTION_KEY: string = 'sandbox-collection-key';
  @IsString() MTN_DISBURSEMENT_SUBSCRIPTION_KEY: string = 'sandbox-disbursement-key';
  @IsString() MTN_TARGET_ENVIRONMENT: string = 'sandbox';

  /** How long the simulated customer takes to approve a prompt. */
  @IsInt() @Min(0) @Max(600_000)
  APPROVAL_DELAY_MS: number = 300;

  /** Lifetime of issued access tokens, in seconds (MTN: 3600). */
  @IsInt() @Min(1) @Max(86_400)
  TOKEN_TTL_SECONDS: number = 3600;
}
