import { IsInt, Matches, Max, Min } from 'class-validator';
import { DEFAULT_CHECK_DELAYS_SECONDS, DEFAULT_DEADLINE_RECHECK_SECONDS, DEFAULT_DEADLINE_SECONDS, DEFAULT_WATCH_SECONDS, Deadlines } from '@momo/domain';
import { InfraConfig } from '@momo/platform';

export class ReconcilerConfig extends InfraConfig {
  override PORT: number = 3003;
  override MANAGEMENT_PORT: number = 9103;

  /** How often the sweep looks for unresolved transactions. */
  @IsInt() @Min(100) @Max(600_000)
  SWEEP_INTERVAL_MS: number = 5_000;

  /** A transaction younger than this is left to its callback. */
  @IsInt() @Min(0) @Max(86_400)
  MIN_AGE_SECONDS: number = 15;

  /** Transactions examined per sweep (pending ones, and as many watched failures). */
  @IsInt() @Min(1) @Max(50_000)
  SWEEP_BATCH_SIZE: number = 1_000;

  /**
   * Deadlines per direction (docs/durability.md): a cash in or cash out still pending this long
   * after creation is asked about once more and, without a final answer, fails DEADLINE_EXCEEDED.
   */
  @IsInt() @Min(10) @Max(30 * 86_400)
  COLLECT_DEADLINE_SECONDS: number = DEFAULT_DEADLINE_SECONDS.collect;

  @IsInt() @Min(10) @Max(30 * 86_400)
  PAYOUT_DEADLINE_SECONDS: number = DEFAULT_DEADLINE_SECONDS.payout;

  /** Seconds between checks of one transaction, by checks made so far (the last one repeats). */
  @Matches(/^[1-9]\d{0,5}(,[1-9]\d{0,5}){0,49}$/, { message: 'must be whole seconds separated by commas, e.g. 10,20,30' })
  CHECK_DELAYS_SECONDS: string = DEFAULT_CHECK_DELAYS_SECONDS.join(',');

  /** A transaction past its deadline that a check did not finish is asked again this soon. */
  @IsInt() @Min(1) @Max(3_600)
  DEADLINE_RECHECK_SECONDS: number = DEFAULT_DEADLINE_RECHECK_SECONDS;

  /** How long failures of our own deciding stay watched (the operator may still complete one). */
  @IsInt() @Min(0) @Max(365 * 86_400)
  WATCH_SECONDS: number = DEFAULT_WATCH_SECONDS;

  /** How often the sweep's job scheduler is checked for and put back (a Redis flush removes it). */
  @IsInt() @Min(100) @Max(600_000)
  SCHEDULER_CHECK_MS: number = 30_000;

  /**
   * How often the money invariants are checked for the metrics (0: never). Each round reads only
   * the rows written since the last one (the first round ever reads everything); a full check is
   * `admin-cli invariants --record`.
   */
  @IsInt() @Min(0) @Max(86_400_000)
  INVARIANT_CHECK_INTERVAL_MS: number = 300_000;

  /**
   * A round's window ends this long before now (and never after the start of the oldest open
   * transaction it can see): a margin for writers whose transaction start it cannot read.
   */
  @IsInt() @Min(0) @Max(3_600)
  INVARIANT_WINDOW_LAG_SECONDS: number = 60;

  /** Time the reconciler has after a deadline before a still-pending transaction is a violation. */
  @IsInt() @Min(0) @Max(86_400)
  DEADLINE_GRACE_SECONDS: number = 300;

  /** Longest an outbox event may wait to be published, then to be taken by the dispatcher. */
  @IsInt() @Min(1) @Max(86_400)
  OUTBOX_BOUND_SECONDS: number = 300;

  get checkDelays(): number[] {
    return this.CHECK_DELAYS_SECONDS.split(',').map(Number);
  }

  get deadlines(): Deadlines {
    return { collect: this.COLLECT_DEADLINE_SECONDS, payout: this.PAYOUT_DEADLINE_SECONDS };
  }
}
