import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/**
 * `npm run chaos` settings (environment). The defaults are the long run; the test suite runs a
 * short one (apps/system-e2e/src/durability/chaos.e2e-spec.ts).
 */
export class ChaosConfig {
  /** How long the load runs, in seconds; faults are spread over it. */
  @IsInt() @Min(10) @Max(86_400)
  CHAOS_LOAD_SECONDS: number = 600;

  /** Merchant operations started per second (payments, payouts and refunds together). */
  @IsInt() @Min(1) @Max(500)
  CHAOS_RATE: number = 8;

  /** kill -9 of each of our five services over the run (at random moments). */
  @IsInt() @Min(1) @Max(1_000)
  CHAOS_KILLS_PER_SERVICE: number = 6;

  /** Longest wait after the load for every transaction to be final and announced. */
  @IsInt() @Min(10) @Max(86_400)
  CHAOS_SETTLE_SECONDS: number = 300;

  /** Seed of the random choices (scenarios, amounts, fault moments), to replay a run. */
  @IsOptional() @IsInt() @Min(1)
  CHAOS_SEED?: number;

  /** Where to write the report as JSON (besides printing it). */
  @IsOptional() @IsString()
  CHAOS_REPORT_FILE?: string;
}
