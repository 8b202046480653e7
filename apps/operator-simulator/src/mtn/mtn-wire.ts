import type { FailureReason } from '../scenarios/scenarios';
import type { SimTransaction } from '../store/simulator-store';

/** How MTN names each failure in `reason`. */
export const MTN_REASON: Record<FailureReason, { code: string; message: string }> = {
  declined: { code: 'APPROVAL_REJECTED', message: 'The payer rejected the request.' },
  // MTN does not tell a wrong PIN from other non-approvals.
  wrong_pin: { code: 'PAYMENT_NOT_APPROVED', message: 'The payment was not approved by the payer.' },
  insufficient_funds: { code: 'NOT_ENOUGH_FUNDS', message: 'The payer does not have enough funds.' },
  expired: { code: 'EXPIRED', message: 'The request expired before the payer approved it.' },
  payee_not_allowed: { code: 'PAYEE_NOT_ALLOWED_TO_RECEIVE', message: 'The payee is not allowed to receive funds.' },
};

/** The body of GET requesttopay|transfer|refund/{referenceId}; `reason` is a plain string there. */
export function mtnStatusBody(tx: SimTransaction, override?: { status: string }) {
  const party = { partyIdType: 'MSISDN', partyId: tx.msisdn };
  const status = override?.status ?? tx.status;
  return {
    financialTransactionId: tx.operatorTxnId,
    externalId: tx.externalId ?? '',
    amount: String(tx.amount),
    currency: tx.currency,
    [tx.kind === 'collection' ? 'payer' : 'payee']: party,
    payerMessage: String(tx.requestBody?.payerMessage ?? ''),
    payeeNote: String(tx.requestBody?.payeeNote ?? ''),
    status,
    ...(status === 'FAILED' && tx.reason ? { reason: MTN_REASON[tx.reason].code } : {}),
  };
}

/**
 * The callback body: the status body, with `reason` as `{code, message}` (MTN sends both forms),
 * and without the reference id for transfers, as MTN's transfer callbacks do.
 */
export function mtnCallbackBody(tx: SimTransaction, early: boolean) {
  const body: Record<string, unknown> = early ? mtnStatusBody(tx, { status: 'SUCCESSFUL' }) : mtnStatusBody(tx);
  if (!early && tx.status === 'FAILED' && tx.reason) body.reason = MTN_REASON[tx.reason];
  if (tx.kind === 'collection') body.referenceId = tx.reference;
  return body;
}
