import type { FailureReason } from '../scenarios/scenarios';
import type { SimTransaction, TransactionKind } from '../store/simulator-store';

/**
 * Airtel's response codes: DP008… for collections, DP009… for disbursements. Codes marked
 * "assumed" are not in the public material we have; they follow the numbering of their
 * counterpart and the adapter reads them the same way.
 */
export const AIRTEL_CODES = {
  collection: {
    ambiguous: 'DP00800001000',
    success: 'DP00800001001',
    wrong_pin: 'DP00800001002',
    limit: 'DP00800001003',
    in_progress: 'DP00800001006',
    insufficient_funds: 'DP00800001007',
    refused: 'DP00800001008',
    timed_out: 'DP00800001024',
    not_found: 'DP00800001025',
    expired: 'DP00800001029',
  },
  disbursement: {
    ambiguous: 'DP00900001000',
    success: 'DP00900001001',
    wrong_pin: 'DP00900001002', // assumed
    limit: 'DP00900001003', // assumed
    in_progress: 'DP00900001006', // assumed
    insufficient_funds: 'DP00900001007',
    refused: 'DP00900001013',
    timed_out: 'DP00900001014',
    not_found: 'DP00900001015',
    duplicate: 'DP00900001017',
  },
} as const;

export type AirtelFamily = keyof typeof AIRTEL_CODES;

export const familyOf = (kind: TransactionKind): AirtelFamily => (kind === 'collection' ? 'collection' : 'disbursement');

const FAILURE_TEXT: Record<FailureReason, string> = {
  declined: 'Transaction refused by the subscriber.',
  wrong_pin: 'Incorrect PIN entered.',
  insufficient_funds: 'Insufficient funds in the wallet.',
  expired: 'Transaction timed out: the subscriber did not respond.',
  payee_not_allowed: 'The payee is not allowed to receive.',
};

export function failureCode(kind: TransactionKind, reason: FailureReason): string {
  const codes = AIRTEL_CODES[familyOf(kind)];
  switch (reason) {
    case 'wrong_pin':
      return codes.wrong_pin;
    case 'insufficient_funds':
      return codes.insufficient_funds;
    case 'expired':
      return codes.timed_out;
    default:
      return codes.refused;
  }
}

/** Airtel's envelope: errors and successes alike usually come as HTTP 200, told apart here. */
export function airtelEnvelope(data: Record<string, unknown>, success: boolean, responseCode: string, message: string) {
  return {
    data,
    status: { code: success ? '200' : '400', message, result_code: success ? 'ESB000010' : 'ESB000001', response_code: responseCode, success },
  };
}

const SHORT_STATUS = { PENDING: 'TIP', SUCCESSFUL: 'TS', FAILED: 'TF' } as const;

/** GET /standard/v1/payments/{id} and /standard/v1/disbursements/{id}. */
export function airtelStatusBody(tx: SimTransaction) {
  const codes = AIRTEL_CODES[familyOf(tx.kind)];
  const code = tx.status === 'SUCCESSFUL' ? codes.success : tx.status === 'FAILED' && tx.reason ? failureCode(tx.kind, tx.reason) : codes.in_progress;
  const message = tx.status === 'FAILED' && tx.reason ? FAILURE_TEXT[tx.reason] : tx.status === 'SUCCESSFUL' ? 'Success.' : 'In process.';
  return airtelEnvelope(
    { transaction: { airtel_money_id: tx.operatorTxnId, id: tx.reference, message, status: SHORT_STATUS[tx.status] } },
    true,
    code,
    'SUCCESS',
  );
}

/** The callback to the URL registered on Airtel's portal. */
export function airtelCallbackBody(tx: SimTransaction, early: boolean) {
  const status = early ? 'SUCCESSFUL' : tx.status;
  return {
    transaction: {
      id: tx.reference,
      message: status === 'FAILED' && tx.reason ? FAILURE_TEXT[tx.reason] : 'Paid successfully.',
      status_code: status === 'SUCCESSFUL' ? 'TS' : 'TF',
      airtel_money_id: tx.operatorTxnId,
    },
  };
}
