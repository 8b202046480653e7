import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { InitiateTransactionJob, InitiationOutcome, QueueName } from '@momo/contracts';
import { JobHandlerHost, JobHandlers } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { SendableTransaction } from '../operators/operator-connector';
import { OperatorRegistry } from '../operators/operator-registry';
import { OperatorWork } from '../operator-work/operator-work.service';

/**
 * Initiations: request/reply for payments-core, on their own queue so that status checks (which
 * are paced) can never hold up a merchant waiting for the operator's first answer.
 */
@Processor(QueueName.OperatorInitiations)
export class OperatorInitiationsProcessor extends JobHandlerHost<typeof QueueName.OperatorInitiations> {
  private readonly logger = new Logger(OperatorInitiationsProcessor.name);
  protected readonly queue = QueueName.OperatorInitiations;
  protected readonly handlers: JobHandlers<typeof QueueName.OperatorInitiations> = {
    'initiate-transaction': (job) => this.work.sendingInitiation(job.transactionId, () => this.initiate(job)),
  };

  constructor(
    private readonly work: OperatorWork,
    private readonly operators: OperatorRegistry,
    config: OperatorAdapterConfig,
  ) {
    super();
    this.concurrency = config.REQUEST_CONCURRENCY;
  }

  private async initiate(job: InitiateTransactionJob): Promise<InitiationOutcome> {
    const transaction = carriedCashIn(job) ?? (await this.work.load(job.transactionId));
    const refusal = this.work.sendRefusal(transaction);
    if (refusal) {
      // Nothing is sent; payments-core keeps the transaction as it stands (the reconciler finishes a pending one).
      this.logger.warn({ transactionId: transaction.id, refusal }, 'initiation not sent');
      return { kind: 'unknown', reason: 'network', detail: `not sent: ${refusal}` };
    }
    const connector = this.operators.connectorFor(transaction.network, transaction.mode);
    if (!connector) {
      return { kind: 'unavailable', retryAfterSeconds: 300, failureMessage: `${transaction.network} is not configured for ${transaction.mode} mode.` };
    }
    const { outcome, confirmed } = await connector.initiate(await this.work.subject(transaction));
    // A final answer at once travels in the reply only (payments-core applies it; the reconciler
    // asks again should the reply be lost).
    if (!confirmed || outcome.kind !== 'accepted') return outcome;
    const { status, failureCode, failureMessage, providerRef } = confirmed;
    return { ...outcome, confirmed: { status, failureCode, failureMessage, providerRef } };
  }
}

/**
 * The cash in the job carries (InitiateTransactionJob), pending as payments-core sent it, or null
 * when the job names its transaction only. A cash in that became final meanwhile is sent again at
 * worst, which the operator answers as a duplicate; the send window still counts from its creation.
 */
export function carriedCashIn(job: InitiateTransactionJob): SendableTransaction | null {
  const { transactionId, mode, network, amount, msisdn, description, reference, createdAtMs } = job;
  if (mode === undefined || network === undefined || amount === undefined || msisdn === undefined) return null;
  if (description === undefined || reference === undefined || createdAtMs === undefined) return null;
  return {
    id: transactionId,
    mode,
    network,
    direction: 'collect',
    amount,
    currency: 'RWF',
    msisdn,
    description,
    reference,
    reversesPaymentId: null,
    status: 'pending',
    createdAt: new Date(createdAtMs),
  };
}
