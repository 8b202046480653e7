import { IsIn, IsInt, Max, Min } from 'class-validator';

/** `npm run bench:webhooks` settings. */
export class BenchWebhooksConfig {
  /** Deliveries per run. */
  @IsInt() @Min(100) @Max(1_000_000)
  BENCH_DELIVERIES: number = 5_000;

  /** Apps the events are spread over (each with its own receiver URL path and secret). */
  @IsInt() @Min(1) @Max(1_000)
  BENCH_APPS: number = 20;

  /** Which receivers to measure: https (what production allows), http, or both. */
  @IsIn(['https', 'http', 'both'])
  BENCH_SCHEME: 'https' | 'http' | 'both' = 'both';
}
