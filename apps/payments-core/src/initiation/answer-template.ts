import { toTransactionView } from '@momo/contracts';
import type { AnswerTemplate, IdempotencyScope, TransactionEntity } from '@momo/data';
import { createdAnswer } from '@momo/money-requests';

/**
 * Stand-ins for the two fields the statement recording an initiation writes into a pending
 * transaction's answer. Postgres text cannot hold a NUL, so no stored value can look like one.
 */
const PROVIDER_REF_HOLE = '\u0000provider_ref';
const UPDATED_AT_HOLE = '\u0000updated_at';

/**
 * A keyed cash in's 201 as it will be once its initiation is recorded, for Postgres to finish with
 * the row it writes (AnswerTemplate, libs/data). Built from the pending transaction as sent: while
 * it is pending, the statement changes only its provider_ref and updated_at of what the answer
 * shows (a final transaction is not written, and its answer is built from it as it stands).
 * Undefined for a transaction that is not pending.
 */
export function answerTemplate(scope: IdempotencyScope, asSent: TransactionEntity): AnswerTemplate | undefined {
  if (asSent.status !== 'pending') return undefined;
  const view = toTransactionView(asSent);
  const { status, body } = createdAnswer({ ...view, provider_ref: PROVIDER_REF_HOLE, updated_at: UPDATED_AT_HOLE });
  const [head, rest, ...extraProviderRef] = body.split(JSON.stringify(PROVIDER_REF_HOLE));
  const [middle, tail, ...extraUpdatedAt] = (rest ?? '').split(JSON.stringify(UPDATED_AT_HOLE));
  if (rest === undefined || tail === undefined || extraProviderRef.length || extraUpdatedAt.length) return undefined;
  return { scope, transactionId: asSent.id, status, head, middle, tail };
}
