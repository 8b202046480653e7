import { DELIVERY_HEADER, SIGNATURE_HEADER, verifySignature } from '@momo/contracts';
import { InvariantsRepository, ReconciliationExceptionsRepository } from '@momo/data';
import { deliveriesByEvent, OperatorSummary, operatorSummaries } from '@momo/testing';
import { ChaosSystem, DEADLINES } from './chaos-system';
import { InjectedFault, describe } from './faults';
import { Operation } from './load';
import { countRecoveries, Recoveries } from './recoveries';

interface OurTransaction {
  id: string;
  direction: 'collect' | 'payout';
  status: 'pending' | 'succeeded' | 'failed';
  failure_code: string | null;
  description: string;
  network: string;
}

/** Everything a run found wrong, by rule; empty lists everywhere means the run passed. */
export interface Problems {
  notFinal: string[];
  disagreeWithOperator: string[];
  movedMoreThanOnce: string[];
  operationsWithTwoTransactions: string[];
  acknowledgedButNotStored: string[];
  missingWebhooks: string[];
  badWebhookSignatures: string[];
  invariantViolations: string[];
  reconciliationExceptions: string[];
  /** Succeeded cash ins still unsettled after the last settlement run. */
  unsettledCashIns: string[];
  /** No settlement run completed while the load and the faults ran. */
  noSettlementDuringLoad: string[];
  unansweredOperations: string[];
  unexpectedExits: string[];
}

export interface ChaosReport {
  seed: number;
  loadSeconds: number;
  rate: number;
  operations: { total: number; byKind: Record<string, number>; answers: Record<string, number>; httpRequests: number };
  faults: { fault: string; at: number; downSeconds: number }[];
  transactions: { total: number; byOutcome: Record<string, number>; failureCodes: Record<string, number> };
  operator: { transactions: number; movements: number };
  webhooks: { finalStatuses: number; deliveriesReceived: number; distinctDeliveries: number };
  recoveries: Recoveries;
  settlement: SettlementSummary;
  settleSeconds: number;
  problems: Problems;
  passed: boolean;
}

/** Settlement runs during and after the load (docs/settlement.md). */
export interface SettlementSummary {
  runsCompleted: number;
  runsCompletedDuringLoad: number;
  /** Runs started more than once (resumed after a crash, or raced by a second start). */
  runsResumed: number;
  settlements: number;
  cashInsSettledByRuns: number;
  cashInsSettledByRefunds: number;
}

/** Succeeded cash ins not yet settled, as `<id> (<description>)`. */
export async function unsettledCashIns(system: ChaosSystem): Promise<string[]> {
  const rows: { id: string; description: string }[] = await system.withDatabase((ds) =>
    ds.query(`SELECT id, description FROM transactions WHERE direction = 'collect' AND status = 'succeeded' AND settled_at IS NULL ORDER BY completed_at`),
  );
  return rows.map((r) => `${r.id} (${r.description})`);
}

/** What the checks read from the system, once it has settled. */
export interface Observed {
  transactions: OurTransaction[];
  operator: Record<string, OperatorSummary>;
}

export async function observe(system: ChaosSystem): Promise<Observed> {
  const transactions = await system.withDatabase(
    (ds) => ds.query(`SELECT id, direction, status, failure_code, description, network FROM transactions ORDER BY created_at`) as Promise<OurTransaction[]>,
  );
  const operator = await operatorSummaries(
    system.stack.url('operator-simulator'),
    transactions.map((t) => t.id),
  );
  return { transactions, operator };
}

/** The final statuses the merchant's receiver was told about: `<event type>:<transaction id>`. */
export function announced(system: ChaosSystem): Set<string> {
  return new Set(deliveriesByEvent(system.receiver.received).keys());
}

export function eventOf(t: Pick<OurTransaction, 'id' | 'direction' | 'status'>): string {
  return `${t.direction === 'collect' ? 'payment' : 'payout'}.${t.status}:${t.id}`;
}

/**
 * The checks, after the load and the faults: every transaction final and in agreement with the
 * simulated operator's own books; no money moved twice; one transaction per merchant operation,
 * and every acknowledged one stored; every final status announced to the merchant (correctly
 * signed); the money invariants hold; no operator answer contradicted a final status.
 */
