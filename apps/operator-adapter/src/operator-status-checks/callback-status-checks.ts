import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { JobIds } from '@momo/contracts';
import { TransactionEntity, traceOf } from '@momo/data';
import { JobProducer } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { OperatorStatusChecker } from './operator-status-checker';

/** How long shutdown waits for the checks under way (the reconciler asks about any it cuts short). */
const SHUTDOWN_WAIT_MS = 5_000;

/**
 * The status check a callback triggers, made at once in the process that took the callback,
 * instead of a trip through the status-check queue (one queue job fewer per cash-in).
 *
 * Nothing is lost this way: the callback is committed before the operator hears 200, the
 * transaction stays pending in Postgres until an operator's answer settles it, and the
 * reconciler asks about every pending transaction on its own schedule, whatever became of the
 * callback. A check that throws (Postgres or Redis briefly away) goes to the queue, whose retries
 * take over; so do checks beyond STATUS_CHECK_CONCURRENCY under way in this process.
 */
@Injectable()
export class CallbackStatusChecks implements OnApplicationShutdown {
  private readonly logger = new Logger(CallbackStatusChecks.name);
  private readonly underWay = new Set<Promise<void>>();

  constructor(
    private readonly checker: OperatorStatusChecker,
    private readonly producer: JobProducer,
    private readonly config: OperatorAdapterConfig,
  ) {}

  /** Starts the check about `transaction` (as just read) that callback `callbackId` asks for; resolves once it is under way or queued. */
  async start(transaction: TransactionEntity, callbackId: string): Promise<void> {
    const checkId = JobIds.statusCheck(transaction.id, `callback-${callbackId}`);
    if (this.underWay.size >= this.config.STATUS_CHECK_CONCURRENCY) return this.enqueue(transaction, checkId);
    const check = this.checker
      .check({ transactionId: transaction.id, reason: 'callback' }, checkId, transaction)
      .catch((error: unknown) => {
        this.logger.warn({ err: error, transactionId: transaction.id }, 'status check after a callback failed; queued for retries');
        return this.enqueue(transaction, checkId);
      })
      .catch((error: unknown) => {
        this.logger.warn({ err: error, transactionId: transaction.id }, 'status check after a callback could not be queued; the reconciler asks');
      })
      .finally(() => this.underWay.delete(check));
    this.underWay.add(check);
  }

  async onApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)));
    await Promise.race([Promise.allSettled([...this.underWay]), waited]);
    clearTimeout(timer);
  }

  private async enqueue(transaction: TransactionEntity, checkId: string): Promise<void> {
    await this.producer.add('check-transaction-status', { transactionId: transaction.id, reason: 'callback' }, { jobId: checkId, trace: traceOf(transaction) });
  }
}
