/**
 * Deterministic job ids, built only here. A duplicate add with the same id is ignored by BullMQ
 * while the first job is still kept, which cuts duplicate work; consumers are still idempotent
 * against Postgres, because a completed and removed job no longer blocks its id.
 * BullMQ forbids ':' in custom ids, so parts are joined with '.'.
 */
export const JobIds = {
  /**
   * Commands that create a transaction. `attempt` counts idempotent retries of one request: a
   * retry must not join a failed job of an earlier attempt (payments-core dedupes on the
   * transaction id anyway).
   */
  createPayment: (transactionId: string, attempt = 0) => `create-payment.${transactionId}.${attempt}`,
  createPayout: (transactionId: string, attempt = 0) => `create-payout.${transactionId}.${attempt}`,
  createRefund: (transactionId: string, attempt = 0) => `create-refund.${transactionId}.${attempt}`,
  initiate: (transactionId: string, attempt = 0) => `initiate.${transactionId}.${attempt}`,
  /** A merchant's retry (same Idempotency-Key) re-sending an initiation whose outcome was unknown. */
  reinitiate: (transactionId: string, requestAttempt: number) => `reinitiate.${transactionId}.${requestAttempt}`,
  /**
   * Several request/reply calls (JobRpc) or fire-and-forget items (JobBatches) of one kind sent
   * together as one job: nothing else shares the id.
   */
  batch: (jobName: string, batchId: string) => `batch.${jobName}.${batchId}`,
  statusCheck: (transactionId: string, slot: string) => `status.${transactionId}.${slot}`,
  /** A callback's check asked again (`checkJobId`: the check's own id, or an earlier recheck's): `<check>.recheck-<n>`. */
  statusRecheck: (checkJobId: string, n: number) => `${checkJobId.replace(/\.recheck-\d+$/, '')}.recheck-${n}`,
  operatorResult: (transactionId: string, status: string) => `result.${transactionId}.${status}`,
  /** One per status check (whose id names its transaction, reason and slot): a later check's answer is never swallowed. */
  unresolvedAnswer: (statusCheckJobId: string) => `unresolved.${statusCheckJobId}`,
  webhookEvent: (eventId: string) => `event.${eventId}`,
  webhookAttempt: (deliveryId: string, attempt: number) => `delivery.${deliveryId}.${attempt}`,
  /** A manual replay: its own id, so a retry already scheduled for the same attempt cannot swallow it. */
  webhookReplay: (deliveryId: string, replay: number) => `delivery.${deliveryId}.replay.${replay}`,
};
