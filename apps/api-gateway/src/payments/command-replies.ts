import { CommandReply, TransactionView } from '@momo/contracts';
import { ApiError, RpcResult } from '@momo/platform';

/** Turns payments-core's reply into the merchant's answer: the transaction, or an error as-is. */
export function transactionOrThrow(result: RpcResult<CommandReply>, transactionId: string): TransactionView {
  if (result.status !== 'completed') {
    // We cannot tell whether the transaction was created: the merchant retries with the same
    // Idempotency-Key or looks it up by id.
    throw new ApiError('SERVICE_UNAVAILABLE', undefined, { transaction_id: transactionId }, 503, 2);
  }
  const reply = result.value;
  if (reply.outcome === 'created') return reply.transaction;
  const { code, message, httpStatus, details, retryAfterSeconds } = reply.error;
  throw new ApiError(code, message, details, httpStatus, retryAfterSeconds);
}
