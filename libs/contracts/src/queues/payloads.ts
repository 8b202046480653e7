import 'reflect-metadata';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { CHECK_REASONS, CheckReason, INITIATORS, InitiatedBy, MIN_AMOUNT, MODES, Mode, NETWORKS, Network, UNRESOLVED_ANSWERS, UnresolvedAnswer } from '@momo/domain';

/**
 * Job payloads. Each is a class so consumers can validate what they receive (an internal command
 * is still input) and producers get the same type. Payloads carry ids; consumers re-read Postgres
 * for anything that can change.
 */

export class CreatePaymentCommand {
  /** Chosen by the gateway before sending, so a retried command cannot create a second payment. */
  @IsUUID('4') transactionId!: string;
  @IsUUID('4') merchantId!: string;
  @IsUUID('4') appId!: string;
  @IsIn(MODES) mode!: Mode;
  @IsInt() @Min(MIN_AMOUNT) amount!: number;
  @Matches(/^250\d{9}$/) msisdn!: string;
  @IsIn(NETWORKS) network!: Network;
  @IsString() @MaxLength(255) description!: string;
  @IsString() @MaxLength(255) reference!: string;
  @IsObject() metadata!: Record<string, string>;
  @IsIn(INITIATORS) initiatedBy!: InitiatedBy;
  /** Which try of one idempotent request this is (0 without an Idempotency-Key, 1 for the first). */
  @IsOptional() @IsInt() @Min(0) requestAttempt?: number;
}

/**
 * A cash in from `POST /v1/payments`. With an Idempotency-Key, payments-core claims the key itself,
 * in the commit that inserts the transaction, and stores the merchant's answer in the statement that
 * records the operator's first answer, so the gateway writes nothing on the way (docs/performance.md,
 * steps 43 and 44). `transactionId` is then only a candidate: a retry taking over an earlier claim keeps
 * the earlier transaction's id, while the request still waits (`idempotencyTakeOverBefore`). The
 * five other idempotency fields come together or not at all.
 */
export class CreateCashInCommand extends CreatePaymentCommand {
  /** Whose keys: the API key's id. */
  @IsOptional() @IsUUID() idempotencyScopeId?: string;
  @IsOptional() @IsString() @Length(1, 255) idempotencyKey?: string;
  /** The request's fingerprint (operation and body): another body under the same key is refused. */
  @IsOptional() @IsString() @Length(64, 64) requestHash?: string;
  /** How long the claim holds the key before a retry may take over. */
  @IsOptional() @IsInt() @Min(1) idempotencyLeaseMs?: number;
  @IsOptional() @IsInt() @Min(1) idempotencyRetentionHours?: number;
  /**
   * Until when (ms since the epoch) the request that sent the command still waits for its answer.
   * A command run later (it waited in the queue, or ran again after a crash) goes on with its own
   * transaction only: it must not take over the key for another one, which may be a new attempt
   * the merchant never made (after an answer that told them the first one failed). Absent (a
   * gateway older than this field): no take-over at all, the safe side.
   */
  @IsOptional() @IsInt() @Min(0) idempotencyTakeOverBefore?: number;
}

/**
 * Cash out to a wallet; the same fields as a cash in. Amount + fee is reserved from the balance
 * when it is created.
 */
export class CreatePayoutCommand extends CreatePaymentCommand {
  /** A withdrawal: a payout to the merchant's registered settlement wallet (POST /v1/withdrawals). */
  @IsOptional() @IsBoolean() withdrawal?: boolean;
}

/** Refund of a succeeded cash in: a payout to the payer with reverses_payment_id set. */
export class CreateRefundCommand {
  @IsUUID('4') transactionId!: string;
  /** The payment to refund; it must belong to this app and mode, or it does not exist. */
  @IsUUID() paymentId!: string;
  @IsUUID('4') merchantId!: string;
  @IsUUID('4') appId!: string;
  @IsIn(MODES) mode!: Mode;
  /** Absent: the whole payment. */
  @IsOptional() @IsInt() @Min(MIN_AMOUNT) amount?: number;
  @IsString() @MaxLength(255) reason!: string;
  @IsIn(INITIATORS) initiatedBy!: InitiatedBy;
  /** Which try of one idempotent request this is (0 without an Idempotency-Key, 1 for the first). */
  @IsOptional() @IsInt() @Min(0) requestAttempt?: number;
}

export class TransactionRef {
  @IsUUID('4') transactionId!: string;
}

