import { Direction } from './transaction';

/**
 * How long the reconciler waits before asking the operator again about an unresolved
 * transaction, by how many times it has asked already: quickly at first (most prompts are
 * answered within a minute), then backing off to hourly.
 */
export const DEFAULT_CHECK_DELAYS_SECONDS: readonly number[] = [10, 20, 30, 60, 120, 300, 600, 1_800, 3_600];

export function nextCheckDelaySeconds(checksMade: number, delays: readonly number[] = DEFAULT_CHECK_DELAYS_SECONDS): number {
  return delays[Math.min(checksMade, delays.length - 1)];
}

/**
 * The deadline policy (docs/durability.md): a transaction still pending this long after it was
 * created gets one last status query; if the operator still gives no final answer, it fails with
 * DEADLINE_EXCEEDED.
 * - Cash in: an hour, twelve times the operators' own prompt window (about five minutes); a
 *   customer approving after that is rare, and the watch below catches it.
 * - Cash out: three days. Failing a payout releases the merchant's hold, so it must not happen
 *   while the money may still leave: disbursements settle in seconds, and an operator that still
 *   says "pending" after a long weekend has an incident a human must settle with it anyway.
 */
export const DEFAULT_DEADLINE_SECONDS: Readonly<Record<Direction, number>> = { collect: 3_600, payout: 259_200 };

export type Deadlines = Readonly<Record<Direction, number>>;

/**
 * Failures we decided ourselves, without the operator's final word: after the deadline, or when
 * the operator had no record of the transaction. The reconciler keeps asking the operator about
 * them for a while (the watch); an operator that completes one after all raises a
 * reconciliation exception, never a status flip.
 */
export const WATCHED_FAILURE_CODES = ['DEADLINE_EXCEEDED', 'NOT_RECEIVED'] as const; // also in a partial index (migration 1795350000000)

export function isOwnDecision(failureCode: string | null | undefined): boolean {
  return (WATCHED_FAILURE_CODES as readonly (string | null | undefined)[]).includes(failureCode);
}

/** How long failures of our own deciding stay watched: 30 days, at most hourly queries. */
export const DEFAULT_WATCH_SECONDS = 30 * 86_400;

/** A transaction past its deadline whose last check did not finish it is asked again this soon. */
export const DEFAULT_DEADLINE_RECHECK_SECONDS = 30;

export interface PendingCheckPlan {
  /** `deadline`: past its deadline, no final answer now fails it; `reconcile`: an ordinary check. */
  reason: 'reconcile' | 'deadline';
  nextCheckAt: Date;
}

/**
 * The reconciler's next check of a pending transaction: before its deadline an ordinary check, on
 * the escalating schedule but never later than the deadline itself; past it a deadline check,
 * repeated every `deadlineRecheckSeconds` until the transaction is final (a check may not get
 * through: the query budget, a crash).
 */
export function planPendingCheck(
  now: Date,
  checksMade: number,
  deadlineAt: Date,
  schedule: { delays?: readonly number[]; deadlineRecheckSeconds?: number } = {},
): PendingCheckPlan {
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  if (deadlineAt.getTime() <= now.getTime()) return { reason: 'deadline', nextCheckAt: at(schedule.deadlineRecheckSeconds ?? DEFAULT_DEADLINE_RECHECK_SECONDS) };
  const next = at(nextCheckDelaySeconds(checksMade, schedule.delays));
  return { reason: 'reconcile', nextCheckAt: next.getTime() <= deadlineAt.getTime() ? next : deadlineAt };
}

/**
 * How long after it was created a transaction the operator has no record of counts as never
 * received (operator-adapter's UNRECEIVED_GIVE_UP_SECONDS).
 */
export const DEFAULT_UNRECEIVED_GIVE_UP_SECONDS = 900;

/**
 * Whether an initiation may still be sent (or re-sent) to the operator: only while the transaction
 * is younger than half the give-up age. Failing a transaction NOT_RECEIVED is safe only because
 * nothing can reach the operator after that, not even a stale job (a worker that died holding one
 * has it re-run half a minute or more later).
 */
export function initiationSendable(ageSeconds: number, unreceivedGiveUpSeconds: number): boolean {
  return ageSeconds < unreceivedGiveUpSeconds / 2;
}

/** What an operator, asked about a pending transaction, said when it gave no final status. */
export const UNRESOLVED_ANSWERS = ['pending', 'not_found', 'unknown'] as const;
export type UnresolvedAnswer = (typeof UNRESOLVED_ANSWERS)[number];

/** Why the operator was asked: the reconciler's schedule, the deadline, or something else (a callback…). */
export const CHECK_REASONS = ['callback', 'reconcile', 'initiation', 'deadline', 'watch'] as const;
export type CheckReason = (typeof CHECK_REASONS)[number];

export interface UnresolvedCheck {
  reason: CheckReason;
  answer: UnresolvedAnswer;
  /** The transaction's age now. */
  ageSeconds: number;
  /** The asker's give-up age: it sends nothing for the transaction past half of it (initiationSendable). */
  unreceivedGiveUpSeconds: number;
}

/** How the last answer before a deadline failure is described to the merchant. */
const LAST_ANSWER: Record<UnresolvedAnswer, string> = {
  pending: 'the network still reported it pending',
  unknown: 'the network could not be asked or gave no readable answer',
  not_found: 'the network had no record of it',
};

export interface OwnFailure {
  failureCode: (typeof WATCHED_FAILURE_CODES)[number];
  /** Said after the code's own message, in brackets. */
  detail?: string;
}

/**
 * The deadline and not-received policy (docs/durability.md): what a pending transaction the
 * operator did not finish when asked becomes.
 * - At the deadline, any answer short of a final one fails it: DEADLINE_EXCEEDED, or the more
 *   precise NOT_RECEIVED when the operator has no record of it and it is old enough for no send
 *   to be in flight.
 * - Before the deadline, only the reconciler's own checks decide, and only "no record of it",
 *   once it is that old: NOT_RECEIVED (nothing can have moved). Younger, the asker re-sends it.
 * - A callback-triggered check never fails anything: a forged callback changes nothing.
 * Undefined: it stays pending.
 */
export function failureWithoutFinalAnswer(check: UnresolvedCheck): OwnFailure | undefined {
  const unreceived = check.answer === 'not_found' && check.ageSeconds >= check.unreceivedGiveUpSeconds;
  if (check.reason === 'deadline') return unreceived ? { failureCode: 'NOT_RECEIVED' } : { failureCode: 'DEADLINE_EXCEEDED', detail: LAST_ANSWER[check.answer] };
  if (check.reason === 'reconcile' && unreceived) return { failureCode: 'NOT_RECEIVED' };
  return undefined;
}

/**
 * An operator answer that contradicts a status already final. `missed_success`: we recorded
 * failed but the money moved; `phantom_success`: we recorded succeeded but the operator says it
 * failed. From an operator's statement report (docs/settlement.md) also: `missing_at_operator`
 * (we recorded a success the report does not list), `missing_here` (the report lists a
 * transaction we have no record of), `amount_differs`.
 */
export const EXCEPTION_KINDS = ['missed_success', 'phantom_success', 'missing_at_operator', 'missing_here', 'amount_differs'] as const;
export type ReconciliationExceptionKind = (typeof EXCEPTION_KINDS)[number];

export function exceptionKindOf(recorded: 'succeeded' | 'failed'): 'missed_success' | 'phantom_success' {
  return recorded === 'failed' ? 'missed_success' : 'phantom_success';
}
