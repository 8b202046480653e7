import { Injectable, Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { OperatorResultJob } from '@momo/contracts';
import { ReconciliationExceptionsRepository, TransactionsRepository } from '@momo/data';
import { exceptionKindOf, isOwnDecision } from '@momo/domain';
import { metricsRegistry } from '@momo/platform';

const exceptionsRaised = new Counter({
  name: 'momo_reconciliation_exceptions_raised_total',
  help: 'Reconciliation exceptions opened (an operator contradicts a final status), by kind; each transaction and kind counts once.',
  labelNames: ['kind'],
  registers: [metricsRegistry],
});

/**
 * Makes contradictions durable. An operator result that could not be applied because the
 * transaction was already final is either a repeat (same status: nothing to do) or a
 * contradiction: the operator now says succeeded where we recorded failed (after our deadline,
 * say), or the reverse. Those are never applied; they become a reconciliation exception, one per
 * transaction and kind however often the operator repeats itself, for a human to settle
 * (docs/durability.md: `admin-cli exceptions`).
 */
@Injectable()
export class Contradictions {
  private readonly logger = new Logger(Contradictions.name);

  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly exceptions: ReconciliationExceptionsRepository,
  ) {}

  async noteUnapplied(result: OperatorResultJob): Promise<void> {
    // A failure we decided ourselves (deadline, no record) that lost a race is not the operator's
    // word: an operator-adapter of an earlier release reported those as results.
    if (result.status === 'failed' && isOwnDecision(result.failureCode)) return;
    const recorded = await this.transactions.findById(result.transactionId);
    if (!recorded || recorded.status === 'pending' || recorded.status === result.status) return;
    const opened = await this.exceptions.raise({
      transactionId: recorded.id,
      recordedStatus: recorded.status,
      reportedStatus: result.status,
      reportedFailureCode: result.failureCode,
      reportedProviderRef: result.providerRef,
      source: result.source,
    });
    if (!opened) return;
    const kind = exceptionKindOf(recorded.status);
    exceptionsRaised.inc({ kind });
    this.logger.error(
      { transactionId: recorded.id, kind, direction: recorded.direction, recorded: recorded.status, recordedFailureCode: recorded.failureCode, reported: result.status, source: result.source },
      'reconciliation exception: the operator contradicts a final status; kept as recorded, needs a human',
    );
  }
}
