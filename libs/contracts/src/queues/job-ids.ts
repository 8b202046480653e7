/**
 * Deterministic job ids, built only here. A duplicate add with the same id is ignored by BullMQ
 * while the first job is still kept, which cuts duplicate work; consumers are still idempotent
 * against Postgres, because a completed and removed job no longer blocks its id.
 * BullMQ forbids ':' in custom ids, so parts are joined with '.'.
 */
export const JobIds = {
  createPayment: (transactionId: string) => `create-payment.${transactionId}`,
  initiate: (transactionId: string, attempt = 0) => `initiate.${transactionId}.${attempt}`,
  statusCheck: (transactionId: string, slot: string) => `status.${transactionId}.${slot}`,
  operatorResult: (transactionId: string, status: string) => `result.${transactionId}.${status}`,
  webhookEvent: (eventId: string) => `event.${eventId}`,
  webhookAttempt: (deliveryId: string, attempt: number) => `delivery.${deliveryId}.${attempt}`,
};
