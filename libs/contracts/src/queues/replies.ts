import { ErrorCode } from '../http/error-codes';
import { TransactionView } from '../http/transaction.view';

/**
 * An error the caller should pass on to the merchant as it is (code, message). Its HTTP status is
 * not part of it: the gateway takes it from ERROR_CODES. A reply from a payments-core of an earlier
 * release also carries `httpStatus` (the same number); it is ignored.
 */
export interface CommandError {
  code: ErrorCode;
  message: string;
  retryAfterSeconds?: number;
  details?: Record<string, unknown>;
}

/**
 * payments-core's reply to a command: the transaction as it stands, or a refusal. For a cash in
 * whose Idempotency-Key payments-core claimed (CreateCashInCommand), `answerStored` says the
 * merchant's answer built from this reply is stored under the key already; without it the
 * gateway stores it (or releases the key) as for any other command. `idempotent` replies say the
 * key had an answer already (`replay`, sent again byte for byte) or could not be claimed: nothing
 * was created or sent.
 */
export type CommandReply = TransactionReply | { outcome: 'idempotent'; claim: IdempotentRefusal };

/** A reply about the command's transaction. */
export type TransactionReply =
  | { outcome: 'created'; transaction: TransactionView; answerStored?: boolean }
  | { outcome: 'rejected'; error: CommandError; transaction?: TransactionView; answerStored?: boolean };

export type IdempotentRefusal =
  | { kind: 'replay'; response: { status: number; body: string; sealed: boolean } }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

/**
 * operator-adapter's reply to an initiation: what the operator's first answer means.
 * `unknown` covers timeouts, network errors and answers that cannot be interpreted: the money may
 * or may not be moving, so the transaction stays pending and the reconciler finds out.
 */
export type InitiationOutcome =
  | { kind: 'accepted'; providerRef?: string; confirmed?: ConfirmedAtInitiation }
  /** A refusal by the network; an adapter of an earlier release also sends `httpStatus`, which is ignored. */
  | { kind: 'refused'; failureCode: ErrorCode; failureMessage: string }
  | { kind: 'rate_limited'; retryAfterSeconds: number; failureMessage: string }
  | { kind: 'unavailable'; retryAfterSeconds: number; failureMessage: string }
  | { kind: 'unknown'; reason: 'timeout' | 'network' | 'uninterpretable'; detail: string };

/**
 * A final status the operator gave in its very answer to the initiation (Airtel sometimes answers
 * a disbursement or a refund so). It reaches payments-core only here, in the reply: if that reply
 * is lost (payments-core died, or stopped waiting), the transaction is still pending in Postgres
 * and the reconciler's status check asks the operator again. An adapter of an earlier release
 * sent no `confirmed` and reported it as an operator result instead.
 */
export interface ConfirmedAtInitiation {
  status: 'succeeded' | 'failed';
  failureCode?: string;
  failureMessage?: string;
  providerRef?: string;
}
