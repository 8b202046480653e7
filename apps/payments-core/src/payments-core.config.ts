import { IsInt, Matches, Max, Min, Validate, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { isKnownTimeZone, SettlementSchedules } from '@momo/domain';
import { InfraConfig } from '@momo/platform';

@ValidatorConstraint({ name: 'knownTimeZone' })
class KnownTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isKnownTimeZone(value);
  }
  defaultMessage(): string {
    return 'must be an IANA time zone, e.g. Africa/Kigali';
  }
}

export class PaymentsCoreConfig extends InfraConfig {
  override PORT: number = 3001;
  override MANAGEMENT_PORT: number = 9101;

  /** How long a create command waits for the operator's first answer before answering "pending". */
  @IsInt() @Min(500) @Max(30_000)
  INITIATION_WAIT_MS: number = 8_000;

  /** Parallel command jobs per process; they mostly wait on the operator, so this can be high. */
  @IsInt() @Min(1) @Max(2_000)
  COMMAND_CONCURRENCY: number = 200;

  /** Operator results handled at once; they wait on settlement batches, so this sets the batch sizes. */
  @IsInt() @Min(1) @Max(5_000)
  RESULT_CONCURRENCY: number = 500;

  /** Most settlements committed in one Postgres transaction. */
  @IsInt() @Min(1) @Max(2_000)
  SETTLEMENT_BATCH_SIZE: number = 200;

  /**
   * Outbox rows published per round trip to Redis, as one batch job: the dispatcher runs a batch's
   * events all at once, so this also bounds the attempts one job starts.
   */
  @IsInt() @Min(1) @Max(5_000)
  OUTBOX_BATCH_SIZE: number = 50;

  /** Idle poll interval of the outbox relay; a commit also wakes it at once. */
  @IsInt() @Min(10) @Max(10_000)
  OUTBOX_POLL_MS: number = 200;

  /**
   * Outbox sweeper: how often it looks for published events the dispatcher never got (their job
   * vanished from Redis: a flush, a restart without persistence, a job that failed for good).
   */
  @IsInt() @Min(100) @Max(600_000)
  OUTBOX_SWEEP_INTERVAL_MS: number = 15_000;

  /** How long after publishing an event the sweeper first asks whether the dispatcher has it. */
  @IsInt() @Min(0) @Max(3_600_000)
  OUTBOX_SWEEP_GRACE_MS: number = 60_000;

  /** Events examined per sweeper query. */
  @IsInt() @Min(1) @Max(10_000)
  OUTBOX_SWEEP_BATCH: number = 1_000;

  /** Live settlement (docs/settlement.md): the daily cut-off, a time of day in SETTLEMENT_TIME_ZONE. */
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time of day, HH:MM' })
  SETTLEMENT_LIVE_CUTOFF: string = '00:00';

  @Validate(KnownTimeZone)
  SETTLEMENT_TIME_ZONE: string = 'Africa/Kigali';

  /** Live cash ins settle this many whole days after the cut-off that closes their day (T+n). */
  @IsInt() @Min(0) @Max(30)
  SETTLEMENT_LIVE_DELAY_DAYS: number = 1;

  /** Test mode settles every this many seconds, so a developer sees it happen. */
  @IsInt() @Min(5) @Max(86_400)
  SETTLEMENT_TEST_EVERY_SECONDS: number = 60;

  /** Cash ins settled per Postgres transaction within a run (a crash loses at most one chunk's work, redone on resume). */
  @IsInt() @Min(1) @Max(10_000)
  SETTLEMENT_CHUNK_SIZE: number = 500;

  /** How often the settlement job schedulers are checked for in Redis and put back (a flush removes them). */
  @IsInt() @Min(100) @Max(600_000)
  SETTLEMENT_SCHEDULER_CHECK_MS: number = 30_000;

  get settlementSchedules(): SettlementSchedules {
    return {
      live: { kind: 'daily', cutoff: this.SETTLEMENT_LIVE_CUTOFF, timeZone: this.SETTLEMENT_TIME_ZONE, delayDays: this.SETTLEMENT_LIVE_DELAY_DAYS },
      test: { kind: 'every', seconds: this.SETTLEMENT_TEST_EVERY_SECONDS },
    };
  }
}