export async function verify(input: {
  system: ChaosSystem;
  observed: Observed;
  operations: Operation[];
  faults: InjectedFault[];
  unexpectedExits: { service: string; at: number }[];
  seed: number;
  loadSeconds: number;
  rate: number;
  settleSeconds: number;
  /** When the load ran (ms since the epoch). */
  loadWindow: { from: number; to: number };
}): Promise<ChaosReport> {
  const { system, observed, operations } = input;
  const { transactions, operator } = observed;
  const byId = new Map(transactions.map((t) => [t.id, t]));
  const seen = announced(system);
  const problems: Problems = {
    notFinal: [],
    disagreeWithOperator: [],
    movedMoreThanOnce: [],
    operationsWithTwoTransactions: [],
    acknowledgedButNotStored: [],
    missingWebhooks: [],
    badWebhookSignatures: [],
    invariantViolations: [],
    reconciliationExceptions: [],
    unsettledCashIns: await unsettledCashIns(system),
    noSettlementDuringLoad: [],
    unansweredOperations: [],
    unexpectedExits: input.unexpectedExits.map((e) => `${e.service} at ${e.at.toFixed(1)} s`),
  };

  for (const t of transactions) {
    const book = operator[t.id] ?? { status: null, records: 0, movements: 0 };
    const label = `${t.id} (${t.description}, ${t.direction} ${t.network}: ours ${t.status}${t.failure_code ? ` ${t.failure_code}` : ''}, operator ${book.status ?? 'never received'}, ${book.movements} movement(s))`;
    if (t.status === 'pending') problems.notFinal.push(label);
    if (book.movements > 1 || book.records > 1) problems.movedMoreThanOnce.push(label);
    const agrees =
      t.status === 'pending' ||
      (t.status === 'succeeded' ? book.status === 'SUCCESSFUL' && book.movements === 1 : book.status !== 'SUCCESSFUL' && book.movements === 0 && (book.status !== 'PENDING' || t.failure_code === 'DEADLINE_EXCEEDED'));
    if (!agrees) problems.disagreeWithOperator.push(label);
    if (t.status !== 'pending' && !seen.has(eventOf(t))) problems.missingWebhooks.push(label);
  }

  const perOperation = new Map<string, OurTransaction[]>();
  for (const t of transactions) perOperation.set(t.description, [...(perOperation.get(t.description) ?? []), t]);
  problems.operationsWithTwoTransactions = [...perOperation]
    .filter(([label, ts]) => label.startsWith('chaos-') && ts.length > 1)
    .map(([label, ts]) => `${label}: ${ts.length} transactions: ${ts.map((t) => `${t.id} (${t.direction} ${t.status}${t.failure_code ? ` ${t.failure_code}` : ''})`).join(', ')}`);

  for (const op of operations) {
    if (!op.answer || op.answer.status === 0) problems.unansweredOperations.push(`${op.label} (${op.kind}): ${op.answer?.code ?? 'no answer'}`);
    else if (op.answer.transactionId && op.answer.status < 500 && !byId.has(op.answer.transactionId)) {
      problems.acknowledgedButNotStored.push(`${op.label}: HTTP ${op.answer.status} named ${op.answer.transactionId}`);
    }
  }

  for (const request of system.receiver.received) {
    const verdict = verifySignature(String(request.headers[SIGNATURE_HEADER] ?? ''), request.rawBody, system.merchant.webhookSecret, { now: Math.floor(request.receivedAt / 1000) });
    if (!verdict.ok) problems.badWebhookSignatures.push(`delivery ${String(request.headers[DELIVERY_HEADER])}: ${verdict.reason}`);
  }

  await system.withDatabase(async (ds) => {
    const invariants = await new InvariantsRepository(ds).check({ deadlines: DEADLINES, deadlineGraceSeconds: 30, outboxBoundSeconds: 120, settlementGraceSeconds: 30, samples: 5 });
    problems.invariantViolations = invariants.filter((r) => r.violations > 0).map((r) => `${r.name}: ${r.violations} (${r.samples.join('; ')})`);
    const exceptions = await new ReconciliationExceptionsRepository(ds).list({ all: true, limit: 100 });
    problems.reconciliationExceptions = exceptions.map((x) => `${x.kind} ${x.transactionId} (${x.direction}: recorded ${x.recordedStatus} ${x.recordedFailureCode ?? ''}, operator says ${x.reportedStatus}, via ${x.source})`);
  });

  const settlement = await summariseSettlement(system, input.loadWindow);
  if (settlement.runsCompletedDuringLoad === 0) problems.noSettlementDuringLoad.push('no settlement run completed while the load ran');

  const count = <T>(items: T[], key: (item: T) => string) => items.reduce<Record<string, number>>((acc, item) => ({ ...acc, [key(item)]: (acc[key(item)] ?? 0) + 1 }), {});
  const finals = transactions.filter((t) => t.status !== 'pending');
  return {
    seed: input.seed,
    loadSeconds: input.loadSeconds,
    rate: input.rate,
    operations: {
      total: operations.length,
      byKind: count(operations, (op) => op.kind),
      answers: count(operations, (op) => `${op.answer?.status ?? 0}${op.answer?.code ? ` ${op.answer.code}` : ''}`),
      httpRequests: operations.reduce((sum, op) => sum + (op.answer?.requests ?? 0), 0),
    },
    faults: input.faults.map((f) => ({ fault: describe(f.fault), at: round(f.at), downSeconds: round(f.downSeconds) })),
    transactions: {
      total: transactions.length,
      byOutcome: count(transactions, (t) => `${t.direction} ${t.status}`),
      failureCodes: count(
        transactions.filter((t) => t.failure_code),
        (t) => t.failure_code!,
      ),
    },
    operator: {
      transactions: Object.values(operator).filter((b) => b.status !== null).length,
      movements: Object.values(operator).reduce((sum, b) => sum + b.movements, 0),
    },
    webhooks: {
      finalStatuses: finals.length,
      deliveriesReceived: system.receiver.received.length,
      distinctDeliveries: new Set(system.receiver.received.map((r) => String(r.headers[DELIVERY_HEADER]))).size,
    },
    recoveries: countRecoveries(system.logDirectory, flushedAt(input.faults, input.loadWindow.from)),
    settlement,
    settleSeconds: round(input.settleSeconds),
    problems,
    passed: Object.values(problems).every((list) => list.length === 0),
  };
}

