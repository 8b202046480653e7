import { IsInt, Max, Min } from 'class-validator';
import { InfraConfig } from '@momo/platform';

export class ReconcilerConfig extends InfraConfig {
  override PORT: number = 3003;

  /** How often the sweep looks for unresolved transactions. */
  @IsInt() @Min(100) @Max(600_000)
  SWEEP_INTERVAL_MS: number = 5_000;

  /** A transaction younger than this is left to its callback. */
  @IsInt() @Min(0) @Max(86_400)
  MIN_AGE_SECONDS: number = 15;

  /** Transactions examined per sweep. */
  @IsInt() @Min(1) @Max(50_000)
  SWEEP_BATCH_SIZE: number = 1_000;
}