/**
 * An initiation. For a cash in, payments-core also sends the request to pay as it committed it
 * moments before (every field below, together): none of it changes after creation, so the adapter
 * sends it without reading the row back, a Postgres round trip off every cash in's way. Without
 * them (a payout or refund, whose send checks the row as it stands; a sender of an earlier release)
 * the adapter reads the transaction. A repeated send is harmless either way: the operator
 * dedupes on our transaction id, and the adapter's send window is measured from `createdAtMs`.
 */
export class InitiateTransactionJob extends TransactionRef {
  @IsOptional() @IsIn(MODES) mode?: Mode;
  @IsOptional() @IsIn(NETWORKS) network?: Network;
  @IsOptional() @IsInt() @Min(MIN_AMOUNT) amount?: number;
  @IsOptional() @Matches(/^250\d{9}$/) msisdn?: string;
  @IsOptional() @IsString() @MaxLength(255) description?: string;
  @IsOptional() @IsString() @MaxLength(255) reference?: string;
  /** When the transaction was created, in milliseconds since the epoch (Postgres' clock). */
  @IsOptional() @IsInt() @Min(0) createdAtMs?: number;
}

/**
 * Why the operator is asked: a callback came in; the reconciler's schedule (`reconcile`); the
 * transaction's deadline has passed (`deadline`: no final answer now means it fails, decided by
 * payments-core from an UnresolvedAnswerJob); or a failure of our own deciding is being watched
 * (`watch`: the operator may still complete it).
 */
export const STATUS_CHECK_REASONS = CHECK_REASONS;
export type StatusCheckReason = CheckReason;

export class CheckTransactionStatusJob {
  @IsUUID('4') transactionId!: string;
  @IsIn(STATUS_CHECK_REASONS) reason!: StatusCheckReason;
  /** A callback's check asked again because its question got no answer: which time (1 the first). */
  @IsOptional() @IsInt() @Min(1) @Max(10) recheck?: number;
}

export const OPERATOR_RESULT_STATUSES = ['succeeded', 'failed'] as const;

/**
 * A final status the operator itself reported when we asked (never a bare callback). Only ever
 * the operator's word: failures of our own deciding (deadline, never received) are payments-core's,
 * from an UnresolvedAnswerJob. An adapter of an earlier release also sent those here.
 */
export class OperatorResultJob {
  @IsUUID('4') transactionId!: string;
  @IsIn(OPERATOR_RESULT_STATUSES) status!: 'succeeded' | 'failed';
  @IsOptional() @IsString() @MaxLength(64) failureCode?: string;
  @IsOptional() @IsString() @MaxLength(500) failureMessage?: string;
  @IsOptional() @IsString() @MaxLength(128) providerRef?: string;
  @IsIn(STATUS_CHECK_REASONS) source!: StatusCheckReason;
}

/**
 * The operator, asked about a pending transaction by the reconciler (`reconcile`, `deadline`),
 * gave no final status: still pending, no record of it (and the adapter did not re-send it), or no
 * readable answer (or it could not be asked). What that means for the transaction (it fails at the
 * deadline, or as never received) is payments-core's to decide: failureWithoutFinalAnswer in
 * libs/domain/src/reconciliation.ts.
 */
export class UnresolvedAnswerJob {
  @IsUUID('4') transactionId!: string;
  @IsIn(UNRESOLVED_ANSWERS) answer!: UnresolvedAnswer;
  @IsIn(STATUS_CHECK_REASONS) source!: StatusCheckReason;
  /**
   * The adapter's UNRECEIVED_GIVE_UP_SECONDS: it sends nothing for a transaction older than half
   * of it, so "no record of it" about one this old means never received.
   */
  @IsInt() @Min(1) unreceivedGiveUpSeconds!: number;
  /** What the operator or the connection said, for the log. */
  @IsOptional() @IsString() @MaxLength(500) detail?: string;
}

export class WebhookEventJob {
  @IsUUID('4') eventId!: string;
}

/** "Make attempt `attempt` at this delivery": a job for an attempt already made is dropped. */
export class DeliverWebhookJob {
  @IsUUID('4') deliveryId!: string;
  /** The owning app, so a worker can hold back a slow app's jobs before touching Postgres. */
  @IsUUID('4') appId!: string;
  @IsInt() @Min(1) attempt!: number;
}

export class ReconciliationSweepJob {
  @IsString() @Length(1, 64) sweep!: string;
}

/** Settle what is due in one mode (the period end is computed from the schedule when it runs). */
export class SettlementRunJob {
  @IsIn(MODES) mode!: Mode;
}