/** When the Redis flush fault began (epoch ms): the dispatcher is killed first, then Redis is flushed. */
function flushedAt(faults: InjectedFault[], loadStartedAt: number): number | undefined {
  const flush = faults.find((f) => f.fault.kind === 'redis-flush');
  return flush && loadStartedAt + flush.at * 1000;
}

async function summariseSettlement(system: ChaosSystem, window: { from: number; to: number }): Promise<SettlementSummary> {
  return system.withDatabase(async (ds) => {
    const [runs] = await ds.query(
      `SELECT count(*) FILTER (WHERE completed_at IS NOT NULL)::int AS completed,
              count(*) FILTER (WHERE completed_at BETWEEN $1 AND $2)::int AS during,
              count(*) FILTER (WHERE attempts > 1)::int AS resumed
         FROM settlement_runs`,
      [new Date(window.from), new Date(window.to)],
    );
    const [cashIns] = await ds.query(
      `SELECT (SELECT count(*)::int FROM settlements) AS settlements,
              count(*) FILTER (WHERE settlement_id IS NOT NULL)::int AS by_runs,
              count(*) FILTER (WHERE settlement_id IS NULL)::int AS by_refunds
         FROM transactions WHERE direction = 'collect' AND settled_at IS NOT NULL`,
    );
    return {
      runsCompleted: runs.completed,
      runsCompletedDuringLoad: runs.during,
      runsResumed: runs.resumed,
      settlements: cashIns.settlements,
      cashInsSettledByRuns: cashIns.by_runs,
      cashInsSettledByRefunds: cashIns.by_refunds,
    };
  });
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The report as people read it. */
export function formatReport(r: ChaosReport): string {
  const pairs = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
  const kills = r.faults.filter((f) => f.fault.startsWith('kill'));
  const lines = [
    `chaos run (seed ${r.seed}): ${r.loadSeconds} s of load at ${r.rate} operations/s`,
    `  operations: ${r.operations.total} (${pairs(r.operations.byKind)}), ${r.operations.httpRequests} HTTP requests with retries`,
    `  answers: ${pairs(r.operations.answers)}`,
    `  faults: ${kills.length} kill -9 (${pairs(kills.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.fault.slice(8)]: (acc[f.fault.slice(8)] ?? 0) + 1 }), {}))}), ` +
      r.faults
        .filter((f) => !f.fault.startsWith('kill'))
        .map((f) => `${f.fault} at ${f.at} s`)
        .join(', '),
    `  transactions: ${r.transactions.total} (${pairs(r.transactions.byOutcome)})`,
    `  failure codes: ${pairs(r.transactions.failureCodes)}`,
    `  operator books: ${r.operator.transactions} transactions received, ${r.operator.movements} money movements`,
    `  webhooks: ${r.webhooks.finalStatuses} final statuses, ${r.webhooks.deliveriesReceived} deliveries received (${r.webhooks.distinctDeliveries} distinct)`,
    `  recoveries: ${pairs(r.recoveries as unknown as Record<string, number>)}`,
    `  settlement: ${pairs(r.settlement as unknown as Record<string, number>)}`,
    `  settled ${r.settleSeconds} s after the load stopped`,
  ];
  for (const [rule, items] of Object.entries(r.problems)) {
    lines.push(`  ${items.length === 0 ? 'ok    ' : 'FAILED'} ${rule}: ${items.length}`);
    for (const item of items.slice(0, 10)) lines.push(`           - ${item}`);
    if (items.length > 10) lines.push(`           … and ${items.length - 10} more`);
  }
  lines.push(r.passed ? 'PASSED' : 'FAILED');
  return lines.join('\n');
}
