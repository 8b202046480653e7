/** Transaction vocabulary and the forward-only state machine (contract: Resources). */
export const TRANSACTION_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type FinalStatus = Exclude<TransactionStatus, 'pending'>;

export const DIRECTIONS = ['collect', 'payout'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const MODES = ['live', 'test'] as const;
export type Mode = (typeof MODES)[number];

export const INITIATORS = ['api', 'dashboard', 'system'] as const;
export type InitiatedBy = (typeof INITIATORS)[number];

/**
 * What we know about the operator's acceptance of our initiation request.
 * `unknown` means we sent it but got no interpretable answer: the reconciler re-sends it with the
 * same reference (operators dedupe) until the operator says something definite.
 */
export const INITIATION_STATES = ['not_sent', 'accepted', 'refused', 'unknown'] as const;
export type InitiationState = (typeof INITIATION_STATES)[number];

export function isFinal(status: TransactionStatus): status is FinalStatus {
  return status !== 'pending';
}

/** pending -> succeeded | failed; nothing else moves. */
export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return from === 'pending' && to !== 'pending';
}
